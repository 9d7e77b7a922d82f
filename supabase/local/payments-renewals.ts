// The payment stand-in's renewals, on a test clock of each customer (as Stripe's test clocks: the
// customer's time runs ahead of real time, and only forward). A renewal makes the next period's
// invoice and charges it to the subscription's card (else the customer's default card, Stripe's
// order); how it goes is the card's (payments-store.ts CARDS): paid, declined, or waiting for the
// customer's bank (3-D Secure). A failed renewal makes the subscription past due and plans the next
// automatic attempt as Smart Retries do (eight tries in two weeks); after the last one fails, the
// subscription is unpaid (the final action this project asks Stripe for). Paying the open invoice
// later (invoices.pay, or on the invoice's page) brings it back to active. Each change answers the
// events Stripe sends for it, in the order Stripe usually sends them.
import { billInvoice } from './payments-billing.ts'
import type { PaymentHelpers } from './payments-helpers.ts'
import {
  type InvoiceRow,
  localId,
  MAX_ATTEMPTS,
  now as realNow,
  PERIOD_SECONDS,
  RETRY_DAYS,
  type SubscriptionRow,
} from './payments-store.ts'
import { event, invoice as invoiceShape, type Json, subscriptionObject } from './payments-stripe-shapes.ts'

const DAY = 24 * 3600
const OWING = ['past_due', 'unpaid', 'incomplete']

/** How a charge is made: an automatic attempt of the retry schedule; a manual one (invoices.pay,
 * the invoice's page, off session); or one the customer confirmed with their bank. */
export type ChargeKind = 'automatic' | 'manual' | 'authenticated'
export type ChargeOutcome = 'paid' | 'declined' | 'requires_action'

/** The customer's time: real time and its test clock's advance. */
export async function clockOf(h: PaymentHelpers, customer: string): Promise<number> {
  const { rows } = await h.db.query<{ clock_offset: number }>('select clock_offset from local_stack.customers where id = $1', [customer])
  return realNow() + Number(rows[0]?.clock_offset ?? 0)
}

/** Moves the customer's test clock forward to `t` (never back). */
async function advanceClock(h: PaymentHelpers, customer: string, t: number): Promise<void> {
  await h.db.query('update local_stack.customers set clock_offset = greatest(clock_offset, $2::bigint - $3::bigint) where id = $1', [customer, t, realNow()])
}

/** The card a renewal is charged to: the subscription's, else the customer's default. */
export async function cardFor(h: PaymentHelpers, row: SubscriptionRow): Promise<string | null> {
  if (row.default_payment_method) return row.default_payment_method
  const { rows } = await h.db.query<{ default_payment_method: string | null }>('select default_payment_method from local_stack.customers where id = $1', [row.customer_id])
  return rows[0]?.default_payment_method ?? null
}

/** What charging a card does: the stand-in's cards behave as Stripe's test cards. */
export function outcomeOf(card: string | null, attempt: number, kind: ChargeKind): ChargeOutcome {
  switch (card) {
    case null:
    case 'pm_local_card_declined':
      return 'declined'
    case 'pm_local_card_3ds':
      return kind === 'authenticated' ? 'paid' : 'requires_action'
    case 'pm_local_card_recovers':
      return kind === 'automatic' && attempt <= 1 ? 'declined' : 'paid'
    default:
      return 'paid'
  }
}

/** When the schedule tries an invoice next after its `attempt`-th automatic attempt; null after the last. */
const nextAttemptAfter = (invoice: InvoiceRow, attempt: number) => (attempt < MAX_ATTEMPTS ? Number(invoice.created) + RETRY_DAYS[attempt - 1]! * DAY : null)

async function setStatus(h: PaymentHelpers, row: SubscriptionRow, status: string): Promise<SubscriptionRow> {
  if (row.status === status) return row
  const { rows } = await h.db.query<SubscriptionRow>('update local_stack.subscriptions set status = $2, revision = revision + 1 where id = $1 returning *', [row.id, status])
  return rows[0]!
}

/** Charges an open invoice of a subscription with a card, and answers how it went and the events
 * Stripe sends. An automatic attempt counts in the schedule (the next is planned, or after the last
 * the subscription is unpaid); a manual or confirmed one does not. */
