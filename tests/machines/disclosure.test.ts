import { expect } from 'vitest'
import { createActor } from 'xstate'
import { disclosureMachine } from '../../machines/disclosure.machine'
import { testMachinePaths } from '../model/run'
import { machineModels } from '../model/catalogue'

testMachinePaths(
  'disclosure machine',
  disclosureMachine,
  machineModels.disclosure.options,
  {
    start: () => createActor(disclosureMachine).start(),
    execute: (actor, event) => actor.send(event as { type: 'trigger.click' }),
    verify: (actor, planned) => expect(actor.getSnapshot().value).toEqual(planned.value),
    stop: (actor) => actor.stop(),
  },
)
