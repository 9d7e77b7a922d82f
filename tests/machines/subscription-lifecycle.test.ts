import { describe, expect, it, vi } from 'vitest'
import { createActor, createMachine, type EventObject } from 'xstate'
import {
  followStanding,
  type Standing,
  STANDINGS,
  type SubscriptionLifecycleEvent,
  standingOf,
  subscriptionLifecycleMachine,
} from '../../machines/subscription-lifecycle.machine'
import { connectLifecycle } from '../../src/features/dashboard/connect'
import { machineModels } from '../model/catalogue'
import { applyOutcome, controllableCallback, controllablePromise } from '../model/fake-actors'
import { testMachinePaths } from '../model/run'

describe('standingOf', () => {
  it.each([
    [[], 'free'],
    [[{ status: 'active' }], 'renewing'],
    [[{ status: 'trialing', cancel_at_period_end: true }], 'ending'],
    [[{ status: 'past_due' }], 'paymentFailed'],
    [[{ status: 'past_due', payment_action_required: true }], 'actionRequired'],
    [[{ status: 'incomplete', payment_action_required: true }], 'actionRequired'],
    [[{ status: 'incomplete' }], 'unpaid'],
    [[{ status: 'unpaid' }], 'unpaid'],
    [[{ status: 'canceled' }], 'ended'],
    [[{ status: 'incomplete_expired' }], 'ended'],
    // A payment owed comes first, whatever else runs or ended.
    [[{ status: 'canceled' }, { status: 'active' }, { status: 'unpaid' }], 'unpaid'],
    [[{ status: 'canceled' }, { status: 'active', cancel_at_period_end: true }], 'ending'],
  ] as const)('%j → %s', (rows, standing) => expect(standingOf(rows)).toBe(standing))
})

describe('followStanding', () => {
  it('reports each change of the standing of the actor’s rows, once, and stops with the lifecycle', () => {
    let rows: Array<{ status: string }> = [{ status: 'active' }]
    const listeners = new Set<(snapshot: unknown) => void>()
    const ref = {
      getSnapshot: () => ({ context: { subscriptions: rows } }),
      subscribe: (listener: (snapshot: unknown) => void) => {
        listeners.add(listener)
        return { unsubscribe: () => listeners.delete(listener) }
      },
    }
    const heard: EventObject[] = []
    const parent = createActor(
      createMachine({
        invoke: { src: followStanding, input: { subscriptions: ref as never, standing: 'free' } },
        on: { '*': { actions: ({ event }) => heard.push(event) } },
      }),
    ).start()
    // The rows already say more than the input did.
    expect(heard).toEqual([{ type: 'standing.changed', standing: 'renewing' }])
    const change = (next: Array<{ status: string }>) => {
      rows = next
      for (const listener of listeners) listener(ref.getSnapshot())
    }
    change([{ status: 'active' }])
    change([{ status: 'past_due' }])
    change([{ status: 'past_due' }])
    change([{ status: 'unpaid' }])
    expect(heard.map((e) => (e as { standing?: string }).standing)).toEqual(['renewing', 'paymentFailed', 'unpaid'])
    parent.stop()
    expect(listeners.size).toBe(0)
  })
})

const owed = (standing: Standing) => ['paymentFailed', 'actionRequired', 'unpaid'].includes(standing)

testMachinePaths('subscriptionLifecycle machine', subscriptionLifecycleMachine, machineModels.subscriptionLifecycle.options, {
  start: () => {
    const fakes = {
      openPortal: controllablePromise<{ url?: string | null }>(),
      fixPayment: controllablePromise<{ url?: string | null }>(),
      follow: controllableCallback<SubscriptionLifecycleEvent>(),
    }
    const effects = { goToPortal: vi.fn(), goToPayment: vi.fn(), notifyFailure: vi.fn() }
    const actor = createActor(
      subscriptionLifecycleMachine.provide({
        actors: { openPortal: fakes.openPortal.logic, fixPayment: fakes.fixPayment.logic, followStanding: fakes.follow.logic as never },
        actions: {
          goToPortal: (_, { url }) => effects.goToPortal(url),
          goToPayment: (_, { url }) => effects.goToPayment(url),
          notifyFailure: (_, { message }) => effects.notifyFailure(message),
        },
      }),
      { input: { standing: 'free' } },
    ).start()
    return { actor, fakes, effects }
  },
  execute: async ({ actor, fakes, effects }, event) => {
    const e = event as { type: string; output?: { url?: string }; error?: { message: string } }
    if (await applyOutcome(event, { openPortal: fakes.openPortal, fixPayment: fakes.fixPayment })) {
      const go = e.type.endsWith('openPortal') ? effects.goToPortal : effects.goToPayment
      // A link: the browser leaves for it. None, or a failure: a toast (with the server's words).
      if (e.output?.url) expect(go).toHaveBeenLastCalledWith(e.output.url)
      else expect(effects.notifyFailure).toHaveBeenLastCalledWith(e.error?.message ?? null)
      return
    }
    if (e.type === 'standing.changed') fakes.follow.emit(event as SubscriptionLifecycleEvent)
    else actor.send(event as SubscriptionLifecycleEvent)
  },
  verify: ({ actor }, planned) => {
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toEqual(planned.value)
    expect(snapshot.context.standing).toBe(planned.context.standing)
    expect(snapshot.context.error).toBe(planned.context.error)
    const api = connectLifecycle(snapshot)
    const standing = planned.context.standing as Standing
    // Busy exactly while a provider's page is on its way (the button then does nothing more).
    expect(api.busy).toBe(['opening', 'fixing', 'redirecting'].includes(planned.value as string))
    // Never a checkout while a payment is owed; otherwise one (with no subscription, after the end,
    // or of a plan above the one that runs).
    expect(api.offersCheckout).toBe(!api.busy && !owed(standing))
    expect(api.owed).toBe(owed(standing))
    expect(api.event?.type ?? null).toBe(
      { renewing: 'portal.open', ending: 'portal.open', paymentFailed: 'payment.fix', actionRequired: 'payment.fix', unpaid: 'payment.fix', free: null, ended: null }[standing],
    )
  },
  stop: ({ actor }) => actor.stop(),
})

it('every standing has a state of its own', () => {
  expect(STANDINGS.every((standing) => standing in subscriptionLifecycleMachine.root.states.showing!.states)).toBe(true)
})
