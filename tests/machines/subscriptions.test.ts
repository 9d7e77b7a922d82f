import { describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback } from 'xstate'
import { planOf, type Subscription, type SubscriptionsEvent, subscriptionsMachine } from '../../machines/subscriptions.machine'
import { applyOutcome, controllablePromise, } from '../model/fake-actors'
import { testMachinePaths } from '../model/run'
import { machineModels } from '../model/catalogue'

const row = (product_name: string, status: string): Subscription => ({
  id: `${product_name}-${status}`,
  user_id: 'u1',
  product_name,
  status,
  current_period_end: '2026-12-22T00:00:00Z',
})

describe('planOf', () => {
  it.each([
    [[], 'free'],
    [[row('free', 'active')], 'free'],
    [[row('pro', 'active')], 'pro'],
    [[row('pro', 'canceled'), row('pro', 'past_due')], 'free'],
    [[row('free', 'active'), row('pro', 'active')], 'pro'],
    [[row('pro', 'trialing')], 'pro'],
    [[row('gold', 'active')], 'free'],
  ] as const)('%j → %s', (rows, plan) => expect(planOf(rows as readonly Subscription[]).id).toBe(plan))
})


testMachinePaths(
  'subscriptions machine',
  subscriptionsMachine,
  machineModels.subscriptions.options,
  {
    start: () => {
      const fakes = { fetchSubscriptions: controllablePromise<Subscription[], { userId: string }>() }
      const logFetchError = vi.fn()
      const watch = vi.fn()
      const actor = createActor(
        subscriptionsMachine.provide({
          actors: {
            fetchSubscriptions: fakes.fetchSubscriptions.logic,
            watchSubscriptions: fromCallback<SubscriptionsEvent, { userId: string }>(({ input }) => {
              watch(input.userId)
              return () => watch('removed')
            }),
          },
          actions: { logFetchError: (_, p) => logFetchError(p.error) },
        }),
        { input: { userId: 'u1' } },
      ).start()
      expect(watch).toHaveBeenCalledWith('u1')
      expect(fakes.fetchSubscriptions.runs[0]?.input).toEqual({ userId: 'u1' })
      return { actor, fakes, logFetchError, watch }
    },
    execute: async ({ actor, fakes, logFetchError }, event) => {
      if (await applyOutcome(event, fakes)) {
        if (event.type.startsWith('xstate.error')) expect(logFetchError).toHaveBeenCalled()
        return
      }
      const runs = fakes.fetchSubscriptions.runs.length
      actor.send(event as SubscriptionsEvent)
      // A refresh or a realtime change always fetches again.
      expect(fakes.fetchSubscriptions.runs.length).toBe(runs + 1)
    },
    verify: ({ actor }, planned) => {
      const snapshot = actor.getSnapshot()
      expect(snapshot.value).toEqual(planned.value)
      expect(snapshot.context.subscriptions).toEqual(planned.context.subscriptions)
      expect(snapshot.context.failed).toBe(planned.context.failed)
    },
    stop: ({ actor, watch }) => {
      actor.stop()
      // The realtime channel is removed with the actor.
      expect(watch).toHaveBeenLastCalledWith('removed')
    },
  },
)
