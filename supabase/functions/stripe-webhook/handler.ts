// stripe-webhook: the payment provider's events, verified by their Stripe-Signature over the raw
// body (stripe SDK, STRIPE_WEBHOOK_SECRET, 300 s tolerance). Web standards and the stripe SDK only:
// the same module runs under Deno (index.ts) and on the local stack. `verify_jwt = false` in
// config.toml: the provider sends no Supabase JWT.
//
// How the row stays right whatever Stripe does with its events. Stripe guarantees no order,
// retries an event for up to three days, may deliver one twice, and stamps `created` in whole
// seconds, so two events of one second cannot be ordered by their stamps, and an event's payload
// may describe a state that has long been replaced. So an event is taken as a notice only: "this
// subscription changed". The handler then
//   1. records the event id (payment_events; a redelivery stops here);
//   2. draws a version from the database (next_subscription_version) and only then reads the
//      subscription from the provider's API: the reading that starts later has the higher version
//      and sees the provider's state as of its start or later;
//   3. writes that reading with apply_subscription_snapshot, which keeps the reading with the
//      highest version, never revives a cancelled (or expired) subscription (Stripe never does),
//      and refuses a user's second active subscription.
// "Newer" therefore means "read later", never "a later `created`". The last change at Stripe emits
// an event whose handling reads after the change, so once the events are delivered the row equals
// the provider's state; until then it may show an earlier state, never one older than a reading
// it already held, and never an active one after a cancellation.
//
// Bought twice (two checkout tabs, both paid): when a reading would make a second active
// subscription for one user, both are read afresh from the provider; if both are still active,
// the one created later (ties: the larger id, so every delivery decides alike) is refunded and
// cancelled at the provider, and the earlier one is kept. The local stand-in does the same.
//
// Answers: 200 { received: true, result } for every verified event: 'applied' | 'stale' (nothing
//          newer to write) | 'duplicate' (a redelivery) | 'unlinked' (no account: the event is
//          kept with the account id it names, nothing else) | 'unknown_subscription' |
//          'unknown_plan' | 'ignored' (not a subscription event) | 200 { ok: true, … } for a POST
//          of { "test": "health_check" } | 400 { error } missing, malformed, wrong or stale
//          signature, nothing written | 405 | 413 | 500 { error } not stored or not configured
//          (the provider retries) | 503 no signing secret.
//
// Environment: SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY (Supabase provides them),
//   STRIPE_WEBHOOK_SECRET (the endpoint's signing secret, whsec_…; the local stack sets its own),
//   STRIPE_SECRET_KEY (to read subscriptions; without it, the local stack's LOCAL_PAYMENTS_URL),
//   STRIPE_PRICE_<PLAN> (each paid plan's price id, see _shared/plans.ts),
//   SITE_ORIGINS / SITE_URL for the CORS answer to the dashboard's health check.
import Stripe from 'stripe'
import { corsFor, GATEWAY_CORS } from '../_shared/cors.ts'
import type { Tables } from '../_shared/database.types.ts'
import { type FunctionEnv, logMissingSecrets, missingSecrets } from '../_shared/env.ts'
import { BodyTooLarge, readLimitedText } from '../_shared/json-body.ts'
import { type PaymentProvider, type ProviderSubscription, paymentProvider } from '../_shared/payment-provider.ts'
import { type Plan, paidPlanIds, planById, plans } from '../_shared/plans.ts'
import { restRows, serviceRest } from '../_shared/service-rest.ts'
import { noStore } from '../_shared/no-store.ts'

export const MAX_BODY_BYTES = 512 * 1024
export const TOLERANCE_SECONDS = 300

export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.payment_succeeded',
  'invoice.paid',
  'invoice.payment_failed',
] as const

export const FINAL_STATUSES = ['canceled', 'incomplete_expired'] as const
export const ENTITLING = ['active', 'trialing'] as const

type Json = Record<string, unknown>
const obj = (value: unknown): Json | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : null
const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)
/** An id field that may be expanded into an object. */
const idOf = (value: unknown): string | null => str(value) ?? str(obj(value)?.id)
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const userIdOf = (...candidates: unknown[]): string | null => {
  for (const candidate of candidates) {
    const id = str(candidate)
    if (id && UUID.test(id)) return id.toLowerCase()
  }
  return null
}
/** Seconds since 1970 as ISO 8601, for times up to the year 9999; null otherwise. */
const isoFromUnix = (seconds: unknown): string | null =>
  typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 && seconds < 253_402_300_800 ? new Date(seconds * 1000).toISOString() : null
/** Stripe's ids: a prefix, an underscore, letters, digits and underscores. */
const stripeId = (prefix: string, value: string | null): string | null =>
  value !== null && value.length <= 255 && new RegExp(`^${prefix}_\\w+$`).test(value) ? value : null

