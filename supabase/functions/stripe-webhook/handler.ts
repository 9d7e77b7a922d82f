// stripe-webhook: the payment provider's events, verified by their Stripe-Signature over the raw
// body (stripe SDK, STRIPE_WEBHOOK_SECRET, 300 s tolerance), written to the user's `subscriptions`
// row with the service role. Each event id is applied once (`payment_events`, first wins), and
// an event older (by `created`) than the row's `provider_updated_at` never overwrites it.
// Web standards and the stripe SDK only: the same module runs under Deno (index.ts) and on the
// local stack. `verify_jwt = false` in config.toml: the provider sends no Supabase JWT.
//
// Answers: 200 { received: true, result } for every verified event (unknown types: result
//          'ignored', nothing written) | 200 { ok: true, … } for a POST of { "test": "health_check" }
//          | 400 { error } missing, malformed, wrong or stale signature, nothing written | 405
//          | 413 | 500 { error } not stored (the provider retries) | 503 no signing secret.
//
// Environment: SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY (Supabase provides them),
//   STRIPE_WEBHOOK_SECRET (the endpoint's signing secret, whsec_…; the local stack sets its own),
//   SITE_ORIGINS / SITE_URL for the CORS answer to the dashboard's health check.
import Stripe from 'stripe'
import { corsFor, GATEWAY_CORS } from '../_shared/cors.ts'
import { type FunctionEnv, logMissingSecrets, missingSecrets } from '../_shared/env.ts'
import { restRows, serviceRest } from '../_shared/service-rest.ts'

export const MAX_BODY_BYTES = 512 * 1024
export const TOLERANCE_SECONDS = 300

export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.payment_succeeded',
  'invoice.payment_failed',
] as const

const STATUSES = ['active', 'trialing', 'past_due', 'canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused'] as const
export type SubscriptionStatus = (typeof STATUSES)[number]

/** What one event says about one subscription. */
export type SubscriptionUpdate = {
  subscriptionId: string
  userId: string | null
  customerId: string | null
  status: SubscriptionStatus
  /** ISO time, when the event carries it. */
  currentPeriodEnd?: string
}

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
const isStatus = (value: unknown): value is SubscriptionStatus => (STATUSES as readonly unknown[]).includes(value)
const isoFromUnix = (seconds: number) => new Date(seconds * 1000).toISOString()
const latest = (values: unknown[]): string | undefined => {
  const numbers = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0)
  return numbers.length ? isoFromUnix(Math.max(...numbers)) : undefined
}
const list = (value: unknown): Json[] => {
  const data = obj(value)?.data
  return Array.isArray(data) ? data.map(obj).filter((x): x is Json => x !== null) : []
}

/** The subscription change an event describes, or null when it concerns no subscription of ours. */
export function updateFromEvent(type: string, object: Json): SubscriptionUpdate | null {
  switch (type) {
    case 'checkout.session.completed': {
      const subscriptionId = idOf(object.subscription)
      if (object.mode !== 'subscription' || !subscriptionId) return null
      const paid = object.payment_status === 'paid' || object.payment_status === 'no_payment_required'
      return {
        subscriptionId,
        userId: userIdOf(object.client_reference_id, obj(object.metadata)?.user_id),
        customerId: idOf(object.customer),
        status: paid ? 'active' : 'incomplete',
      }
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscriptionId = str(object.id)
      const status = type === 'customer.subscription.deleted' ? 'canceled' : object.status
      if (!subscriptionId || !isStatus(status)) return null
      // Since API 2025-03-31 the period lives on the items; older versions had it at top level.
      const currentPeriodEnd = latest([...list(object.items).map((item) => item.current_period_end), object.current_period_end])
      return {
        subscriptionId,
        userId: userIdOf(obj(object.metadata)?.user_id),
        customerId: idOf(object.customer),
        status,
        ...(currentPeriodEnd ? { currentPeriodEnd } : {}),
      }
    }
    case 'invoice.payment_succeeded':
    case 'invoice.payment_failed': {
      const details = obj(obj(object.parent)?.subscription_details)
      const subscriptionId = idOf(details?.subscription) ?? idOf(object.subscription)
      if (!subscriptionId) return null
      const failed = type === 'invoice.payment_failed'
      const currentPeriodEnd = failed ? undefined : latest(list(object.lines).map((line) => obj(line.period)?.end))
      return {
        subscriptionId,
        userId: userIdOf(obj(details?.metadata)?.user_id, obj(obj(object.subscription_details)?.metadata)?.user_id),
        customerId: idOf(object.customer),
        // A first invoice that fails leaves the subscription incomplete; a renewal, past due.
        status: failed ? (object.billing_reason === 'subscription_create' ? 'incomplete' : 'past_due') : 'active',
        ...(currentPeriodEnd ? { currentPeriodEnd } : {}),
      }
    }
    default:
      return null
  }
}

// ---------------------------------------------------------------------------------------------
// Storage

export type ApplyResult = 'applied' | 'stale' | 'unlinked'

const PREFER = { Prefer: 'return=representation' }

/** Writes the update unless the row holds a newer event's state. Each step is one statement, so
 * concurrent deliveries cannot interleave inside a step. */
