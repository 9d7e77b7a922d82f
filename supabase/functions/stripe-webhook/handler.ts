// stripe-webhook: the payment provider's events, verified by their Stripe-Signature over the raw
// body (stripe SDK, STRIPE_WEBHOOK_SECRET, 300 s tolerance). Web standards and the stripe SDK only:
// the same module runs under Deno (index.ts) and on the local stack. `verify_jwt = false` in
// config.toml: the provider sends no Supabase JWT.
//
// What an event does here (record it once, read the subscription back from the provider, write the
// reading under a version; the e-mail of a failed attempt; a fixed card paying what is owed) is the
// payment ledger's (_shared/payment-ledger.ts), which the nightly reconciliation (reconcile-payments)
// uses as well for the events Stripe did not deliver.
//
// Answers: 200 { received: true, result } for every verified event: 'applied' | 'stale' (nothing
//          newer to write) | 'duplicate' (a redelivery) | 'unlinked' (no account: the event is
//          kept with the account id it names, nothing else) | 'unknown_subscription' |
//          'unknown_plan' | 'settled' (a new default card paid what was owed) | 'ignored' (not a
//          subscription event) | 200 { ok: true, … } for a POST
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
import { type FunctionEnv, logMissingSecrets, missingSecrets } from '../_shared/env.ts'
import { BodyTooLarge, readLimitedText } from '../_shared/json-body.ts'
import { concernsLedger, isoFromUnix, type LedgerEvent, LedgerError, obj, processEvent, stripeId } from '../_shared/payment-ledger.ts'
import { paymentProvider } from '../_shared/payment-provider.ts'
import { noStore } from '../_shared/no-store.ts'

export {
  ENTITLING,
  FINAL_STATUSES,
  HANDLED_EVENTS,
  planOfSubscription,
  type Snapshot,
  snapshotOf,
  subscriptionOfEvent,
  type SyncResult,
} from '../_shared/payment-ledger.ts'

export const MAX_BODY_BYTES = 512 * 1024
export const TOLERANCE_SECONDS = 300

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

  const handed = event as unknown as LedgerEvent
  if (!concernsLedger(handed)) return json(200, { received: true, result: 'ignored' })
  if (!provider) {
    logMissingSecrets('stripe-webhook', ['STRIPE_SECRET_KEY'])
    return json(500, { error: 'Webhook is not configured' })
  }
  try {
    const { result } = await processEvent(env, provider, handed)
    return json(200, { received: true, result })
  } catch (error) {
    if (error instanceof LedgerError) return json(500, { error: 'Could not store the event' })
    throw error
  }
}

export default noStore(handler)
