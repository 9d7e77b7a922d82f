// The payment ledger: what an event of the payment provider does here, whoever hands it over: the
// webhook (stripe-webhook, once Stripe's signature is checked) or the nightly reconciliation
// (reconcile-payments, for the events Stripe has not delivered). Web standards only.
//
// How the row stays right whatever Stripe does with its events. Stripe guarantees no order,
// retries an event for up to three days, may deliver one twice, and stamps `created` in whole
// seconds, so two events of one second cannot be ordered by their stamps, and an event's payload
// may describe a state that has long been replaced. So an event is taken as a notice only: "this
// subscription changed". The ledger then
//   1. records the event id (payment_events; a redelivery, or a replay of a delivered event, stops
//      here);
//   2. draws a version from the database (next_subscription_version) and only then reads the
//      subscription from the provider's API (and, while a payment is owed, its latest invoice): the
//      reading that starts later has the higher version and sees the provider's state as of its
//      start or later;
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
// Failed renewals. An invoice's failed attempt (invoice.payment_failed, and
// invoice.payment_action_required when the customer's bank wants them to confirm it) changes the
// row as any event does (the status, past_due, comes from the reading), and then, if the invoice is
// still open when read again, e-mails the account once per attempt (claim_payment_mail: one mail per
// invoice and attempt, whatever the events and deliveries) in its language, with the link of the
// invoice's page at the provider, where it is paid (and confirmed with the bank). A fixed card:
// when the customer's default payment method changes (customer.updated, the portal's update), each
// subscription of theirs that owes a payment is given that method (the subscription's own comes
// first in Stripe's order) and its open invoice is paid with it; when an invoice is paid with a
// method other than the subscription's (on the invoice's page), that method becomes the
// subscription's, so the next renewal does not go back to the card that failed.
import type { Tables } from './database.types.ts'
import type { FunctionEnv } from './env.ts'
import { logMissingSecrets } from './env.ts'
import { missingMailSecrets, sendMail } from './mail.ts'
import { type PaymentMailKind, renderPaymentMail } from './payment-mail.ts'
import type { PaymentProvider, ProviderInvoice, ProviderSubscription } from './payment-provider.ts'
import { OWING_STATUSES, type Plan, paidPlanIds, planById, plans } from './plans.ts'
import { restRows, serviceRest } from './service-rest.ts'

export { HANDLED_EVENTS } from './payment-events.ts'

export const FINAL_STATUSES = ['canceled', 'incomplete_expired'] as const
export const ENTITLING = ['active', 'trialing'] as const

type Json = Record<string, unknown>
export const obj = (value: unknown): Json | null =>
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
export const isoFromUnix = (seconds: unknown): string | null =>
  typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 && seconds < 253_402_300_800 ? new Date(seconds * 1000).toISOString() : null
/** Stripe's ids: a prefix, an underscore, letters, digits and underscores. */
export const stripeId = (prefix: string, value: string | null): string | null =>
  value !== null && value.length <= 255 && new RegExp(`^${prefix}_\\w+$`).test(value) ? value : null

