// reconcile-payments: the nightly re-reading of the payment provider. pg_cron runs the job
// reconcile-payments at 02:37 UTC (migration 20261128100001_renewals.sql), which POSTs here through
// pg_net with the service-role key. Webhooks can be lost for good (an endpoint down for longer than
// Stripe's three days of retries, an event Stripe failed to make), and then a row would keep a
// state Stripe left long ago. So every night:
//   1. every subscription at the provider (all statuses) is compared with its row; a subscription
//      whose row says something else (status, cancellation, period), or that has no row though it
//      names an account and still runs, is a drift: it is read again and written through the payment
//      ledger's guarded path (a fresh version, apply_subscription_snapshot), and logged as a warning
//      (the function's logs: Supabase dashboard > Edge Functions > reconcile-payments > Logs);
//   2. the events of the last three days that have not reached the webhook (Stripe's List Events
//      with delivery_success=false) are handed to the ledger as the webhook would hand them: each
//      is handled once (its id is recorded), re-reads its subscription, and e-mails a failed
//      attempt once;
//   3. the run is recorded in payment_reconciliations: what it read, the drifts it found, the events
//      it replayed, each row whose write changed what it shows, and the provider's settings this
//      site needs that its API shows off (the portal's update of the payment method; logged as an
//      error too); runs older than 90 days go.
// Every write goes through the ledger's version and final-state guards, so a run is safe at any
// time, twice at once (the second run's writes change nothing, and it records no change), and
// before a stale event (which then finds its id recorded, or reads the provider afresh).
//
// Request: POST (any body; the job sends { "action": "reconcile" }) with the service-role key.
// Answers: 200 { subscriptions_read, events_replayed, drift, changes, settings_off } | 401 not the service role
//        | 405 | 500 not configured (one log line names the missing secret) | 502 the provider or the
//        database failed (nothing recorded; the next night runs again).
//
// Environment: SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY (Supabase provides them), STRIPE_SECRET_KEY
//   (without it, the local stack's LOCAL_PAYMENTS_URL), STRIPE_PRICE_<PLAN>, and what the ledger's
//   e-mails need (BREVO_API_KEY, SITE_URL, AUTH_MAIL_FROM).
import type { Tables } from '../_shared/database.types.ts'
import { type FunctionEnv, logMissingSecrets, missingSecrets } from '../_shared/env.ts'
import { noStore } from '../_shared/no-store.ts'
import { FINAL_STATUSES, HANDLED_EVENTS, nextVersion, planOfSubscription, processEvent, snapshotOf, subscriptionOfEvent, sync } from '../_shared/payment-ledger.ts'
import { type PaymentProvider, type ProviderSubscription, paymentProvider } from '../_shared/payment-provider.ts'
import { restRows, serviceRest } from '../_shared/service-rest.ts'
import { isServiceRoleRequest, json } from '../_shared/signed-in-user.ts'

/** How far back undelivered events are replayed: Stripe's retries last three days. */
export const REPLAY_SECONDS = 3 * 24 * 3600
/** How long the runs' records are kept. */
export const KEEP_RUNS_DAYS = 90

type Row = Pick<Tables<'subscriptions'>, 'stripe_subscription_id' | 'user_id' | 'status' | 'cancel_at_period_end' | 'canceled_at' | 'current_period_end'>
/** What the provider and the row say of one subscription. */
type Seen = Pick<Row, 'status' | 'cancel_at_period_end' | 'canceled_at' | 'current_period_end'>
export type Drift = { subscription: string; provider: Seen; database: Seen | null }
export type Change = { subscription: string; event?: string }

const FIELDS = ['status', 'cancel_at_period_end', 'canceled_at', 'current_period_end'] as const
const sameTime = (a: string | null, b: string | null) => (a === null || b === null ? a === b : Date.parse(a) === Date.parse(b))
const differs = (provider: Seen, row: Seen) =>
  FIELDS.some((field) => (field === 'canceled_at' || field === 'current_period_end' ? !sameTime(provider[field], row[field]) : provider[field] !== row[field]))

/** The rows of these subscriptions, by id. */
async function rowsOf(env: FunctionEnv, ids: string[]): Promise<Map<string, Row>> {
  if (ids.length === 0) return new Map()
  const rows = await restRows<Row>(
    serviceRest(env, `subscriptions?select=stripe_subscription_id,user_id,status,cancel_at_period_end,canceled_at,current_period_end&stripe_subscription_id=in.(${ids.join(',')})`),
    'rows of the subscriptions',
  )
  return new Map(rows.map((row) => [row.stripe_subscription_id!, row]))
}

