import { expect } from 'vitest'
import { createActor, fromCallback } from 'xstate'
import { type HeaderEvent, headerMachine } from '../../machines/header.machine'
import { connectHeader } from '../../src/features/header/connect'
import { testMachinePaths } from '../model/run'
import { machineModels } from '../model/catalogue'

// Scroll positions either side of the threshold, and the threshold itself (still expanded).

const quietScroll = fromCallback<HeaderEvent>(() => () => {})

testMachinePaths(
  'header machine',
  headerMachine,
  machineModels.header.options,
  {
    start: () => createActor(headerMachine.provide({ actors: { trackScroll: quietScroll } })).start(),
    execute: (actor, event) => actor.send(event as HeaderEvent),
    verify: (actor, planned) => {
      const snapshot = actor.getSnapshot()
      expect(snapshot.value).toEqual(planned.value)
      expect(connectHeader(snapshot).rootProps['data-state']).toBe(planned.value)
    },
    stop: (actor) => actor.stop(),
  },
)
