import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { paymentOutcomeOf, paymentReturnMachine, REFRESH_AFTER_PAYMENT_MS } from '../../machines/payment-return.machine'
import { timerFakes } from '../model/paths'
import { testMachinePaths } from '../model/run'
import { machineModels } from '../model/catalogue'

describe('paymentOutcomeOf', () => {
  it.each([
    ['?success=true', 'success'],
    ['?canceled=true', 'canceled'],
    ['?success=false', 'none'],
    ['', 'none'],
    ['?success=true&canceled=true', 'success'],
  ])('%s → %s', (search, outcome) => expect(paymentOutcomeOf(search)).toBe(outcome))
})

beforeEach(() => vi.useFakeTimers(timerFakes))
afterEach(() => vi.useRealTimers())

testMachinePaths(
  'paymentReturn machine',
  paymentReturnMachine,
  machineModels.paymentReturn.options,
  {
    start: (plan) => {
      const effects = { notifyPaid: vi.fn(), notifyCanceled: vi.fn(), cleanUrl: vi.fn(), refreshSubscriptions: vi.fn() }
      const actor = createActor(paymentReturnMachine.provide({ actions: effects }), {
        input: { outcome: plan.initial.context.outcome },
      }).start()
      const outcome = plan.initial.context.outcome
      expect(effects.notifyPaid).toHaveBeenCalledTimes(outcome === 'success' ? 1 : 0)
      expect(effects.notifyCanceled).toHaveBeenCalledTimes(outcome === 'canceled' ? 1 : 0)
      expect(effects.cleanUrl).toHaveBeenCalledTimes(outcome === 'none' ? 0 : 1)
      return { actor, effects }
    },
    execute: ({ effects }) => {
      vi.advanceTimersByTime(REFRESH_AFTER_PAYMENT_MS - 1)
      expect(effects.refreshSubscriptions).not.toHaveBeenCalled()
      vi.advanceTimersByTime(1)
      expect(effects.refreshSubscriptions).toHaveBeenCalledOnce()
    },
    verify: ({ actor }, planned) => expect(actor.getSnapshot().value).toEqual(planned.value),
    stop: ({ actor }) => actor.stop(),
  },
)