/** The subscription an event concerns, and the account it names, or null when it concerns none. */
export function subscriptionOfEvent(type: string, object: Json): { subscriptionId: string; userId: string | null } | null {
  switch (type) {
    case 'checkout.session.completed': {
      const subscriptionId = stripeId('sub', idOf(object.subscription))
      if (object.mode !== 'subscription' || !subscriptionId) return null
      return { subscriptionId, userId: userIdOf(object.client_reference_id, obj(object.metadata)?.user_id) }
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscriptionId = stripeId('sub', str(object.id))
      return subscriptionId ? { subscriptionId, userId: userIdOf(obj(object.metadata)?.user_id) } : null
    }
    case 'invoice.payment_succeeded':
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      // Since API 2025-03-31 at parent.subscription_details; older versions at the top level.
      const details = obj(obj(object.parent)?.subscription_details)
      const subscriptionId = stripeId('sub', idOf(details?.subscription) ?? idOf(object.subscription))
      if (!subscriptionId) return null
      return { subscriptionId, userId: userIdOf(obj(details?.metadata)?.user_id, obj(obj(object.subscription_details)?.metadata)?.user_id) }
    }
    default:
      return null
  }
}

/** Which of the catalogue's paid plans a subscription is: its price (each plan's price id is the
 * secret its `stripePriceEnv` names), else the plan id the checkout put in its metadata. */
export function planOfSubscription(subscription: ProviderSubscription, env: FunctionEnv, catalogue: readonly Plan[] = plans): Plan | null {
  const prices = (subscription.items?.data ?? []).map((item) => item.price?.id).filter((id): id is string => Boolean(id))
  for (const plan of catalogue) {
    const price = plan.stripePriceEnv ? env[plan.stripePriceEnv] : undefined
    if (price && prices.includes(price)) return plan
  }
  const named = subscription.metadata?.plan
  const plan = named ? planById(named, catalogue) : undefined
  return plan && (paidPlanIds as string[]).includes(plan.id) ? plan : null
}

type SubscriptionRow = Tables<'subscriptions'>

/** A reading for apply_subscription_snapshot: the columns of its row, under the names the function
 * reads (the provider's subscription and customer ids, and when the provider created it); the
 * account may be unknown. */
export type Snapshot = Pick<SubscriptionRow, 'status' | 'product_name' | 'cancel_at_period_end' | 'canceled_at' | 'current_period_end'> & {
  subscription_id: NonNullable<SubscriptionRow['stripe_subscription_id']>
  customer_id: SubscriptionRow['stripe_customer_id']
  user_id: SubscriptionRow['user_id'] | null
  created_at: SubscriptionRow['stripe_created_at']
}

/** A provider reading as the row stores it. */
export function snapshotOf(subscription: ProviderSubscription, plan: Plan, userHint: string | null): Snapshot {
  const ends = [subscription.current_period_end, ...(subscription.items?.data ?? []).map((item) => item.current_period_end)].filter(
    (n): n is number => typeof n === 'number' && n > 0,
  )
  return {
    subscription_id: subscription.id,
    customer_id: idOf(subscription.customer),
    user_id: userIdOf(subscription.metadata?.user_id, userHint),
    status: subscription.status,
    product_name: plan.id,
    cancel_at_period_end: subscription.cancel_at_period_end === true,
    canceled_at: isoFromUnix(subscription.canceled_at),
    current_period_end: ends.length ? isoFromUnix(Math.max(...ends)) : null,
    created_at: isoFromUnix(subscription.created),
  }
}

// ---------------------------------------------------------------------------------------------
// Storage

type Applied = { result: 'applied' | 'stale' | 'unlinked' } | { result: 'conflict'; other: string; other_created_at: string | null }

