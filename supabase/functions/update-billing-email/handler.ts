// update-billing-email: after a change of the account's e-mail address, the customer at the payment
// provider gets the new address (Stripe sends receipts and invoices there). The site calls it as soon
// as the change is confirmed; calling it again changes nothing. With STRIPE_SECRET_KEY set, Stripe's
// customer; without it (the local stack), the stack's stand-in. Web standards and the stripe SDK's
// fetch client only: the same module runs under Deno (index.ts) and on the local stack.
//
// The address is the auth service's record of the caller (never one from the request), and the
// customer is the caller's own, as stored in billing_customers.
//
// Request: POST (any body is ignored) with the user's access token as bearer.
// Answers: 200 { updated: true } the customer has the account's address
//        | 200 { updated: false } no customer (never bought anything) or the provider does not know it
//        | 401 { error: 'Not signed in' } | 403 origin | 405
//        | 500 { error: 'Billing is not configured' } (one log line names the missing secret)
//        | 502 { error } the auth service, the database or the payment provider failed.
//
// Environment:
//   SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY   (Supabase provides them)
//   SITE_URL, SITE_ORIGINS  the origins allowed by CORS (as create-checkout)
//   STRIPE_SECRET_KEY    when set, Stripe
//   STRIPE_API_BASE      optional protocol://host:port of the Stripe API (a fake server in tests)
//   LOCAL_PAYMENTS_URL   set by the local stack: its payment stand-in
import { storedCustomer } from '../_shared/billing-customer.ts'
import type { FunctionEnv } from '../_shared/env.ts'
import { noStore } from '../_shared/no-store.ts'
import { paymentProvider } from '../_shared/payment-provider.ts'
import { json, signedInRequest } from '../_shared/signed-in-user.ts'

async function handler(req: Request, env: FunctionEnv): Promise<Response> {
  const provider = paymentProvider(env)
  const start = await signedInRequest(req, env, {
    name: 'update-billing-email',
    required: provider ? [] : ['STRIPE_SECRET_KEY'],
    notConfigured: 'Billing is not configured',
  })
  if (start instanceof Response) return start
  const { user, cors } = start
  await req.body?.cancel()

  let customer: string | null
  try {
    customer = await storedCustomer(env, user.id)
  } catch (error) {
    console.error('[update-billing-email] could not read the customer', error)
    return json(502, { error: 'Could not read your customer record' }, cors)
  }
  if (!customer || !user.email) return json(200, { updated: false }, cors)

  try {
    return json(200, { updated: await provider!.updateCustomerEmail(customer, user.email) }, cors)
  } catch (error) {
    console.error(`[update-billing-email] the payment provider refused the update: ${(error as Error).message}`)
    return json(502, { error: 'The payment provider could not update the address' }, cors)
  }
}

export default noStore(handler)
