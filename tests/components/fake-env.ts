import { act } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { vi } from 'vitest'
import { fromCallback } from 'xstate'

type MotionEvent = { type: 'motion.reduced' } | { type: 'motion.allowed' }

/** A stand-in for the motion-preference watcher: silent until the test reports a preference. */
export function fakeMotion() {
  let report: ((event: MotionEvent) => void) | undefined
  return {
    actor: fromCallback<MotionEvent>(({ sendBack }) => {
      report = sendBack
      return () => {
        report = undefined
      }
    }),
    /** The user's motion preference is known or changes. */
    send: (event: MotionEvent) =>
      act(() => {
        if (!report) throw new Error('the motion watcher is not running')
        report(event)
      }),
  }
}

/**
 * Fake timers for component tests. Testing Library only flushes its own zero-delay waits under
 * fake timers when it finds a `jest` global, so one is provided that drives Vitest's clock.
 */
export function startFakeClock() {
  vi.useFakeTimers()
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) })
  return userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
}

export function stopFakeClock() {
  vi.unstubAllGlobals()
  vi.useRealTimers()
}