async function rpc<T>(env: FunctionEnv, fn: string, args: Json, what: string): Promise<T> {
  const res = await serviceRest(env, `rpc/${fn}`, { method: 'POST', body: JSON.stringify(args) })
  if (!res.ok) throw new Error(`${what}: PostgREST answered ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

const nextVersion = (env: FunctionEnv) => rpc<number>(env, 'next_subscription_version', {}, 'next version')
const apply = (env: FunctionEnv, snapshot: Snapshot, version: number) =>
  rpc<Applied>(env, 'apply_subscription_snapshot', { snapshot, version }, 'apply reading')

/** Records the event id and draws the version of the reading to come; null when the id was
 * recorded before (a redelivery). */
function recordEvent(env: FunctionEnv, event: { id: string; type: string; created: number }, userId: string | null): Promise<number | null> {
  return rpc<number | null>(
    env,
    'record_payment_event',
    { event_id: event.id, event_type: event.type.slice(0, 200), created: isoFromUnix(event.created), account: userId },
    'record event',
  )
}

async function forgetEvent(env: FunctionEnv, id: string): Promise<void> {
  await restRows(serviceRest(env, `payment_events?id=eq.${encodeURIComponent(id)}`, { method: 'DELETE' }), 'forget event')
}

/** Notes on the event why it changed nothing (no account, unknown subscription or plan). */
async function noteOutcome(env: FunctionEnv, id: string, outcome: string): Promise<void> {
  await restRows(
    serviceRest(env, `payment_events?id=eq.${encodeURIComponent(id)}`, { method: 'PATCH', body: JSON.stringify({ outcome }) }),
    'note outcome',
  )
}

// ---------------------------------------------------------------------------------------------
// Reading the provider and writing the row

export type SyncResult = 'applied' | 'stale' | 'unlinked' | 'unknown_subscription' | 'unknown_plan'

const isEntitling = (status: string) => (ENTITLING as readonly string[]).includes(status)

/** Reads the subscription from the provider and writes it (see the top of this file). */
async function sync(env: FunctionEnv, provider: PaymentProvider, subscriptionId: string, userHint: string | null, firstVersion: number): Promise<SyncResult> {
  // Each round settles one duplicate (several tabs may each have bought one); the bound only
  // guards against a provider that keeps answering something new.
  for (let round = 0; round < 10; round += 1) {
    const version = round === 0 ? firstVersion : await nextVersion(env)
    const subscription = await provider.retrieveSubscription(subscriptionId)
    if (!subscription) return 'unknown_subscription'
    const plan = planOfSubscription(subscription, env)
    if (!plan) return 'unknown_plan'
    const snapshot = snapshotOf(subscription, plan, userHint)
    const outcome = await apply(env, snapshot, version)
    if (outcome.result === 'unlinked') await endOrphan(provider, snapshot)
    if (outcome.result !== 'conflict') return outcome.result
    await settleDuplicate(env, provider, snapshot, outcome.other, userHint)
  }
  throw new Error(`subscription ${subscriptionId}: duplicates could not be settled in ten rounds`)
}

/** A subscription that still runs for an account that does not exist (deleted while a checkout
 * was open, say) is paid for by nobody who can use it: it is refunded and cancelled at once. One
 * that names no account at all may be someone else's business at the provider: left alone. */
async function endOrphan(provider: PaymentProvider, snapshot: Snapshot): Promise<void> {
  if (!snapshot.user_id || (FINAL_STATUSES as readonly string[]).includes(snapshot.status)) return
  console.warn(`[stripe-webhook] ${snapshot.subscription_id} runs for an account that does not exist: refunding and cancelling it`)
  await provider.refundAndCancel(snapshot.subscription_id, 'requested_by_customer')
}

/** Two active subscriptions for one user: keep the earlier, refund and cancel the later. */
async function settleDuplicate(env: FunctionEnv, provider: PaymentProvider, mine: Snapshot, otherId: string, userHint: string | null) {
  const version = await nextVersion(env)
  const other = await provider.retrieveSubscription(otherId)
  const otherPlan = other ? planOfSubscription(other, env) : null
  if (!other || !otherPlan) throw new Error(`the row's active subscription ${otherId} is unknown to the provider`)
  const otherSnapshot = snapshotOf(other, otherPlan, userHint)
  if (!isEntitling(otherSnapshot.status)) {
    // The row held an old reading of the other one: write what the provider says now.
    await apply(env, otherSnapshot, version)
    return
  }
  const later = [mine, otherSnapshot].sort((a, b) =>
    (a.created_at ?? '') === (b.created_at ?? '') ? a.subscription_id.localeCompare(b.subscription_id) : (a.created_at ?? '').localeCompare(b.created_at ?? ''),
  )[1]!
  console.warn(`[stripe-webhook] ${later.subscription_id} is a second active subscription of one user: refunding and cancelling it`)
  const cancelVersion = await nextVersion(env)
  const canceled = await provider.refundAndCancel(later.subscription_id, 'duplicate')
  const canceledPlan = planOfSubscription(canceled, env) ?? planById(later.product_name)!
  await apply(env, snapshotOf(canceled, canceledPlan, userHint), cancelVersion)
}

// ---------------------------------------------------------------------------------------------

/** The timestamp of a Stripe-Signature header, in seconds, read exactly as the SDK reads the one it
 * verified the signature with (stripe's Webhooks.js `parseHeader`): the header split on `,`, each
 * item on `=`, the last item whose key is exactly `t`, through `parseInt(value, 10)`. So `t=+T` and
 * `t= T` are T here as there; NaN when that value is no number (or there is no `t`). */
const signedAt = (header: string): number => {
  let at = Number.NaN
  for (const item of header.split(',')) {
    const [key, value] = item.split('=')
    if (key === 't') at = Number.parseInt(value ?? '', 10)
  }
  return at
}

function isHealthCheck(raw: string): boolean {
  try {
    const body = obj(JSON.parse(raw))
    return body !== null && body.test === 'health_check'
  } catch {
    return false
  }
}

async function handler(req: Request, env: FunctionEnv): Promise<Response> {
  const { headers: cors } = corsFor(req, env, GATEWAY_CORS)
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { ...cors, 'Content-Type': 'application/json; charset=utf-8' } })

  if (req.method === 'OPTIONS') return new Response('ok', { status: 200, headers: cors })
  if (req.method !== 'POST') return new Response(null, { status: 405, headers: { ...cors, Allow: 'POST, OPTIONS' } })
  // Without these nothing can be stored: 500, so that the provider retries once they are set.
  const missing = missingSecrets(env, ['SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY'])
  if (missing.length > 0) {
    logMissingSecrets('stripe-webhook', missing)
    return json(500, { error: 'Webhook is not configured' })
  }

  let raw: string
  try {
    raw = await readLimitedText(req, MAX_BODY_BYTES)
  } catch (error) {
    if (error instanceof BodyTooLarge) return json(413, { error: 'Payload too large' })
    return json(400, { error: 'Unreadable body' })
  }
  const signature = req.headers.get('stripe-signature')
  const secret = env.STRIPE_WEBHOOK_SECRET
  const provider = paymentProvider(env)

  // The dashboard's health check: unsigned, touches nothing, and (anyone may send it) says only
  // whether the function is configured, nothing about any event or account.
  if (!signature && isHealthCheck(raw)) {
    const answer = {
      ok: Boolean(secret && provider),
      function: 'stripe-webhook',
      signature_check: secret ? 'configured' : 'not configured',
      provider: provider?.kind ?? 'not configured',
    }
    return json(secret ? 200 : 503, answer)
  }
  if (!secret) {
    console.error('[stripe-webhook] STRIPE_WEBHOOK_SECRET is not set: events cannot be verified')
    return json(503, { error: 'Webhook is not configured' })
  }
  if (!signature) return json(400, { error: 'Missing Stripe-Signature header' })

  let event: Stripe.Event
  try {
    event = await Stripe.webhooks.constructEventAsync(raw, signature, secret, TOLERANCE_SECONDS, Stripe.createSubtleCryptoProvider())
  } catch (error) {
    return json(400, { error: `Invalid signature: ${(error as Error).message}` })
  }
  // The SDK refuses only old timestamps; one far ahead of the clock would let a captured delivery
  // be replayed until then, so the tolerance holds both ways (Stripe signs as it sends). A `t` the
  // SDK reads as NaN passes its check (its signature is then over `NaN.<body>`): refused here.
  if (Number.isNaN(signedAt(signature))) return json(400, { error: 'Invalid signature: Unable to read the timestamp' })
  if (signedAt(signature) - Math.floor(Date.now() / 1000) > TOLERANCE_SECONDS) {
    return json(400, { error: 'Invalid signature: Timestamp outside the tolerance zone' })
  }
  const object = obj((event as { data?: { object?: unknown } }).data?.object)
  if (!stripeId('evt', typeof event.id === 'string' ? event.id : null) || typeof event.type !== 'string' || !isoFromUnix(event.created) || !object) {
    return json(400, { error: 'Malformed event' })
  }

  const concern = subscriptionOfEvent(event.type, object)
  if (!concern) return json(200, { received: true, result: 'ignored' })
  if (!provider) {
    logMissingSecrets('stripe-webhook', ['STRIPE_SECRET_KEY'])
    return json(500, { error: 'Webhook is not configured' })
  }

  let version: number | null
  try {
    version = await recordEvent(env, event, concern.userId)
    if (version === null) return json(200, { received: true, result: 'duplicate' })
  } catch (error) {
    console.error(`[stripe-webhook] could not record ${event.id}`, error)
    return json(500, { error: 'Could not store the event' })
  }
  try {
    const result = await sync(env, provider, concern.subscriptionId, concern.userId, version)
    if (result === 'unlinked' || result === 'unknown_plan' || result === 'unknown_subscription') {
      const why = { unlinked: 'belongs to no known account', unknown_plan: 'has a price of no plan in the catalogue', unknown_subscription: 'is unknown to the provider' }[result]
      console.warn(`[stripe-webhook] ${event.type} ${event.id}: subscription ${concern.subscriptionId} ${why}; the event is kept`)
      await noteOutcome(env, event.id, result)
    }
    return json(200, { received: true, result })
  } catch (error) {
    // Not applied: forget the id so that the provider's retry is processed.
    console.error(`[stripe-webhook] could not apply ${event.id}`, error)
    await forgetEvent(env, event.id).catch((e) => console.error(`[stripe-webhook] could not forget ${event.id}`, e))
    return json(500, { error: 'Could not store the event' })
  }
}

export default noStore(handler)
