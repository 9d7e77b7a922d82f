// delete-account: the signed-in user closes their account. At the payment provider first: the
// user's open checkout sessions are expired (none can be paid afterwards) and every running
// subscription is cancelled (nothing is charged again). Then one database call, delete_account
// (migration 20261126100001), deletes in one transaction the demo requests sent with their
// address, the link of their payment events, and the user with their rows (by foreign key). A
// subscription written meanwhile (a checkout paid at that moment) makes it answer which ones still
// run: they are cancelled and the call repeated. Who is asking comes from the bearer token only,
// and the body must repeat the account's e-mail address.
//
// Request: POST { confirm: "<the account's e-mail>" } with the user's access token as bearer.
// Answers: 200 { deleted: true } (also when a concurrent call deleted it first)
//        | 400 { error } bad body or the address does not match | 401 not signed in (also once
//        deleted) | 403 origin | 405 | 500 not configured or failed
//        | 502 the payment provider failed (nothing deleted yet).
import { type } from 'arktype'
import type { Tables } from '../_shared/database.types.ts'
import type { FunctionEnv } from '../_shared/env.ts'
import { readJsonBody } from '../_shared/json-body.ts'
import { type PaymentProvider, paymentProvider } from '../_shared/payment-provider.ts'
import { restRows, serviceRest } from '../_shared/service-rest.ts'
import { json, sameAddress, signedInRequest } from '../_shared/signed-in-user.ts'
import { noStore } from '../_shared/no-store.ts'

export const MAX_BODY_BYTES = 4 * 1024

const deleteRequest = type({ '+': 'delete', confirm: 'string <= 255' })

type SubscriptionRow = Pick<Tables<'subscriptions'>, 'status' | 'stripe_subscription_id'>
type Deleted = { result: 'deleted' | 'gone' } | { result: 'subscription_running'; subscriptions: string[] }

/** States in which the provider would still charge the customer. */
const RUNNING = new Set(['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'paused'])

/** The provider's side: no open checkout of the user's customer, no running subscription; answers
 * the subscriptions it cancelled. */
async function stopBilling(env: FunctionEnv, provider: PaymentProvider, userId: string): Promise<string[]> {
  const id = encodeURIComponent(userId)
  const [customers, rows] = await Promise.all([
    restRows<Pick<Tables<'billing_customers'>, 'stripe_customer_id'>>(serviceRest(env, `billing_customers?select=stripe_customer_id&user_id=eq.${id}`), 'customer'),
    restRows<SubscriptionRow>(serviceRest(env, `subscriptions?select=status,stripe_subscription_id&user_id=eq.${id}`), 'subscriptions'),
  ])
  for (const customer of customers) await provider.expireOpenCheckouts(customer.stripe_customer_id)
  const running = rows.flatMap((row) => (row.stripe_subscription_id && RUNNING.has(row.status) ? [row.stripe_subscription_id] : []))
  for (const id of running) await provider.cancelNow(id)
  return running
}

async function deleteAccount(env: FunctionEnv, userId: string, cancelled: string[]): Promise<Deleted> {
  const res = await serviceRest(env, 'rpc/delete_account', { method: 'POST', body: JSON.stringify({ account: userId, cancelled }) })
  if (!res.ok) throw new Error(`delete_account: PostgREST answered ${res.status} ${await res.text()}`)
  return (await res.json()) as Deleted
}

async function handler(req: Request, env: FunctionEnv): Promise<Response> {
  // Stripe in production; the local stack's stand-in otherwise.
  const start = await signedInRequest(req, env, { name: 'delete-account', required: env.STRIPE_SECRET_KEY ? [] : ['LOCAL_PAYMENTS_URL'] })
  if (start instanceof Response) return start
  const { user, cors } = start
  const provider = paymentProvider(env)!

  const body = deleteRequest(await readJsonBody(req, MAX_BODY_BYTES).catch(() => undefined))
  if (body instanceof type.errors) return json(400, { error: 'Send { confirm: "<your e-mail address>" }' }, cors)
  if (!user.email || !sameAddress(body.confirm, user.email)) return json(400, { error: 'The e-mail address does not match the account' }, cors)

  let cancelled: string[]
  try {
    cancelled = await stopBilling(env, provider, user.id)
  } catch (error) {
    console.error('[delete-account] could not stop the billing at the payment provider; nothing deleted', error)
    return json(502, { error: 'The payment provider could not cancel the subscription' }, cors)
  }

  try {
    // Each round cancels what was bought while the previous one ran; three are plenty.
    for (let round = 0; round < 3; round += 1) {
      const outcome = await deleteAccount(env, user.id, cancelled)
      if (outcome.result !== 'subscription_running') return json(200, { deleted: true }, cors)
      try {
        for (const id of outcome.subscriptions) await provider.cancelNow(id)
        cancelled = [...cancelled, ...outcome.subscriptions]
      } catch (error) {
        console.error('[delete-account] could not cancel a subscription bought meanwhile; nothing deleted', error)
        return json(502, { error: 'The payment provider could not cancel the subscription' }, cors)
      }
    }
    throw new Error('subscriptions kept being bought while the account was deleted')
  } catch (error) {
    console.error('[delete-account] could not delete the account', error)
    return json(500, { error: 'Could not delete the account' }, cors)
  }
}

export default noStore(handler)
