import type { SnapshotFrom } from 'xstate'
import type { checkoutMachine } from '../../../machines/checkout.machine'

/** From the checkout machine's snapshot to what the page shows. */
export function connectCheckout(snapshot: SnapshotFrom<typeof checkoutMachine>) {
  return {
    /** The button is disabled and the card busy. */
    busy: snapshot.hasTag('busy'),
    /** The customer has the plan (or one above it): nothing to pay. */
    alreadyOnPlan: snapshot.matches('alreadyOnPlan'),
    /** A payment of the customer's is owed: it is fixed on the dashboard, not bought again. */
    paymentOwed: snapshot.matches('paymentOwed'),
    /** The button waits to be pressed (otherwise it says it is processing). */
    waiting: snapshot.matches('idle'),
  }
}
