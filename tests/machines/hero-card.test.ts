import { afterEach, beforeEach, expect, vi } from 'vitest'
import { createActor, fromCallback } from 'xstate'
import { HERO_STEP_MS, type HeroCardEvent, heroCardMachine } from '../../machines/hero-card.machine'
import type { MotionEvent } from '../../machines/motion'
import { connectHeroCard } from '../../src/features/landing/hero-card/connect'
import { delayOf } from '../model/paths'
import { heroCardEvents, heroCardLabel } from './hero-card.model'
import { testMachinePaths } from '../model/run'

// The motion preference arrives as events; here the test sends them itself.
const quietMotion = fromCallback<MotionEvent>(() => () => {})
const logic = heroCardMachine.provide({ actors: { watchMotion: quietMotion } })

const labels = { pause: 'Pause', play: 'Play' }

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

testMachinePaths(
  'heroCard machine',
  heroCardMachine,
  { events: heroCardEvents, simple: true, label: heroCardLabel },
  {
    start: () => createActor(logic).start(),
    execute: (actor, event) => {
      const delay = delayOf(event)
      if (delay !== undefined) {
        // Just short of the delay nothing changes; at the delay the next step shows.
        const before = actor.getSnapshot().context.step
        vi.advanceTimersByTime(delay - 1)
        expect(actor.getSnapshot().context.step).toBe(before)
        vi.advanceTimersByTime(1)
      } else actor.send(event as HeroCardEvent)
    },
    verify: (actor, planned) => {
      const snapshot = actor.getSnapshot()
      expect(snapshot.value).toEqual(planned.value)
      expect(snapshot.context.step).toBe(planned.context.step)
      const api = connectHeroCard(snapshot, () => {}, labels)
      expect(api.rootProps['data-state']).toBe(planned.value)
      expect(api.stepProps(planned.context.step)['data-state']).toBe('active')
      expect(api.controlProps.hidden).toBe(!(planned.value === 'playing' || planned.value === 'paused'))
      // A still card runs no timer: a long wait changes nothing.
      if (planned.value !== 'playing') {
        vi.advanceTimersByTime(HERO_STEP_MS * 3)
        expect(actor.getSnapshot().value).toEqual(planned.value)
        expect(actor.getSnapshot().context.step).toBe(planned.context.step)
      }
    },
    stop: (actor) => actor.stop(),
  },
)
