import { afterEach, beforeEach, expect, vi } from 'vitest'
import { createActor, fromCallback } from 'xstate'
import {
  type HowItWorksEvent,
  howItWorksMachine,
  progressOf,
  STEP_MS,
} from '../../machines/how-it-works.machine'
import type { MotionEvent } from '../../machines/motion'
import { connectHowItWorks } from '../../src/features/landing/how-it-works/connect'
import { delayOf } from '../model/paths'
import { howItWorksEvents, howItWorksLabel } from './how-it-works.model'
import { testMachinePaths } from '../model/run'

const quietMotion = fromCallback<MotionEvent>(() => () => {})
const logic = howItWorksMachine.provide({ actors: { watchMotion: quietMotion } })

const labels = { progress: 'Progress', progressValue: (step: number, total: number) => `Step ${step} of ${total}` }

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

testMachinePaths(
  'howItWorks machine',
  howItWorksMachine,
  { events: howItWorksEvents, label: howItWorksLabel },
  {
    start: () => createActor(logic).start(),
    execute: (actor, event) => {
      const delay = delayOf(event)
      if (delay !== undefined) {
        const before = actor.getSnapshot().context.active
        vi.advanceTimersByTime(delay - 1)
        expect(actor.getSnapshot().context.active).toBe(before)
        vi.advanceTimersByTime(1)
      } else actor.send(event as HowItWorksEvent)
    },
    verify: (actor, planned) => {
      const snapshot = actor.getSnapshot()
      expect(snapshot.value).toEqual(planned.value)
      expect(snapshot.context).toEqual(planned.context)
      const api = connectHowItWorks(snapshot, () => {}, labels)
      const active = planned.context.active as number
      expect(api.triggerProps(active)['aria-current']).toBe('step')
      expect(api.progressProps['aria-valuenow']).toBe(active + 1)
      expect(api.progressFillProps.style.width).toBe(`${progressOf(active) * 100}%`)
      // Only the running state advances on its own.
      if (planned.value !== 'running') {
        vi.advanceTimersByTime(STEP_MS * 2)
        expect(actor.getSnapshot().context.active).toBe(active)
      }
    },
    stop: (actor) => actor.stop(),
  },
)
