import type { SnapshotFrom } from 'xstate'
import type { InvoicesEvent, invoicesMachine } from '../../../machines/invoices.machine'
import type { disclosureMachine } from '../../../machines/disclosure.machine'
import { type Standing, standingOf, type subscriptionLifecycleMachine } from '../../../machines/subscription-lifecycle.machine'
import { activeOf, planOf, type Subscription, type subscriptionsMachine } from '../../../machines/subscriptions.machine'
import { OWING_STATUSES } from '../../../supabase/functions/_shared/plans'
import type { webhookHealthMachine } from '../../../machines/webhook-health.machine'
import { nextPlanUp } from '../../../supabase/functions/_shared/plans'

/** The subscription the customer's standing is about: one that owes a payment, else one that
 * runs, else the one that ended last. */
export function currentSubscriptionOf(subscriptions: readonly Subscription[]): Subscription | undefined {
  const ended = subscriptions.filter((s) => s.status === 'canceled' || s.status === 'incomplete_expired')
  return (
    subscriptions.find((s) => (OWING_STATUSES as readonly string[]).includes(s.status)) ??
    subscriptions.find((s) => s.status === 'active' || s.status === 'trialing') ??
    ended.sort((a, b) => (b.current_period_end ?? '').localeCompare(a.current_period_end ?? ''))[0]
  )
}

/** From the subscriptions machine's snapshot to the dashboard's plan, rows, standing and offer. */
export function connectSubscriptions(snapshot: SnapshotFrom<typeof subscriptionsMachine>) {
  const { subscriptions, failed } = snapshot.context
  const plan = planOf(subscriptions)
  return {
    subscriptions,
    failed,
    loading: snapshot.hasTag('loading'),
    plan,
    /** The subscriptions that give their plan (a failed renewal's among them, while it is retried). */
    active: activeOf(subscriptions),
    /** Where the customer stands (the subscription lifecycle starts from it). */
    standing: standingOf(subscriptions) as Standing,
    /** The subscription the standing is about. */
    current: currentSubscriptionOf(subscriptions),
    /** The plan to offer: the next one up, if there is one (the lifecycle says whether a checkout may be offered). */
    next: nextPlanUp(plan),
  }
}

export const connectDisclosure = (snapshot: SnapshotFrom<typeof disclosureMachine>) => ({ shown: snapshot.matches('shown') })

export function connectWebhookHealth(snapshot: SnapshotFrom<typeof webhookHealthMachine>) {
  const { answer, unreachable } = snapshot.context
  return { answer, unreachable, checking: snapshot.hasTag('busy') }
}

/** What the lifecycle's panel shows: the standing (kept while the button is busy), the one action
 * it offers, and whether a checkout may be offered (never while a payment is owed). */
export function connectLifecycle(snapshot: SnapshotFrom<typeof subscriptionLifecycleMachine>) {
  const { standing } = snapshot.context
  const action =
    standing === 'renewing' ? 'manage' : standing === 'ending' ? 'resume' : standing === 'actionRequired' ? 'confirmPayment' : standing === 'paymentFailed' || standing === 'unpaid' ? 'fixPayment' : null
  const event = action === 'manage' || action === 'resume' ? ({ type: 'portal.open' } as const) : action ? ({ type: 'payment.fix' } as const) : null
  return {
    standing,
    busy: snapshot.hasTag('busy'),
    /** The one button: manage, resume, fix the payment, confirm it with the bank; none. */
    action,
    /** What the button sends. */
    event,
    /** A payment is owed: the message is an alert. */
    owed: ['paymentFailed', 'actionRequired', 'unpaid'].includes(standing),
    /** Pro is locked (the data and its export stay). */
    locked: standing === 'unpaid',
    offersCheckout: snapshot.hasTag('offersCheckout'),
  }
}

/** From the invoices machine's snapshot to the dashboard's list of invoices. */
export function connectInvoices(snapshot: SnapshotFrom<typeof invoicesMachine>, send: (event: InvoicesEvent) => void) {
  return {
    invoices: snapshot.context.invoices,
    loading: snapshot.hasTag('busy'),
    failed: snapshot.matches('failed'),
    retryProps: { type: 'button' as const, onClick: () => send({ type: 'user.retry' }) },
  }
}
