// delete-account: the signed-in user closes their account. A running subscription is cancelled at
// the payment provider first (nothing is charged again); then the demo requests sent with their
// address are deleted, and the user with the auth service's admin API, which takes their
// subscription rows with it (foreign keys with on delete cascade). Who is asking comes from the
// bearer token only, and the body must repeat the account's e-mail address.
//
// Request: POST { confirm: "<the account's e-mail>" } with the user's access token as bearer.
// Answers: 200 { deleted: true } | 400 { error } bad body or the address does not match
//        | 401 not signed in (also once deleted) | 403 origin | 405 | 500 not configured or failed
//        | 502 the auth service or the payment provider failed (nothing deleted yet).
import { type } from 'arktype'
import type { FunctionEnv } from '../_shared/env.ts'
import { readJsonBody } from '../_shared/json-body.ts'
import { restRows, serviceRest } from '../_shared/service-rest.ts'
import { ilikeAddress, json, sameAddress, signedInRequest } from '../_shared/signed-in-user.ts'
import { stripeClient } from '../_shared/stripe-client.ts'

export const MAX_BODY_BYTES = 4 * 1024

const deleteRequest = type({ '+': 'delete', confirm: 'string <= 255' })

type SubscriptionRow = { status: string; stripe_subscription_id: string | null }

/** States in which the provider would still charge the customer. */
const RUNNING = new Set(['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'paused'])

async function cancelAtProvider(env: FunctionEnv, subscriptionId: string): Promise<void> {
  if (env.STRIPE_SECRET_KEY) {
    try {
      await stripeClient(env).subscriptions.cancel(subscriptionId)
    } catch (error) {
      // Already gone at Stripe: nothing left to cancel.
      if ((error as { code?: string }).code !== 'resource_missing') throw error
    }
    return
  }
  const url = new URL(`subscriptions/${encodeURIComponent(subscriptionId)}`, env.LOCAL_PAYMENTS_URL)
  const res = await fetch(url, { method: 'DELETE', headers: { Authorization: `Bearer ${env.SUPABASE_SERVICE_ROLE_KEY}` } })
  if (!res.ok && res.status !== 404) throw new Error(`the local payment page answered ${res.status}: ${await res.text()}`)
}

export default async function handler(req: Request, env: FunctionEnv): Promise<Response> {
  // Stripe in production; the local stack's stand-in otherwise.
  const start = await signedInRequest(req, env, { name: 'delete-account', required: env.STRIPE_SECRET_KEY ? [] : ['LOCAL_PAYMENTS_URL'] })
  if (start instanceof Response) return start
  const { user, cors } = start

  const body = deleteRequest(await readJsonBody(req, MAX_BODY_BYTES).catch(() => undefined))
  if (body instanceof type.errors) return json(400, { error: 'Send { confirm: "<your e-mail address>" }' }, cors)
  if (!user.email || !sameAddress(body.confirm, user.email)) return json(400, { error: 'The e-mail address does not match the account' }, cors)

  const id = encodeURIComponent(user.id)
  try {
    const rows = await restRows<SubscriptionRow>(serviceRest(env, `subscriptions?select=status,stripe_subscription_id&user_id=eq.${id}`), 'subscriptions')
    for (const row of rows) if (row.stripe_subscription_id && RUNNING.has(row.status)) await cancelAtProvider(env, row.stripe_subscription_id)
  } catch (error) {
    console.error('[delete-account] could not cancel the subscription; nothing deleted', error)
    return json(502, { error: 'The payment provider could not cancel the subscription' }, cors)
  }

  try {
    const requests = await restRows<{ id: string; email: string }>(
      serviceRest(env, `demo_requests?select=id,email&email=ilike.${ilikeAddress(user.email)}`),
      'demo requests',
    )
    const ids = requests.filter((row) => sameAddress(row.email, user.email)).map((row) => row.id)
    if (ids.length > 0) await restRows(serviceRest(env, `demo_requests?id=in.(${ids.join(',')})`, { method: 'DELETE' }), 'deleting demo requests')
    // The provider's events stay (ids and types), no longer tied to the person.
    await restRows(serviceRest(env, `payment_events?user_id=eq.${id}`, { method: 'PATCH', body: JSON.stringify({ user_id: null }) }), 'unlinking payment events')
    const key = env.SUPABASE_SERVICE_ROLE_KEY ?? ''
    const res = await fetch(`${(env.SUPABASE_URL ?? '').replace(/\/+$/, '')}/auth/v1/admin/users/${id}`, {
      method: 'DELETE',
      headers: { apikey: key, Authorization: `Bearer ${key}` },
    })
    if (!res.ok) throw new Error(`the auth service answered ${res.status}: ${await res.text()}`)
  } catch (error) {
    console.error('[delete-account] could not delete the account', error)
    return json(500, { error: 'Could not delete the account' }, cors)
  }
  return json(200, { deleted: true }, cors)
}
