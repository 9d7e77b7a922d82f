import { type AnyActorRef, assign, type EventObject, fromCallback, fromPromise, setup } from 'xstate'
import { OWING_STATUSES } from '../supabase/functions/_shared/plans.ts'

/** Where a customer stands with their subscription, as the dashboard shows it:
 * - `free`: never subscribed (a checkout is offered);
 * - `renewing`: paid up, renews at the period's end;
 * - `ending`: paid up, cancelled: it ends with the period (and can be resumed);
 * - `paymentFailed`: a renewal's payment failed and the provider retries it; Pro is kept meanwhile
 *   (the retry window is the grace period);
 * - `actionRequired`: the customer's bank wants them to confirm the payment (3-D Secure);
 * - `unpaid`: the retries ran out (or a first payment never went through): Pro is locked, the data
 *   and its export stay;
 * - `ended`: the subscription was cancelled and has ended (a new checkout is offered).
 * While a payment is owed no checkout is offered (not even of a plan above): the payment is fixed
 * instead. */
export type Standing = 'free' | 'renewing' | 'ending' | 'paymentFailed' | 'actionRequired' | 'unpaid' | 'ended'

export const STANDINGS: readonly Standing[] = ['free', 'renewing', 'ending', 'paymentFailed', 'actionRequired', 'unpaid', 'ended']

/** What the lifecycle reads of a subscription row. */
export interface StandingRow {
  status: string
  cancel_at_period_end?: boolean
  payment_action_required?: boolean
}

/** The customer's standing from their rows: a payment owed comes first (it must be fixed before
 * anything else), then a subscription that runs, then one that has ended. */
export function standingOf(rows: readonly StandingRow[]): Standing {
  const owing = rows.find((row) => (OWING_STATUSES as readonly string[]).includes(row.status))
  if (owing) {
    if (owing.payment_action_required) return 'actionRequired'
    return owing.status === 'past_due' ? 'paymentFailed' : 'unpaid'
  }
  const running = rows.find((row) => row.status === 'active' || row.status === 'trialing')
  if (running) return running.cancel_at_period_end ? 'ending' : 'renewing'
  return rows.some((row) => row.status === 'canceled' || row.status === 'incomplete_expired') ? 'ended' : 'free'
}

export type SubscriptionLifecycleEvent =
  | { type: 'standing.changed'; standing: Standing }
  | { type: 'portal.open' }
  | { type: 'payment.fix' }

export interface SubscriptionLifecycleInput {
  /** The standing when the dashboard shows it first. */
  standing: Standing
  /** The dashboard's subscriptions actor, whose rows the lifecycle follows (live). */
  subscriptions?: AnyActorRef
}

export interface SubscriptionLifecycleContext extends SubscriptionLifecycleInput {
  error: string | null
}

/** The error noted when the server answered without a link. */
export const NO_LINK = 'No link returned'

const messageOf = (error: unknown) => (error as { message?: string } | null)?.message ?? null

/** Follows the subscriptions actor's rows: each change of the standing is reported. Pure: it only
 * subscribes to the actor it is given. */
export const followStanding = fromCallback<EventObject, { subscriptions?: AnyActorRef; standing: Standing }>(({ input, sendBack }) => {
  const ref = input.subscriptions
  if (!ref) return () => {}
  let last = input.standing
  const report = (snapshot: { context?: { subscriptions?: StandingRow[] } }) => {
    const standing = standingOf(snapshot.context?.subscriptions ?? [])
    if (standing === last) return
    last = standing
    sendBack({ type: 'standing.changed', standing } satisfies SubscriptionLifecycleEvent)
  }
  report(ref.getSnapshot())
  const subscription = ref.subscribe(report)
  return () => subscription.unsubscribe()
})