/** One page of the provider's subscriptions against their rows: each drift is written afresh. */
async function checkPage(env: FunctionEnv, provider: PaymentProvider, page: ProviderSubscription[], drift: Drift[], changes: Change[]) {
  const rows = await rowsOf(env, page.map((s) => s.id).filter((id) => /^sub_\w+$/.test(id)))
  for (const subscription of page) {
    const plan = planOfSubscription(subscription, env)
    // Not a subscription of this site's plans (someone else's business at the same account).
    if (!plan) continue
    const { status, cancel_at_period_end, canceled_at, current_period_end, user_id } = snapshotOf(subscription, plan, null)
    const seen: Seen = { status, cancel_at_period_end, canceled_at, current_period_end }
    const row = rows.get(subscription.id)
    if (row ? !differs(seen, row) : !user_id || (FINAL_STATUSES as readonly string[]).includes(status)) continue
    drift.push({ subscription: subscription.id, provider: seen, database: row ? { status: row.status, cancel_at_period_end: row.cancel_at_period_end, canceled_at: row.canceled_at, current_period_end: row.current_period_end } : null })
    const synced = await sync(env, provider, subscription.id, row?.user_id ?? null, await nextVersion(env))
    if (synced.changed) changes.push({ subscription: subscription.id })
  }
}

export async function reconcile(env: FunctionEnv, provider: PaymentProvider, now = Date.now()) {
  const startedAt = new Date(now).toISOString()
  const drift: Drift[] = []
  const changes: Change[] = []
  let read = 0
  let page: ProviderSubscription[] = []
  for await (const subscription of provider.listSubscriptions()) {
    read += 1
    page.push(subscription)
    if (page.length === 100) {
      await checkPage(env, provider, page, drift, changes)
      page = []
    }
  }
  await checkPage(env, provider, page, drift, changes)

  let replayed = 0
  for await (const event of provider.undeliveredEvents(Math.floor(now / 1000) - REPLAY_SECONDS, HANDLED_EVENTS)) {
    const { result, changed } = await processEvent(env, provider, event, 'reconcile-payments')
    if (result !== 'duplicate' && result !== 'ignored') replayed += 1
    const subscription = subscriptionOfEvent(event.type, event.data.object)?.subscriptionId ?? String(event.data.object.id ?? '')
    if (changed) changes.push({ subscription, event: event.id })
  }

  for (const d of drift) {
    console.warn(
      `[reconcile-payments] drift: ${d.subscription} is ${d.provider.status}${d.provider.cancel_at_period_end ? ' (cancels at the period end)' : ''} at the payment provider, ` +
        `${d.database ? `${d.database.status}${d.database.cancel_at_period_end ? ' (cancels at the period end)' : ''}` : 'missing'} in the database: read again and written`,
    )
  }
  // What the provider's API lets us check of its settings (the rest are in the README's Deploy).
  const settingsOff = await provider.missingSettings()
  for (const setting of settingsOff) {
    console.error(`[reconcile-payments] the payment provider's setting ${setting} is off: customers cannot fix a failed payment in one press (README, Deploy)`)
  }
  const run = { started_at: startedAt, subscriptions_read: read, events_replayed: replayed, drift, changes, settings_off: settingsOff }
  await restRows(serviceRest(env, 'payment_reconciliations', { method: 'POST', headers: { Prefer: 'return=minimal' }, body: JSON.stringify(run) }), 'record the run')
  const cutoff = new Date(now - KEEP_RUNS_DAYS * 86_400_000).toISOString()
  await restRows(serviceRest(env, `payment_reconciliations?started_at=lt.${encodeURIComponent(cutoff)}`, { method: 'DELETE' }), 'forget old runs')
  return run
}

async function handler(req: Request, env: FunctionEnv): Promise<Response> {
  if (req.method !== 'POST') return json(405, { error: 'Method not allowed' }, {}, { Allow: 'POST' })
  const provider = paymentProvider(env)
  const missing = missingSecrets(env, ['SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY'])
  if (missing.length > 0 || !provider) {
    logMissingSecrets('reconcile-payments', [...missing, ...(provider ? [] : ['STRIPE_SECRET_KEY'])])
    return json(500, { error: 'Payments are not configured' }, {})
  }
  if (!isServiceRoleRequest(req, env)) return json(401, { error: 'The service role is required' }, {})
  await req.body?.cancel()
  try {
    const { subscriptions_read, events_replayed, drift, changes, settings_off } = await reconcile(env, provider)
    return json(200, { subscriptions_read, events_replayed, drift, changes, settings_off }, {})
  } catch (error) {
    console.error(`[reconcile-payments] the run stopped: ${(error as Error).message}`)
    return json(502, { error: 'The reconciliation could not finish' }, {})
  }
}

export default noStore(handler)
