import { expect, vi } from 'vitest'
import { createActor } from 'xstate'
import { type CheckoutEvent, type CheckoutInput, checkoutMachine, MISSING_URL } from '../../machines/checkout.machine'
import { PAYMENT_OWED, type Plan } from '../../supabase/functions/_shared/plans'
import { applyOutcome, controllablePromise, outcome } from '../model/fake-actors'
import type { PathOptions } from '../model/paths'
import { testMachinePaths } from '../model/run'
import { machineModels } from '../model/catalogue'


/** Walks the checkout's paths buying `input.plan`; `loadPlan` answers with the user's plan id. */
function walkCheckout(name: string, input: CheckoutInput, options: PathOptions) {
  testMachinePaths(name, checkoutMachine, options, {
    start: () => {
      const fakes = { loadPlan: controllablePromise<string>(), createCheckout: controllablePromise<{ url?: string | null }, { plan: string }>() }
      const effects = { goToPayment: vi.fn(), notifyFailure: vi.fn() }
      const actor = createActor(
        checkoutMachine.provide({
          actors: { loadPlan: fakes.loadPlan.logic, createCheckout: fakes.createCheckout.logic },
          actions: { goToPayment: (_, p) => effects.goToPayment(p.url), notifyFailure: (_, p) => effects.notifyFailure(p.message) },
        }),
        { input },
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
      // The checkout is asked for the plan being bought.
      if (actor.getSnapshot().matches('busy')) expect(fakes.createCheckout.runs.at(-1)?.input).toEqual({ plan: input.plan })
    },
    verify: ({ actor }, planned) => {
      const snapshot = actor.getSnapshot()
      expect(snapshot.value).toEqual(planned.value)
      // Busy (button disabled) exactly while waiting; it always ends, also on failure.
      expect(snapshot.hasTag('busy')).toBe(['checkingPlan', 'busy', 'redirecting'].includes(planned.value as string))
    },
    stop: ({ actor }) => actor.stop(),
  })
}

walkCheckout('checkout machine', { plan: 'pro' }, machineModels.checkout.options)

// Plans are data: a catalogue with a second paid plan above Pro runs the same paths. A Pro
// customer may buy Team; a Team customer has nothing more to buy.
const withTeam: Plan[] = [
  { id: 'free', name: 'Free', rank: 0, priceNok: 0, stripePriceEnv: null, benefits: [] },
  { id: 'pro', name: 'Pro', rank: 1, priceNok: 2499, stripePriceEnv: 'STRIPE_PRICE_PRO', benefits: [] },
  { id: 'team', name: 'Team', rank: 2, priceNok: 7999, stripePriceEnv: 'STRIPE_PRICE_TEAM', benefits: [] },
]
const team: CheckoutInput = { plan: 'team', catalogue: withTeam }
walkCheckout('checkout machine with a Team plan', team, {
  ...machineModels.checkout.options,
  input: team,
  events: [
    outcome.done('loadPlan', 'pro'),
    outcome.done('loadPlan', 'team'),
    outcome.done('loadPlan', PAYMENT_OWED),
    ...machineModels.checkout.options.events.filter((event) => !event.type.endsWith('.loadPlan') || event.type.startsWith('xstate.error')),
  ],
})
