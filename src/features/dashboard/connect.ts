import type { SnapshotFrom } from 'xstate'
import type { disclosureMachine } from '../../../machines/disclosure.machine'
import type { subscriptionManagementMachine } from '../../../machines/subscription-management.machine'
import { activeOf, planOf, type subscriptionsMachine } from '../../../machines/subscriptions.machine'
import type { webhookHealthMachine } from '../../../machines/webhook-health.machine'
import { nextPlanUp } from '../../../supabase/functions/_shared/plans'

/** From the subscriptions machine's snapshot to the dashboard's plan, rows and offer. */
export function connectSubscriptions(snapshot: SnapshotFrom<typeof subscriptionsMachine>) {
  const { subscriptions, failed } = snapshot.context
  const plan = planOf(subscriptions)
  const active = activeOf(subscriptions)
  return {
    subscriptions,
    failed,
    loading: snapshot.hasTag('loading'),
    plan,
    active,
    /** The subscription that gives the plan, which the customer manages at the payment provider. */
    paid: active.find((s) => s.product_name === plan.id),
    /** The plan to offer: the next one up, if there is one. */
    next: nextPlanUp(plan),
  }
}

export const connectDisclosure = (snapshot: SnapshotFrom<typeof disclosureMachine>) => ({ shown: snapshot.matches('shown') })

export function connectWebhookHealth(snapshot: SnapshotFrom<typeof webhookHealthMachine>) {
  const { answer, unreachable } = snapshot.context
  return { answer, unreachable, checking: snapshot.hasTag('busy') }
}

export const connectManagement = (snapshot: SnapshotFrom<typeof subscriptionManagementMachine>) => ({
  busy: snapshot.hasTag('busy'),
  ending: snapshot.context.endsAtPeriodEnd,
})