const isOwing = (status: string) => (OWING_STATUSES as readonly string[]).includes(status)

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
    case 'invoice.finalized':
    case 'invoice.payment_succeeded':
    case 'invoice.paid':
    case 'invoice.payment_failed':
    case 'invoice.payment_action_required': {
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

/** The customer whose default payment method an event says changed (customer.updated with
 * `previous_attributes.invoice_settings`: the portal's update of the card), or null. */
export function customerOfEvent(type: string, object: Json, previous: Json | null): string | null {
  if (type !== 'customer.updated' || !previous || !('invoice_settings' in previous)) return null
  return stripeId('cus', str(object.id))
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

/** What a reading says of the payment owed: whether the bank waits for the customer (3-D Secure),
 * and when the provider tries again. */
export type PaymentState = Pick<SubscriptionRow, 'payment_action_required' | 'next_payment_attempt'>
export const NOTHING_OWED: PaymentState = { payment_action_required: false, next_payment_attempt: null }

/** A reading for apply_subscription_snapshot: the columns of its row, under the names the function
 * reads (the provider's subscription and customer ids, and when the provider created it); the
 * account may be unknown. */
export type Snapshot = Pick<SubscriptionRow, 'status' | 'product_name' | 'cancel_at_period_end' | 'canceled_at' | 'current_period_end'> &
  PaymentState & {
    subscription_id: NonNullable<SubscriptionRow['stripe_subscription_id']>
    customer_id: SubscriptionRow['stripe_customer_id']
    user_id: SubscriptionRow['user_id'] | null
    created_at: SubscriptionRow['stripe_created_at']
  }

/** A provider reading as the row stores it. */
export function snapshotOf(subscription: ProviderSubscription, plan: Plan, userHint: string | null, payment: PaymentState = NOTHING_OWED): Snapshot {
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
    ...payment,
  }
}

/** The payment a subscription owes, from its latest invoice (read only while it owes one). */
export function paymentStateOf(subscription: ProviderSubscription, invoice: ProviderInvoice | null): PaymentState {
  if (!isOwing(subscription.status) || invoice?.status !== 'open') return NOTHING_OWED
  return { payment_action_required: invoice.payment?.status === 'requires_action', next_payment_attempt: isoFromUnix(invoice.next_payment_attempt) }
}

// ---------------------------------------------------------------------------------------------
// Storage

type Applied = { result: 'applied'; changed?: boolean } | { result: 'stale' | 'unlinked' } | { result: 'conflict'; other: string; other_created_at: string | null }

async function rpc<T>(env: FunctionEnv, fn: string, args: Json, what: string): Promise<T> {
  const res = await serviceRest(env, `rpc/${fn}`, { method: 'POST', body: JSON.stringify(args) })
  if (!res.ok) throw new Error(`${what}: PostgREST answered ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

export const nextVersion = (env: FunctionEnv) => rpc<number>(env, 'next_subscription_version', {}, 'next version')
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

/** A sync's result, whether its write changed what the row shows, and the reading it wrote. */
export type Synced = { result: SyncResult; changed: boolean; subscription: ProviderSubscription | null }

const isEntitling = (status: string) => (ENTITLING as readonly string[]).includes(status)

/** The subscription as the provider holds it now, with the payment it owes. */
async function readSubscription(provider: PaymentProvider, id: string): Promise<{ subscription: ProviderSubscription; payment: PaymentState } | null> {
  const subscription = await provider.retrieveSubscription(id)
  if (!subscription) return null
  const invoiceId = isOwing(subscription.status) ? idOf(subscription.latest_invoice) : null
  const invoice = invoiceId ? await provider.retrieveInvoice(invoiceId) : null
  return { subscription, payment: paymentStateOf(subscription, invoice) }
}

/** Reads the subscription from the provider and writes it (see the top of this file). */
export async function sync(env: FunctionEnv, provider: PaymentProvider, subscriptionId: string, userHint: string | null, firstVersion: number): Promise<Synced> {
  // Each round settles one duplicate (several tabs may each have bought one); the bound only
  // guards against a provider that keeps answering something new.
  for (let round = 0; round < 10; round += 1) {
    const version = round === 0 ? firstVersion : await nextVersion(env)
    const reading = await readSubscription(provider, subscriptionId)
    if (!reading) return { result: 'unknown_subscription', changed: false, subscription: null }
    const { subscription } = reading
    const plan = planOfSubscription(subscription, env)
    if (!plan) return { result: 'unknown_plan', changed: false, subscription }
    const snapshot = snapshotOf(subscription, plan, userHint, reading.payment)
    const outcome = await apply(env, snapshot, version)
    if (outcome.result === 'unlinked') await endOrphan(provider, snapshot)
    if (outcome.result !== 'conflict') return { result: outcome.result, changed: outcome.result === 'applied' && outcome.changed !== false, subscription }
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
// Failed attempts, fixed cards

let mailUnconfiguredLogged = false

/** One e-mail per failed attempt of an invoice still open, in the account's language, with the
 * invoice's page at the provider (pay, confirm with the bank). The mail is claimed before it is
 * sent; a mail that could not be sent releases its claim and throws, so that the event is handled
 * again (nothing lost). */
async function mailAttempt(env: FunctionEnv, provider: PaymentProvider, object: Json, subscription: ProviderSubscription): Promise<void> {
  const invoiceId = stripeId('in', str(object.id))
  if (!invoiceId) return
  if (missingMailSecrets(env).length > 0) {
    if (!mailUnconfiguredLogged) logMissingSecrets('stripe-webhook', missingMailSecrets(env))
    mailUnconfiguredLogged = true
    return
  }
  const invoice = await provider.retrieveInvoice(invoiceId)
  // Paid (or voided) meanwhile: a late report of an attempt needs no mail.
  if (invoice?.status !== 'open') return
  const reported = typeof object.attempt_count === 'number' && object.attempt_count > 0 ? object.attempt_count : null
  const attempt = reported ?? (typeof invoice.attempt_count === 'number' && invoice.attempt_count > 0 ? invoice.attempt_count : 1)
  const kind: PaymentMailKind = invoice.payment?.status === 'requires_action' ? 'action_required' : 'failed'
  const recipient = await rpc<{ email: string; lang: string } | null>(
    env,
    'claim_payment_mail',
    { invoice_id: invoiceId, attempt, subscription_id: subscription.id, kind },
    'claim mail',
  )
  if (!recipient) return
  const key = `payment_mails?invoice_id=eq.${encodeURIComponent(invoiceId)}&attempt=eq.${attempt}`
  const plan = planOfSubscription(subscription, env)
  const lang = recipient.lang === 'en' ? 'en' : 'nb'
  const site = (env.SITE_URL ?? '').replace(/\/+$/, '')
  try {
    const mail = renderPaymentMail({
      kind,
      lang,
      planName: plan?.name ?? 'Pro',
      amount: typeof invoice.amount_due === 'number' ? invoice.amount_due : 0,
      currency: invoice.currency ?? 'nok',
      nextAttempt: invoice.next_payment_attempt ?? null,
      link: invoice.hosted_invoice_url ?? `${site}${lang === 'en' ? '/en' : ''}/app`,
    })
    await sendMail(env, { from: env.AUTH_MAIL_FROM ?? 'Vekstlinje <noreply@vekstlinje.no>', to: recipient.email, ...mail })
  } catch (error) {
    await restRows(serviceRest(env, `${key}&sent_at=is.null`, { method: 'DELETE' }), 'release mail').catch(() => {})
    throw error
  }
  await restRows(serviceRest(env, key, { method: 'PATCH', body: JSON.stringify({ sent_at: new Date().toISOString() }) }), 'mail sent')
}

/** The customer's default payment method changed (the portal's update): each subscription of
 * theirs that owes a payment gets it as its own, and its open invoice is paid with it; the rows are
 * then written from fresh readings. Answers how many subscriptions it settled. */
async function settleCustomer(env: FunctionEnv, provider: PaymentProvider, customerId: string): Promise<number> {
  const customer = await provider.retrieveCustomer(customerId)
  const method = customer?.default_payment_method
  if (!method) return 0
  const rows = await restRows<Pick<SubscriptionRow, 'stripe_subscription_id' | 'user_id'>>(
    serviceRest(env, `subscriptions?select=stripe_subscription_id,user_id&stripe_customer_id=eq.${encodeURIComponent(customerId)}&status=in.(${OWING_STATUSES.join(',')})`),
    'subscriptions of the customer',
  )
  let settled = 0
  for (const row of rows) {
    const subscription = row.stripe_subscription_id ? await provider.retrieveSubscription(row.stripe_subscription_id) : null
    if (!subscription || !isOwing(subscription.status)) continue
    if (idOf(subscription.default_payment_method) !== method) await provider.setSubscriptionPaymentMethod(subscription.id, method)
    const invoiceId = idOf(subscription.latest_invoice)
    const invoice = invoiceId ? await provider.retrieveInvoice(invoiceId) : null
    if (invoice?.status === 'open') {
      const outcome = await provider.payInvoice(invoice.id, method)
      if (outcome !== 'paid') console.warn(`[stripe-webhook] ${invoice.id} of ${subscription.id}: the new payment method did not pay it (${outcome})`)
    }
    await sync(env, provider, subscription.id, row.user_id, await nextVersion(env))
    settled += 1
  }
  return settled
}

/** An invoice paid with another method than the subscription's (the customer paid on the
 * invoice's page with a new card): that method becomes the subscription's. */
async function adoptPaymentMethod(provider: PaymentProvider, object: Json, subscription: ProviderSubscription): Promise<void> {
  const invoiceId = stripeId('in', str(object.id))
  if (!invoiceId || (FINAL_STATUSES as readonly string[]).includes(subscription.status)) return
  const invoice = await provider.retrieveInvoice(invoiceId)
  const method = invoice?.status === 'paid' ? invoice.payment?.payment_method : null
  if (method && idOf(subscription.default_payment_method) !== method) await provider.setSubscriptionPaymentMethod(subscription.id, method)
}

/** The invoice's row as the dashboard and the export read it; null for a draft (no number yet). */
export function invoiceRowOf(invoice: ProviderInvoice, userId: string | null, subscriptionId: string | null): Json | null {
  if (!invoice.number || !invoice.status || invoice.status === 'draft') return null
  const subtotal = invoice.subtotal ?? invoice.amount_due ?? 0
  const total = invoice.total ?? invoice.amount_due ?? subtotal
  const tax = invoice.total_taxes ? invoice.total_taxes.reduce((sum, t) => sum + (t.amount ?? 0), 0) : total - subtotal
  const period = invoice.lines?.data?.[0]?.period
  return {
    id: invoice.id,
    user_id: userId,
    stripe_customer_id: idOf(invoice.customer ?? null),
    stripe_subscription_id: subscriptionId,
    number: invoice.number,
    status: invoice.status,
    currency: invoice.currency ?? 'nok',
    subtotal,
    tax,
    total,
    tax_treatment: invoice.customer_tax_exempt === 'reverse' ? 'reverse_charge' : 'standard',
    issued_at: isoFromUnix(invoice.status_transitions?.finalized_at ?? invoice.created),
    due_at: isoFromUnix(invoice.due_date ?? invoice.status_transitions?.finalized_at ?? invoice.created),
    period_start: isoFromUnix(period?.start),
    period_end: isoFromUnix(period?.end),
    buyer_name: invoice.customer_name ?? null,
    buyer_tax_id: invoice.customer_tax_ids?.[0]?.value ?? null,
    invoice_pdf: invoice.invoice_pdf ?? null,
    hosted_invoice_url: invoice.hosted_invoice_url ?? null,
  }
}

/** Reads the event's invoice afresh and records it (record_invoice keeps a paid one paid). */
async function keepInvoice(env: FunctionEnv, provider: PaymentProvider, object: Json, subscription: ProviderSubscription, userHint: string | null): Promise<void> {
  const invoiceId = stripeId('in', str(object.id))
  if (!invoiceId) return
  const invoice = await provider.retrieveInvoice(invoiceId)
  const userId = userHint ?? userIdOf(obj(subscription.metadata)?.user_id)
  const row = invoice ? invoiceRowOf(invoice, userId, subscription.id) : null
  if (row) await rpc(env, 'record_invoice', { reading: row }, 'record invoice')
}

// ---------------------------------------------------------------------------------------------

/** What handling an event came to: a sync's result, `settled` (a fixed card paid what was owed),
 * `duplicate` (handled before) or `ignored` (nothing here to do). */
export type LedgerResult = SyncResult | 'settled' | 'duplicate' | 'ignored'

/** The event could not be recorded or handled: nothing of it is kept (the webhook answers 500, so
 * that Stripe delivers it again; the reconciliation tries again the next night). */
export class LedgerError extends Error {}

export type LedgerEvent = { id: string; type: string; created: number; data?: { object?: unknown; previous_attributes?: unknown } }

/** Whether the ledger has anything to do with an event (a subscription's, or a card's change). */
export function concernsLedger(event: LedgerEvent): boolean {
  const object = obj(event.data?.object) ?? {}
  return subscriptionOfEvent(event.type, object) !== null || customerOfEvent(event.type, object, obj(event.data?.previous_attributes)) !== null
}

/** Handles one event of the provider, once (see the top of this file). */
export async function processEvent(env: FunctionEnv, provider: PaymentProvider, event: LedgerEvent, origin = 'stripe-webhook'): Promise<{ result: LedgerResult; changed: boolean }> {
  const object = obj(event.data?.object) ?? {}
  const concern = subscriptionOfEvent(event.type, object)
  const customer = concern ? null : customerOfEvent(event.type, object, obj(event.data?.previous_attributes))
  if (!concern && !customer) return { result: 'ignored', changed: false }

  let version: number | null
  try {
    version = await recordEvent(env, event, concern?.userId ?? null)
  } catch (error) {
    console.error(`[${origin}] could not record ${event.id}`, error)
    throw new LedgerError(`could not record ${event.id}`)
  }
  if (version === null) return { result: 'duplicate', changed: false }
  try {
    if (customer) return { result: (await settleCustomer(env, provider, customer)) > 0 ? 'settled' : 'ignored', changed: false }
    const synced = await sync(env, provider, concern!.subscriptionId, concern!.userId, version)
    const { result, subscription } = synced
    if (result === 'unlinked' || result === 'unknown_plan' || result === 'unknown_subscription') {
      const why = { unlinked: 'belongs to no known account', unknown_plan: 'has a price of no plan in the catalogue', unknown_subscription: 'is unknown to the provider' }[result]
      console.warn(`[${origin}] ${event.type} ${event.id}: subscription ${concern!.subscriptionId} ${why}; the event is kept`)
      await noteOutcome(env, event.id, result)
    } else if (subscription && (event.type === 'invoice.payment_failed' || event.type === 'invoice.payment_action_required')) {
      await mailAttempt(env, provider, object, subscription)
    } else if (subscription && event.type === 'invoice.paid') {
      await adoptPaymentMethod(provider, object, subscription)
    }
    // Every invoice event of a known account's subscription: the invoice as it is now, for the
    // dashboard's list and the accounting export.
    if (subscription && event.type.startsWith('invoice.') && (result === 'applied' || result === 'stale')) {
      await keepInvoice(env, provider, object, subscription, concern!.userId)
    }
    return { result, changed: synced.changed }
  } catch (error) {
    // Not applied: forget the id so that the provider's retry (or the next replay) is processed.
    console.error(`[${origin}] could not apply ${event.id}`, error)
    await forgetEvent(env, event.id).catch((e) => console.error(`[${origin}] could not forget ${event.id}`, e))
    throw new LedgerError(`could not apply ${event.id}`)
  }
}
