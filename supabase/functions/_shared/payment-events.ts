// The payment provider's events the site takes (the payment ledger's), in one list: the webhook
// endpoint is created with them (README, Deploy), the nightly reconciliation replays them, and the
// dashboard's debug card lists them. Web standards only; nothing else here, so that a page may
// import it without the ledger.
export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.finalized',
  'invoice.payment_succeeded',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.payment_action_required',
  'customer.updated',
] as const
