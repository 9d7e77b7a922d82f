import { assign, fromCallback, fromPromise, setup } from 'xstate'
import { currentPlan, ENTITLING_STATUSES, type Plan } from '../supabase/functions/_shared/plans.ts'

export interface Subscription {
  id: string
  user_id: string
  /** A plan's id in the catalogue (`supabase/functions/_shared/plans.ts`). */
  product_name: string
  status: string
  current_period_end: string | null
  /** Cancelled by the customer: it ends with the paid period instead of renewing. */
  cancel_at_period_end?: boolean
}

/** Only subscriptions that give their plan count (active, or in a trial). */
export const activeOf = (subscriptions: readonly Subscription[]) =>
  subscriptions.filter((s) => (ENTITLING_STATUSES as readonly string[]).includes(s.status))
/** The plan the user has: the highest of their active subscriptions, else the free one. */
export const planOf = (subscriptions: readonly Subscription[]): Plan => currentPlan(subscriptions)

export type SubscriptionsEvent = { type: 'user.refresh' } | { type: 'subscriptions.changed' }

export interface SubscriptionsContext {
  userId: string
  subscriptions: Subscription[]
  failed: boolean
}

export const subscriptionsMachine = setup({
  types: {
    context: {} as SubscriptionsContext,
    events: {} as SubscriptionsEvent,
    input: {} as { userId: string },
  },
  actors: {
    fetchSubscriptions: fromPromise<Subscription[], { userId: string }>(async () => []),
    // Provided by the app: a realtime channel on the user's rows; any change sends `subscriptions.changed`.
    watchSubscriptions: fromCallback<SubscriptionsEvent, { userId: string }>(() => () => {}),
  },
  actions: {
    logFetchError: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'subscriptions',
  description: "The signed-in user's subscriptions, kept current through realtime changes.",
  context: ({ input }) => ({ userId: input.userId, subscriptions: [], failed: false }),
  invoke: { id: 'changes', src: 'watchSubscriptions', input: ({ context }) => ({ userId: context.userId }) },
  initial: 'loading',
  states: {
    loading: {
      description: 'Fetching the rows.',
      tags: 'loading',
      invoke: {
        id: 'fetchSubscriptions',
        src: 'fetchSubscriptions',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: {
          target: 'ready',
          actions: assign({ subscriptions: ({ event }) => event.output, failed: false }),
          description: 'The rows arrived.',
        },
        onError: {
          target: 'ready',
          actions: [
            { type: 'logFetchError', params: ({ event }) => ({ error: event.error }) },
            assign({ subscriptions: [], failed: true }),
          ],
          description: 'The fetch failed: logged, the list cleared.',
        },
      },
      on: {
        'subscriptions.changed': { target: 'loading', reenter: true, description: 'A row changed meanwhile: fetch again.' },
      },
    },
    ready: {
      description: 'The list shows.',
      on: {
        'user.refresh': { target: 'loading', description: 'The refresh button is pressed.' },
        'subscriptions.changed': { target: 'loading', description: 'A row was inserted, updated or deleted.' },
      },
    },
  },
})
