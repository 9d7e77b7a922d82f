import { expect } from 'vitest'
import { createActor } from 'xstate'
import { disclosureMachine } from '../../machines/disclosure.machine'
import { testMachinePaths } from '../model/run'

testMachinePaths(
  'disclosure machine',
  disclosureMachine,
  { events: [{ type: 'trigger.click' }] },
  {
    start: () => createActor(disclosureMachine).start(),
    execute: (actor, event) => actor.send(event as { type: 'trigger.click' }),
    verify: (actor, planned) => expect(actor.getSnapshot().value).toEqual(planned.value),
    stop: (actor) => actor.stop(),
  },
)
