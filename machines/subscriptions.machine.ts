import { assign, type EventObject, fromCallback, fromPromise, setup } from 'xstate'
import { currentPlan, PLAN_GIVING_STATUSES, type Plan } from '../supabase/functions/_shared/plans.ts'

export interface Subscription {
  id: string
  user_id: string
  /** A plan's id in the catalogue (`supabase/functions/_shared/plans.ts`). */
  product_name: string
  status: string
  current_period_end: string | null
  /** Cancelled by the customer: it ends with the paid period instead of renewing. */
  cancel_at_period_end?: boolean
  /** A payment owed waits for the customer to confirm it with their bank (3-D Secure). */
  payment_action_required?: boolean
  /** When the payment provider tries an owed payment again, if it does. */
  next_payment_attempt?: string | null
}

/** Only subscriptions that give their plan count (active, in a trial, or in a failed renewal's grace). */
export const activeOf = (subscriptions: readonly Subscription[]) =>
  subscriptions.filter((s) => (PLAN_GIVING_STATUSES as readonly string[]).includes(s.status))
/** The plan the user has: the highest of their active subscriptions, else the free one. */
export const planOf = (subscriptions: readonly Subscription[]): Plan => currentPlan(subscriptions)

/** While a change is expected (back from the payment provider), the rows are fetched this often… */
export const EXPECTED_CHANGE_POLL_MS = 10_000
/** …for this long, in case the live update of the change never arrives. */
export const EXPECTED_CHANGE_WINDOW_MS = 120_000

/** What the realtime watcher reports: a row changed, or how the channel stands. */
export type ChannelEvent =
  | { type: 'subscriptions.changed' }
  | { type: 'channel.joined' }
  | { type: 'channel.lost' }
  | { type: 'session.refreshed' }

/** What the page watcher reports: the tab shown again, the network back, a return from the portal. */
export type PageEvent = { type: 'page.visible' } | { type: 'network.online' } | { type: 'change.expected' }

export type SubscriptionsEvent = { type: 'user.refresh' } | ChannelEvent | PageEvent

/** Sent to the realtime watcher: leave the channel and join it afresh. */
export type WatcherCommand = { type: 'channel.rejoin' }

export interface SubscriptionsContext {
  userId: string
  subscriptions: Subscription[]
  failed: boolean
  /** Whether the expectation region is `expecting` (kept here for the poll's guard). */
  changeExpected: boolean
}

export const subscriptionsMachine = setup({
  types: {
    context: {} as SubscriptionsContext,
    events: {} as SubscriptionsEvent,
    input: {} as { userId: string },
  },
  actors: {
    fetchSubscriptions: fromPromise<Subscription[], { userId: string }>(async () => []),
    // Provided by the app: a realtime channel on the user's rows. It reports row changes and the
    // channel's joins and losses, and the session's token refreshes; it rejoins when told to.
    watchSubscriptions: fromCallback<WatcherCommand, { userId: string }>(() => () => {}),
    // Provided by the app: the tab becoming visible, the network coming back, and a return from
    // the payment provider's portal.
    watchPage: fromCallback<EventObject>(() => () => {}),
  },
  actions: {
    logFetchError: (_, _params: { error: unknown }) => {},
    // A plain action rather than `sendTo`, whose code every page would otherwise download.
    rejoinChannel: ({ self }) => self.getSnapshot().children.changes?.send({ type: 'channel.rejoin' } satisfies WatcherCommand),
  },
  guards: {
    isChangeExpected: ({ context }) => context.changeExpected,
  },
  delays: {
    expectedChangePoll: EXPECTED_CHANGE_POLL_MS,
    expectedChangeWindow: EXPECTED_CHANGE_WINDOW_MS,
  },
}).createMachine({
  id: 'subscriptions',
  description: "The signed-in user's subscriptions, kept current through realtime changes, and fetched again whenever they may have gone stale.",
  context: ({ input }) => ({ userId: input.userId, subscriptions: [], failed: false, changeExpected: false }),
  invoke: [
    { id: 'changes', src: 'watchSubscriptions', input: ({ context }) => ({ userId: context.userId }) },
    { id: 'page', src: 'watchPage' },
  ],
  type: 'parallel',
  states: {
    data: {
      description: 'The rows, as last fetched.',
      initial: 'loading',
      states: {
        loading: {
          description: 'Fetching the rows.',
          tags: 'loading',
          // Each event that may mean the rows shown are stale starts a fetch that begins after it.
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
            'channel.joined': { target: 'loading', reenter: true, description: 'The channel joined meanwhile: fetch again, so nothing before the join is missed.' },
            'page.visible': { target: 'loading', reenter: true, description: 'The tab was shown meanwhile: fetch again.' },
            'network.online': { target: 'loading', reenter: true, description: 'The network came back meanwhile: fetch again.' },
          },
        },
        ready: {
          description: 'The list shows.',
          on: {
            'user.refresh': { target: 'loading', description: 'The refresh button is pressed.' },
            'subscriptions.changed': { target: 'loading', description: 'A row was inserted, updated or deleted.' },
            'channel.joined': { target: 'loading', description: 'The channel (re)joined: changes made while it was away were not sent.' },
            'page.visible': { target: 'loading', description: 'The tab is shown again: it may have missed changes while hidden or asleep.' },
            'network.online': { target: 'loading', description: 'The network is back: changes made while offline were not received.' },
            'change.expected': { target: 'loading', description: 'Back from the payment provider: fetch now, and again while the change is expected.' },
          },
          after: {
            expectedChangePoll: {
              guard: 'isChangeExpected',
              target: 'loading',
              description: 'A change is expected and has not shown yet: fetch again.',
            },
          },
        },
      },
    },
    channel: {
      description: "The realtime channel on the user's rows.",
      initial: 'joining',
      states: {
        joining: {
          description: 'Joining the channel.',
          on: {
            'channel.joined': { target: 'joined', description: 'Joined: changes arrive live.' },
            'channel.lost': { target: 'lost', description: 'The join failed or timed out.' },
          },
        },
        joined: {
          description: 'Changes arrive live.',
          on: { 'channel.lost': { target: 'lost', description: 'The channel closed or failed (a dropped socket, an expired token).' } },
        },
        lost: {
          description: 'No changes arrive until the channel joins again.',
          on: {
            'channel.joined': { target: 'joined', description: 'The realtime client rejoined by itself (the socket is back).' },
            'session.refreshed': {
              target: 'joining',
              actions: 'rejoinChannel',
              description: 'A fresh token: join the channel again with it.',
            },
          },
        },
      },
    },
    expectation: {
      description: 'Whether a change made at the payment provider is still on its way.',
      initial: 'idle',
      states: {
        idle: {
          description: 'No change expected.',
          on: { 'change.expected': { target: 'expecting', description: 'Back from the checkout or the portal.' } },
        },
        expecting: {
          entry: assign({ changeExpected: true }),
          exit: assign({ changeExpected: false }),
          description: 'The rows are fetched again now and then, in case the live update never comes.',
          on: { 'change.expected': { target: 'expecting', reenter: true, description: 'Back again: the wait starts over.' } },
          after: { expectedChangeWindow: { target: 'idle', description: 'Long enough: the live updates suffice again.' } },
        },
      },
    },
  },
})
