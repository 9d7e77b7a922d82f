// Payments on the local stack: a stand-in for Stripe, clearly marked as such. It keeps what Stripe
// would keep (customers, checkout sessions, subscriptions, in local_stack.*) and answers the
// functions in Stripe's shapes:
//   payments-customers.ts
//   POST /customers                 the user's one customer, made on first use (service role)
//   GET, POST /customers/:id        a customer, and a new e-mail address for it (as Stripe's)
//   payments-checkout.ts
//   POST /sessions                  a checkout session for a user and a plan (create-checkout)
//   GET  /sessions?customer=&status=open, POST /sessions/:id/expire
//                                   a customer's open checkout sessions, and expiring one (as
//                                   Stripe's; delete-account expires them)
//   GET  /checkout/:id              the page; Pay makes the subscription and sends the events
//                                   Stripe would send, signed as Stripe signs them, to the stack's
//                                   stripe-webhook; Cancel returns to the cancel URL
//   payments-subscriptions.ts
//   GET  /subscriptions/:id         the subscription as it is now (the webhook reads it, as it
//                                   reads Stripe's API)
//   DELETE /subscriptions/:id       cancel now, and tell the webhook before answering
//   POST /refunds                   refund a subscription's payment ({ subscription, reason })
//   GET  /subscriptions?status=all  every subscription, in pages (the nightly reconciliation)
//   POST /subscriptions/:id         the card renewals are charged to (default_payment_method)
//   GET  /events?created[gte]=&delivery_success=false&types[]=
//                                   the events the webhook has not taken (List Events)
//   POST /simulate/payment-failed | /simulate/canceled   for tests
//   payments-invoices.ts
//   GET  /invoices/:id, GET /invoice_payments?invoice=, POST /invoices/:id/pay
//                                   an invoice, its latest payment, paying it off session
//   GET  /invoice/:id               the invoice's page (hosted_invoice_url): pay it with a card,
//                                   confirm a payment the bank asks about (3-D Secure)
//   payments-portal.ts
//   POST /portal-sessions           a customer portal session for a customer (create-portal-session,
//                                   fix-payment's deep link: flow_data payment_method_update)
//   GET  /portal/:id                the customer portal (in English, as Stripe's): plan, renewal
//                                   date, card, invoices, with a confirm step at /portal/:id/cancel
//                                   and the card's update at /portal/:id/payment-method
//   payments-portal-actions.ts
//   POST /portal/:id/cancel | resume | payment-method
//                                   cancel at the period's end, resume, a new default card
//   POST /portal/:id/end-period | renew | retry | retries-run-out | renewal-card | lose-webhooks
//                                   for tests and demos: end a cancelling period now; the customer's
//                                   test clock to the renewal, the next attempt or past the last
//                                   (payments-renewals.ts); the card renewals meet; lose the next
//                                   change's webhooks. Each change sends the signed events Stripe
//                                   would send
// Plan names and prices come from the catalogue (supabase/functions/_shared/plans.ts). No money
// moves and nothing reaches Stripe. A session holds the user, so nobody can pay in another's name;
// a portal session holds the customer, its id is unguessable and expires, and its forms carry a
// token of their own.
// The other modules: payments-store.ts (tables, rows, ids, cards), payments-stripe-shapes.ts (Stripe's
// objects and events), payments-renewals.ts (the test clock, renewals and retries),
// payments-pages.ts and payments-invoice-pages.ts (the HTML), payments-helpers.ts (what the routes
// share: delivering events, keeping them for List Events, losing them on purpose).
import { createHmac } from 'node:crypto'
import { Hono } from 'hono'
import type { StackContext } from './context.ts'
import type { FunctionEnv } from './functions.ts'
import { checkoutRoutes } from './payments-checkout.ts'
import { customerRoutes } from './payments-customers.ts'
import { paymentHelpers } from './payments-helpers.ts'
import { portalRoutes } from './payments-portal.ts'
import { invoiceRoutes } from './payments-invoices.ts'
import { portalActionRoutes } from './payments-portal-actions.ts'
import { subscriptionRoutes } from './payments-subscriptions.ts'

/** The stack's signing secret for the webhook, derived from its JWT secret (stable per install). */
export function localWebhookSecret(jwtSecret: string): string {
  return `whsec_${createHmac('sha256', jwtSecret).update('local-stripe-webhook').digest('base64')}`
}

export function paymentRoutes(ctx: StackContext, env: FunctionEnv): Hono {
  const helpers = paymentHelpers(ctx, env)
  const app = new Hono()
  for (const routes of [customerRoutes, checkoutRoutes, subscriptionRoutes, invoiceRoutes, portalRoutes, portalActionRoutes]) app.route('/', routes(helpers))
  return app
}