export const subscriptionLifecycleMachine = setup({
  types: {
    context: {} as SubscriptionLifecycleContext,
    events: {} as SubscriptionLifecycleEvent,
    input: {} as SubscriptionLifecycleInput,
  },
  actors: {
    // Provided by the app: a link to the payment provider's customer portal (manage, resume).
    openPortal: fromPromise<{ url?: string | null }>(async () => ({})),
    // Provided by the app: the one page that fixes an owed payment (the portal's card update, or
    // the invoice's page where the bank's question is answered).
    fixPayment: fromPromise<{ url?: string | null }>(async () => ({})),
    followStanding,
  },
  actions: {
    // Provided by the app.
    goToPortal: (_, _params: { url: string }) => {},
    goToPayment: (_, _params: { url: string }) => {},
    notifyFailure: (_, _params: { message: string | null }) => {},
    rememberStanding: assign({
      standing: ({ context, event }) => (event.type === 'standing.changed' ? event.standing : context.standing),
      error: null,
    }),
    clearError: assign({ error: null }),
    // The server answered without a link.
    noteNoLink: assign({ error: NO_LINK }),
    // The request failed: its message.
    noteFailure: assign({ error: ({ event }) => messageOf((event as { error?: unknown }).error) ?? NO_LINK }),
  },
  guards: {
    isStanding: ({ context }, params: { standing: Standing }) => context.standing === params.standing,
    hasUrl: ({ event }) => Boolean((event as { output?: { url?: string | null } }).output?.url),
  },
}).createMachine({
  id: 'subscriptionLifecycle',
  description:
    "A customer's subscription over the years, as the dashboard shows it: renewing, ending, a failed payment retried (Pro kept), the bank's question (3-D Secure), unpaid (Pro locked), ended; never a second checkout while a payment is owed.",
  context: ({ input }) => ({ standing: input.standing, subscriptions: input.subscriptions, error: null }),
  invoke: { id: 'standing', src: 'followStanding', input: ({ context }) => ({ subscriptions: context.subscriptions, standing: context.standing }) },
  initial: 'showing',
  states: {
    showing: {
      description: 'The subscription as it stands, and the one action it offers.',
      initial: 'reading',
      on: {
        'standing.changed': { target: '.reading', actions: 'rememberStanding', description: 'The rows changed (live): the dashboard follows.' },
      },
      states: {
        reading: {
          description: 'Reading how the subscription stands.',
          always: [
            { guard: { type: 'isStanding', params: { standing: 'renewing' } }, target: 'renewing' },
            { guard: { type: 'isStanding', params: { standing: 'ending' } }, target: 'ending' },
            { guard: { type: 'isStanding', params: { standing: 'paymentFailed' } }, target: 'paymentFailed' },
            { guard: { type: 'isStanding', params: { standing: 'actionRequired' } }, target: 'actionRequired' },
            { guard: { type: 'isStanding', params: { standing: 'unpaid' } }, target: 'unpaid' },
            { guard: { type: 'isStanding', params: { standing: 'ended' } }, target: 'ended' },
            { target: 'free', description: 'No subscription.' },
          ],
        },
        free: { description: 'No subscription: a checkout is offered.', tags: 'offersCheckout' },
        renewing: {
          description: '"Renews <date>", and "Manage subscription" (cancel, card, invoices) at the portal; a plan above may be bought.',
          tags: 'offersCheckout',
          on: { 'portal.open': { target: '#subscriptionLifecycle.opening', actions: 'clearError', description: 'The customer manages the subscription.' } },
        },
        ending: {
          description: '"Pro until <date>", and "Resume subscription" at the portal; a plan above may be bought.',
          tags: 'offersCheckout',
          on: { 'portal.open': { target: '#subscriptionLifecycle.opening', actions: 'clearError', description: 'The customer resumes the subscription.' } },
        },
        paymentFailed: {
          description: 'The renewal was declined and is retried: Pro is kept; "Fix payment" updates the card, which pays the invoice.',
          tags: 'owed',
          on: { 'payment.fix': { target: '#subscriptionLifecycle.fixing', actions: 'clearError', description: 'The customer fixes the card in one press.' } },
        },
        actionRequired: {
          description: 'The bank wants the customer to confirm the payment (3-D Secure): "Confirm payment" opens the invoice’s page.',
          tags: 'owed',
          on: { 'payment.fix': { target: '#subscriptionLifecycle.fixing', actions: 'clearError', description: 'The customer confirms the payment.' } },
        },
        unpaid: {
          description: 'The retries ran out: Pro is locked, the data and its export stay; "Fix payment" pays what is owed.',
          tags: ['owed', 'locked'],
          on: { 'payment.fix': { target: '#subscriptionLifecycle.fixing', actions: 'clearError', description: 'The customer pays what is owed.' } },
        },
        ended: { description: 'The subscription has ended: a new checkout is offered.', tags: 'offersCheckout' },
      },
    },
    opening: {
      description: 'Asking the server for a portal link: the button is busy.',
      tags: 'busy',
      on: { 'standing.changed': { actions: 'rememberStanding', description: 'Kept for when the answer comes.' } },
      invoke: {
        id: 'openPortal',
        src: 'openPortal',
        onDone: [
          {
            guard: 'hasUrl',
            target: 'redirecting',
            actions: { type: 'goToPortal', params: ({ event }) => ({ url: event.output.url! }) },
            description: 'A link came back: the browser goes to the portal.',
          },
          { target: 'showing', actions: ['noteNoLink', { type: 'notifyFailure', params: { message: null } }], description: 'No link in the answer: a toast, and the button works again.' },
        ],
        onError: { target: 'showing', actions: ['noteFailure', { type: 'notifyFailure', params: ({ event }) => ({ message: messageOf(event.error) }) }], description: 'The request failed: a toast, and the button works again.' },
      },
    },
    fixing: {
      description: 'Asking the server for the page that fixes the payment: the button is busy.',
      tags: 'busy',
      on: { 'standing.changed': { actions: 'rememberStanding', description: 'Kept for when the answer comes.' } },
      invoke: {
        id: 'fixPayment',
        src: 'fixPayment',
        onDone: [
          {
            guard: 'hasUrl',
            target: 'redirecting',
            actions: { type: 'goToPayment', params: ({ event }) => ({ url: event.output.url! }) },
            description: 'A link came back: the browser goes to the card’s update, or the invoice’s page.',
          },
          { target: 'showing', actions: ['noteNoLink', { type: 'notifyFailure', params: { message: null } }], description: 'No link in the answer: a toast, and the button works again.' },
        ],
        onError: { target: 'showing', actions: ['noteFailure', { type: 'notifyFailure', params: ({ event }) => ({ message: messageOf(event.error) }) }], description: 'The request failed (nothing owed any more, say): a toast, and the dashboard shows what stands.' },
      },
    },
    redirecting: { description: 'The browser is leaving for the provider’s page.', tags: 'busy' },
  },
})