export async function applyUpdate(env: FunctionEnv, update: SubscriptionUpdate, created: number): Promise<ApplyResult> {
  const at = isoFromUnix(created)
  const sub = `stripe_subscription_id=eq.${encodeURIComponent(update.subscriptionId)}`
  const changes: Json = { status: update.status, provider_updated_at: at }
  if (update.currentPeriodEnd) changes.current_period_end = update.currentPeriodEnd
  if (update.customerId) changes.stripe_customer_id = update.customerId

  const patch = async (condition: string) =>
    (
      await restRows(
        serviceRest(env, `subscriptions?select=id&${sub}&${condition}`, { method: 'PATCH', headers: PREFER, body: JSON.stringify(changes) }),
        'update subscription',
      )
    ).length > 0

  const notNewer = `provider_updated_at=lte.${encodeURIComponent(at)}`
  if (await patch(notNewer)) return 'applied'
  if (update.userId) {
    const res = await serviceRest(env, 'subscriptions?select=id&on_conflict=stripe_subscription_id', {
      method: 'POST',
      headers: { Prefer: 'resolution=ignore-duplicates,return=representation' },
      body: JSON.stringify({
        user_id: update.userId,
        product_name: 'pro',
        stripe_subscription_id: update.subscriptionId,
        current_period_end: null,
        stripe_customer_id: null,
        ...changes,
      }),
    })
    // No such account (deleted, or never made): the event is kept, nothing is linked to it.
    if (res.status === 409 && (await res.clone().text()).includes('"23503"')) return 'unlinked'
    const inserted = await restRows(res, 'insert subscription')
    if (inserted.length > 0) return 'applied'
  }
  // The row exists: written meanwhile by an older event, never stamped, or newer than this one.
  if ((await patch(notNewer)) || (await patch('provider_updated_at=is.null'))) return 'applied'
  const existing = await restRows(serviceRest(env, `subscriptions?select=id&${sub}`), 'read subscription')
  return existing.length > 0 ? 'stale' : 'unlinked'
}

/** Records the event id; false when it was recorded before (a redelivery). */
async function recordEvent(env: FunctionEnv, event: { id: string; type: string; created: number }, userId: string | null): Promise<boolean> {
  const rows = await restRows(
    serviceRest(env, 'payment_events?select=id&on_conflict=id', {
      method: 'POST',
      headers: { Prefer: 'resolution=ignore-duplicates,return=representation' },
      body: JSON.stringify({ id: event.id, type: event.type, created_at: isoFromUnix(event.created), user_id: userId }),
    }),
    'record event',
  )
  return rows.length > 0
}

async function forgetEvent(env: FunctionEnv, id: string): Promise<void> {
  await restRows(serviceRest(env, `payment_events?id=eq.${encodeURIComponent(id)}`, { method: 'DELETE' }), 'forget event')
}

// ---------------------------------------------------------------------------------------------

class TooLarge extends Error {}

async function readRaw(req: Request): Promise<string> {
  if (Number(req.headers.get('content-length') ?? '0') > MAX_BODY_BYTES) throw new TooLarge()
  const bytes = new Uint8Array(await req.arrayBuffer())
  if (bytes.byteLength > MAX_BODY_BYTES) throw new TooLarge()
  return new TextDecoder().decode(bytes)
}

function isHealthCheck(raw: string): boolean {
  try {
    const body = obj(JSON.parse(raw))
    return body !== null && body.test === 'health_check'
  } catch {
    return false
  }
}

export default async function handler(req: Request, env: FunctionEnv): Promise<Response> {
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
    raw = await readRaw(req)
  } catch (error) {
    if (error instanceof TooLarge) return json(413, { error: 'Payload too large' })
    return json(400, { error: 'Unreadable body' })
  }
  const signature = req.headers.get('stripe-signature')
  const secret = env.STRIPE_WEBHOOK_SECRET

  // The dashboard's health check: unsigned, reveals nothing, touches nothing.
  if (!signature && isHealthCheck(raw)) {
    return secret
      ? json(200, { ok: true, function: 'stripe-webhook', signature_check: 'configured' })
      : json(503, { ok: false, function: 'stripe-webhook', signature_check: 'not configured' })
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
  const object = obj((event as { data?: { object?: unknown } }).data?.object)
  if (typeof event.id !== 'string' || typeof event.type !== 'string' || typeof event.created !== 'number' || !object) {
    return json(400, { error: 'Malformed event' })
  }

  const update = updateFromEvent(event.type, object)
  if (!update) return json(200, { received: true, result: 'ignored' })

  try {
    if (!(await recordEvent(env, event, update.userId))) return json(200, { received: true, result: 'duplicate' })
  } catch (error) {
    console.error(`[stripe-webhook] could not record ${event.id}`, error)
    return json(500, { error: 'Could not store the event' })
  }
  try {
    const result = await applyUpdate(env, update, event.created)
    if (result === 'unlinked') {
      console.warn(`[stripe-webhook] ${event.type} ${event.id}: subscription ${update.subscriptionId} belongs to no known user`)
    }
    return json(200, { received: true, result })
  } catch (error) {
    // Not applied: forget the id so that the provider's retry is processed.
    console.error(`[stripe-webhook] could not apply ${event.id}`, error)
    await forgetEvent(env, event.id).catch((e) => console.error(`[stripe-webhook] could not forget ${event.id}`, e))
    return json(500, { error: 'Could not store the event' })
  }
}
