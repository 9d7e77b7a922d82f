// update-billing-email: after a change of the account's e-mail address, the customer at the payment
// provider gets the new address (Stripe sends receipts and invoices there). The site calls it as soon
// as the change is confirmed; calling it again changes nothing. With STRIPE_SECRET_KEY set, Stripe's
// customer; without it (the local stack), the stack's stand-in. Web standards and the stripe SDK's
// fetch client only: the same module runs under Deno (index.ts) and on the local stack.
//
// The address is the auth service's record of the caller (never one from the request), and the
// customer is the caller's own, as stored in billing_customers.
//
// A change confirmed where the site's call cannot get through (a device without the two-step
// sign-in the function wants, a closed tab) is queued by the database (billing_email_updates), and
// a scheduled job asks again with the service-role key: POST { action: 'sync-queued' } gives every
// queued customer the address the auth service holds, and answers 200 { synced, failed }.
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
import { serviceRest } from '../_shared/service-rest.ts'
import { isServiceRoleRequest, json, signedInRequest } from '../_shared/signed-in-user.ts'

/** The account's queued change is done (only the one that was read: a newer change stays queued). */
const dequeue = (env: FunctionEnv, userId: string, queuedAt?: string) =>
  serviceRest(env, `billing_email_updates?user_id=eq.${userId}${queuedAt ? `&queued_at=lte.${encodeURIComponent(queuedAt)}` : ''}`, { method: 'DELETE' })

/** The scheduled job's call: every queued customer gets the account's address. */
async function syncQueued(env: FunctionEnv): Promise<Response> {
  const provider = paymentProvider(env)
  if (!provider) return json(500, { error: 'Billing is not configured' }, {})
  const res = await serviceRest(env, 'rpc/billing_email_queue', { method: 'POST', body: '{}' })
  if (!res.ok) return json(502, { error: 'Could not read the queue' }, {})
  const queued = (await res.json()) as Array<{ user_id: string; email: string; stripe_customer_id: string; queued_at: string }>
  let synced = 0
  let failed = 0
  for (const row of queued) {
    try {
      await provider.updateCustomerEmail(row.stripe_customer_id, row.email)
      await dequeue(env, row.user_id, row.queued_at)
      synced += 1
    } catch (error) {
      failed += 1
      console.error(`[update-billing-email] queued customer not updated: ${(error as Error).message}`)
    }
  }
  return json(200, { synced, failed }, {})
}

async function handler(req: Request, env: FunctionEnv): Promise<Response> {
  if (req.method === 'POST' && isServiceRoleRequest(req, env)) {
    const body = (await req.clone().json().catch(() => null)) as { action?: unknown } | null
    if (body?.action === 'sync-queued') return syncQueued(env)
  }
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
    const updated = await provider!.updateCustomerEmail(customer, user.email)
    await dequeue(env, user.id)
    return json(200, { updated }, cors)
  } catch (error) {
    console.error(`[update-billing-email] the payment provider refused the update: ${(error as Error).message}`)
    return json(502, { error: 'The payment provider could not update the address' }, cors)
  }
}

export default noStore(handler)
