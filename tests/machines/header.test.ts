import { expect } from 'vitest'
import { createActor, fromCallback } from 'xstate'
import { COMPACT_AFTER_PX, type HeaderEvent, headerMachine } from '../../machines/header.machine'
import { connectHeader } from '../../src/features/header/connect'
import { testMachinePaths } from '../model/run'

// Scroll positions either side of the threshold, and the threshold itself (still expanded).
const events: HeaderEvent[] = [0, COMPACT_AFTER_PX, COMPACT_AFTER_PX + 1, 400].map((y) => ({ type: 'scroll.changed', y }))

const quietScroll = fromCallback<HeaderEvent>(() => () => {})

testMachinePaths(
  'header machine',
  headerMachine,
  { events, simple: true },
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