export async function charge(h: PaymentHelpers, invoice: InvoiceRow, card: string | null, kind: ChargeKind): Promise<{ outcome: ChargeOutcome; events: Json[] }> {
  const row = (await h.subscriptionById(invoice.subscription_id))!
  const attempt = kind === 'automatic' ? Number(invoice.attempt_count) + 1 : Math.max(Number(invoice.attempt_count), 1)
  const outcome = outcomeOf(card, attempt, kind)
  const next = outcome === 'paid' ? null : kind === 'automatic' ? nextAttemptAfter(invoice, attempt) : invoice.next_payment_attempt
  const { rows } = await h.db.query<InvoiceRow>(
    `update local_stack.invoices set status = $2, intent_status = $3, payment_method = $4, attempt_count = $5, next_payment_attempt = $6 where id = $1 returning *`,
    [invoice.id, outcome === 'paid' ? 'paid' : 'open', outcome === 'paid' ? 'succeeded' : outcome === 'declined' ? 'requires_payment_method' : 'requires_action', card, attempt, next],
  )
  const object = h.invoiceObject(rows[0]!)
  const status =
    outcome === 'paid' ? (OWING.includes(row.status) ? 'active' : row.status) : kind === 'automatic' && next === null ? 'unpaid' : row.status === 'active' ? 'past_due' : row.status
  const after = await setStatus(h, row, status)
  const events =
    outcome === 'paid'
      ? [event('invoice.paid', object, realNow()), event('invoice.payment_succeeded', object, realNow())]
      : [event('invoice.payment_failed', object, realNow()), ...(outcome === 'requires_action' ? [event('invoice.payment_action_required', object, realNow())] : [])]
  if (after !== row) events.push(event('customer.subscription.updated', subscriptionObject(after), realNow(), { status: row.status }))
  return { outcome, events }
}

/** The test clock reaches the subscription's renewal: a new period, its invoice, and the first
 * attempt to charge it. Answers the subscription after it and the events. */
export async function renew(h: PaymentHelpers, row: SubscriptionRow): Promise<{ row: SubscriptionRow; events: Json[] }> {
  const t = Number(row.current_period_end)
  await advanceClock(h, row.customer_id, t)
  const { rows: customers } = await h.db.query<{ email: string }>('select email from local_stack.customers where id = $1', [row.customer_id])
  const id = localId('in')
  const { rows } = await h.db.query<SubscriptionRow>(
    `update local_stack.subscriptions set current_period_start = $2, current_period_end = $3, latest_invoice = $4, revision = revision + 1
     where id = $1 returning *`,
    [row.id, t, t + PERIOD_SECONDS, id],
  )
  const renewed = rows[0]!
  const shape = await billInvoice(h.db, { ...invoiceShape(renewed, customers[0]?.email ?? '', false, 'subscription_cycle', t, t + PERIOD_SECONDS, t), id })
  const { rows: invoices } = await h.db.query<InvoiceRow>(
    `insert into local_stack.invoices (id, customer_id, subscription_id, created, object, status, attempt_count, intent_status)
     values ($1, $2, $3, $4, $5, 'open', 0, 'requires_payment_method') returning *`,
    [id, row.customer_id, row.id, t, JSON.stringify(shape)],
  )
  const periodMoved = event('customer.subscription.updated', subscriptionObject(renewed), realNow(), { items: subscriptionObject(row).items })
  const charged = await charge(h, invoices[0]!, await cardFor(h, renewed), 'automatic')
  return { row: (await h.subscriptionById(row.id))!, events: [periodMoved, ...charged.events] }
}

/** The open invoice the schedule tries again, if any. */
export async function retryDue(h: PaymentHelpers, row: SubscriptionRow): Promise<InvoiceRow | undefined> {
  const invoice = row.latest_invoice ? await h.invoiceById(row.latest_invoice) : undefined
  return invoice?.status === 'open' && invoice.next_payment_attempt !== null && OWING.includes(row.status) ? invoice : undefined
}

/** The test clock reaches the invoice's next automatic attempt, which is made. */
export async function retry(h: PaymentHelpers, row: SubscriptionRow): Promise<{ row: SubscriptionRow; events: Json[] } | null> {
  const invoice = await retryDue(h, row)
  if (!invoice) return null
  await advanceClock(h, row.customer_id, Number(invoice.next_payment_attempt))
  const { events } = await charge(h, invoice, await cardFor(h, row), 'automatic')
  return { row: (await h.subscriptionById(row.id))!, events }
}

/** The test clock runs through every attempt left: paid on the way, or unpaid after the last. The
 * events of each attempt but the last are delivered as it is made (Stripe sends them as they
 * happen); the last attempt's are answered. */
export async function retryToTheEnd(h: PaymentHelpers, row: SubscriptionRow): Promise<{ row: SubscriptionRow; events: Json[] } | null> {
  let last = await retry(h, row)
  while (last && (await retryDue(h, last.row))) {
    await h.deliver(last.events)
    last = await retry(h, last.row)
  }
  return last
}
