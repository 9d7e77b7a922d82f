import { expect, vi } from 'vitest'
import { createActor } from 'xstate'
import { type CheckoutEvent, checkoutMachine, MISSING_URL } from '../../machines/checkout.machine'
import { applyOutcome, controllablePromise, } from '../model/fake-actors'
import { testMachinePaths } from '../model/run'
import { machineModels } from '../model/catalogue'


testMachinePaths(
  'checkout machine',
  checkoutMachine,
  machineModels.checkout.options,
  {
    start: () => {
      const fakes = { loadPlan: controllablePromise<'pro' | 'free'>(), createCheckout: controllablePromise<{ url?: string | null }>() }
      const effects = { goToPayment: vi.fn(), notifyFailure: vi.fn() }
      const actor = createActor(
        checkoutMachine.provide({
          actors: { loadPlan: fakes.loadPlan.logic, createCheckout: fakes.createCheckout.logic },
          actions: { goToPayment: (_, p) => effects.goToPayment(p.url), notifyFailure: (_, p) => effects.notifyFailure(p.message) },
        }),
      ).start()
      return { actor, fakes, effects }
    },
    execute: async ({ actor, fakes, effects }, event) => {
      if (await applyOutcome(event, fakes)) {
        const e = event as unknown as { type: string; output?: { url?: string } }
        if (e.type === 'xstate.done.actor.createCheckout' && e.output?.url) expect(effects.goToPayment).toHaveBeenCalledWith(e.output.url)
        if (e.type === 'xstate.done.actor.createCheckout' && !e.output?.url) expect(effects.notifyFailure).toHaveBeenLastCalledWith(MISSING_URL)
        if (e.type === 'xstate.error.actor.createCheckout') expect(effects.notifyFailure).toHaveBeenLastCalledWith('Not signed in')
        return
      }
      actor.send(event as CheckoutEvent)
    },
    verify: ({ actor }, planned) => {
      const snapshot = actor.getSnapshot()
      expect(snapshot.value).toEqual(planned.value)
      // Busy (button disabled) exactly while waiting; it always ends, also on failure.
      expect(snapshot.hasTag('busy')).toBe(['checkingPlan', 'busy', 'redirecting'].includes(planned.value as string))
    },
    stop: ({ actor }) => actor.stop(),
  },
)
