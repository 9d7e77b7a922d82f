// fix-payment: a signed-in customer whose subscription owes a payment (a renewal was declined, the
// bank wants them to confirm it, or the retries ran out and the plan is locked) presses "Fix
// payment" once and gets the one page that fixes it:
//   * the bank waits for the customer (3-D Secure): the invoice's page at the provider
//     (`hosted_invoice_url`), where they confirm the payment;
//   * otherwise: the provider's customer portal, opened straight on the update of the payment method
//     (Stripe's `flow_data: { type: 'payment_method_update' }`), which sends them back to the
//     dashboard once the card is saved. The portal makes it the customer's default card; the
//     payment ledger (customer.updated) then makes it the subscription's and pays the open invoice
//     with it, and the dashboard follows live.
// With STRIPE_SECRET_KEY set, Stripe; without it (the local stack), the stack's stand-in. Web
// standards and the stripe SDK's fetch client only: the same module runs under Deno (index.ts) and
// on the local stack.
//
// What is owed is read from the provider (the row may be a delivery behind), for the user's own
// customer as stored in billing_customers: never an id from the request.
//
// Request: POST { lang?: 'nb' | 'en' } (default nb; unknown keys dropped) with the user's access token.
// Answers: 200 { url, page: 'invoice' | 'payment_method_update' } | 400 { error } bad body
//        | 401 { error: 'Not signed in' } | 403 origin | 405
//        | 404 { error: 'No payment to fix' } no subscription of the user owes a payment
//        | 500 { error: 'Payments are not configured' } (one log line names the missing secret)
//        | 502 { error } the database or the payment provider failed.
//
// Environment:
//   SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY   (Supabase provides them)
//   SITE_URL             required: the site, for the portal's way back to the dashboard
//   SITE_ORIGINS         comma-separated origins allowed by CORS (as create-checkout)
//   STRIPE_SECRET_KEY    when set, Stripe (its portal needs the payment-method feature on)
//   STRIPE_API_BASE      optional protocol://host:port of the Stripe API (a fake server in tests)
//   LOCAL_PAYMENTS_URL   set by the local stack: its payment stand-in
import { storedCustomer } from '../_shared/billing-customer.ts'
import { dashboardUrl, validatePortalRequest } from '../_shared/checkout.ts'
import type { Tables } from '../_shared/database.types.ts'
import type { FunctionEnv } from '../_shared/env.ts'
import { readJsonBody } from '../_shared/json-body.ts'
import { noStore } from '../_shared/no-store.ts'
import { paymentProvider } from '../_shared/payment-provider.ts'
import { OWING_STATUSES } from '../_shared/plans.ts'
import { restRows, serviceRest } from '../_shared/service-rest.ts'
import { json, signedInRequest } from '../_shared/signed-in-user.ts'

export const MAX_BODY_BYTES = 4 * 1024

export type FixPaymentResponse = { url: string; page: 'invoice' | 'payment_method_update' } | { error: string }

const NOTHING = 'No payment to fix'
const isOwing = (status: string) => (OWING_STATUSES as readonly string[]).includes(status)
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null))

/** The user's subscriptions that owe a payment, as the rows have them, newest first. */
function owingRows(env: FunctionEnv, userId: string) {
  return restRows<Pick<Tables<'subscriptions'>, 'stripe_subscription_id'>>(
    serviceRest(
      env,
      `subscriptions?select=stripe_subscription_id&user_id=eq.${encodeURIComponent(userId)}&status=in.(${OWING_STATUSES.join(',')})&order=stripe_created_at.desc.nullslast`,
    ),
    'owing subscriptions of the user',
  )
}

async function handler(req: Request, env: FunctionEnv): Promise<Response> {
  const provider = paymentProvider(env)
  const start = await signedInRequest(req, env, {
    name: 'fix-payment',
    required: ['SITE_URL', ...(provider ? [] : ['STRIPE_SECRET_KEY'])],
    notConfigured: 'Payments are not configured',
  })
  if (start instanceof Response) return start
  const { user, cors } = start
  const answer = (status: number, body: FixPaymentResponse) => json(status, body, cors)

  let body: unknown
  try {
    body = await readJsonBody(req, MAX_BODY_BYTES, { empty: {} })
  } catch (error) {
    return answer(400, { error: (error as Error).message })
  }
  const validation = validatePortalRequest(body)
  if (!validation.ok) return answer(400, { error: `Invalid request: ${validation.problem}` })
  const { lang } = validation.request

  try {
    const customer = await storedCustomer(env, user.id)
    if (!customer) return answer(404, { error: NOTHING })
    for (const row of await owingRows(env, user.id)) {
      const subscription = row.stripe_subscription_id ? await provider!.retrieveSubscription(row.stripe_subscription_id) : null
      // Only what the provider says is still owed, and only the user's own customer's.
      if (!subscription || !isOwing(subscription.status) || idOf(subscription.customer) !== customer) continue
      const invoiceId = idOf(subscription.latest_invoice)
      const invoice = invoiceId ? await provider!.retrieveInvoice(invoiceId) : null
      if (invoice?.status === 'open' && invoice.payment?.status === 'requires_action' && invoice.hosted_invoice_url) {
        return answer(200, { url: invoice.hosted_invoice_url, page: 'invoice' })
      }
      const url = await provider!.createPortalSession({ customer, returnUrl: dashboardUrl(env.SITE_URL!, lang), locale: lang, flow: 'payment_method_update' })
      return answer(200, { url, page: 'payment_method_update' })
    }
    return answer(404, { error: NOTHING })
  } catch (error) {
    console.error(`[fix-payment] could not open the way to pay: ${(error as Error).message}`)
    return answer(502, { error: 'The payment provider could not open the payment page' })
  }
}

export default noStore(handler)
