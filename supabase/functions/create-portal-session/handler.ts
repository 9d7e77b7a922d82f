// create-portal-session: a signed-in customer asks to manage their subscription (cancel at the end
// of the period, resume, card, invoices) and gets the URL of the payment provider's customer portal.
// With STRIPE_SECRET_KEY set, that is a Stripe Billing Portal session; without it (the local
// stack), the stack's stand-in portal page. Web standards and the stripe SDK's fetch client only:
// the same module runs under Deno (index.ts) and on the local stack.
//
// The portal is opened for the user's own customer at the provider, as stored in billing_customers
// (made by their first checkout): never for an id from the request. The portal sends the customer
// back to the dashboard in their language.
//
// Request: POST { lang?: 'nb' | 'en' } (default nb; unknown keys dropped; an empty body is {}) with
//          the user's access token as bearer.
// Answers: 200 { url } | 400 { error } bad body | 401 { error: 'Not signed in' } | 403 origin | 405
//        | 404 { error: 'No subscription to manage' } no customer stored for the user
//        | 500 { error: 'Portal is not configured' } (one log line names the missing secret)
//        | 502 { error } the auth service or the payment provider failed.
//
// Environment:
//   SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY   (Supabase provides them)
//   SITE_URL             required: the site, for the return URL (a secret to set)
//   SITE_ORIGINS         comma-separated origins allowed by CORS (as create-checkout)
//   STRIPE_SECRET_KEY    when set, Stripe's customer portal (its default configuration)
//   STRIPE_API_BASE      optional protocol://host:port of the Stripe API (a fake server in tests)
//   LOCAL_PAYMENTS_URL   set by the local stack: its payment stand-in, which has the portal page
import { readJsonBody } from '../_shared/json-body.ts'
import { dashboardUrl, type PortalResponse, validatePortalRequest } from '../_shared/checkout.ts'
import type { FunctionEnv } from '../_shared/env.ts'
import { paymentProvider } from '../_shared/payment-provider.ts'
import { storedCustomer } from '../_shared/billing-customer.ts'
import { json, signedInRequest } from '../_shared/signed-in-user.ts'
import { noStore } from '../_shared/no-store.ts'

export const MAX_BODY_BYTES = 4 * 1024

const answer = (status: number, body: PortalResponse, cors: Record<string, string>) => json(status, body, cors)

async function handler(req: Request, env: FunctionEnv): Promise<Response> {
  // Stripe when its key is set; the local stack's stand-in otherwise. With neither, the secret to
  // set on hosted Supabase is the Stripe key.
  const provider = paymentProvider(env)
  const start = await signedInRequest(req, env, {
    name: 'create-portal-session',
    required: ['SITE_URL', ...(provider ? [] : ['STRIPE_SECRET_KEY'])],
    notConfigured: 'Portal is not configured',
  })
  if (start instanceof Response) return start
  const { user, cors } = start

  let body: unknown
  try {
    body = await readJsonBody(req, MAX_BODY_BYTES, { empty: {} })
  } catch (error) {
    return answer(400, { error: (error as Error).message }, cors)
  }
  const validation = validatePortalRequest(body)
  if (!validation.ok) return answer(400, { error: `Invalid request: ${validation.problem}` }, cors)
  const { lang } = validation.request

  let customer: string | null
  try {
    customer = await storedCustomer(env, user.id)
  } catch (error) {
    console.error('[create-portal-session] could not read the customer', error)
    return answer(500, { error: 'Could not read your subscription' }, cors)
  }
  if (!customer) return answer(404, { error: 'No subscription to manage' }, cors)

  try {
    const url = await provider!.createPortalSession({ customer, returnUrl: dashboardUrl(env.SITE_URL!, lang), locale: lang })
    return answer(200, { url }, cors)
  } catch (error) {
    console.error(`[create-portal-session] the payment provider refused the portal session: ${(error as Error).message}`)
    return answer(502, { error: 'The payment provider could not open the portal' }, cors)
  }
}

export default noStore(handler)
