// The payment stand-in's Stripe-shaped objects and events (supabase-protocol §5; API
// 2026-10-28.endive shapes), and each plan's offer: name and price from the catalogue.
import Stripe from 'stripe'
import { type Plan, paidPlans, planById } from '../functions/_shared/plans.ts'
import { localId, type SessionRow, SESSION_LIFETIME_S, type SubscriptionRow } from './payments-store.ts'

export type Json = Record<string, unknown>

/** A plan's name and monthly price as the page shows them. */
export function planOffer(plan: Plan) {
  const name = `Vekstlinje ${plan.name}`
  const amount = plan.priceNok * 100
  const label = `${plan.priceNok.toLocaleString('en-US').replace(/,/g, ' ')} NOK / month`
  return { name, amount, currency: 'nok', label, product: `prod_local_${plan.id}` }
}

export const offerOf = (row: { plan: string }) => planOffer(planById(row.plan) ?? paidPlans[0]!)

export function event(type: string, object: Json, created: number, previous?: Json): Json {
  return {
    id: localId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: previous ? { object, previous_attributes: previous } : { object },
  }
}

function price(row: SubscriptionRow): Json {
  const offer = offerOf(row)
  return {
    id: row.price_id,
    object: 'price',
    active: true,
    currency: offer.currency,
    unit_amount: offer.amount,
    product: offer.product,
    recurring: { interval: 'month', interval_count: 1 },
    type: 'recurring',
    livemode: false,
  }
}

/** The subscription as Stripe's API answers it now. */
export function subscriptionObject(row: SubscriptionRow, extra: Json = {}): Json {
  const ended = row.status === 'canceled' || row.status === 'incomplete_expired'
  const endedAt = row.ended_at ?? (ended ? (row.canceled_at ?? row.current_period_end) : null)
  return {
    id: row.id,
    object: 'subscription',
    customer: row.customer_id,
    status: row.status,
    cancel_at_period_end: row.cancel_at_period_end,
    // Stripe: a subscription cancelling at its period's end has `cancel_at` set to that end, and
    // `canceled_at` is when the cancellation was asked for.
    cancel_at: row.cancel_at_period_end && !ended ? Number(row.current_period_end) : null,
    canceled_at: row.canceled_at === null ? null : Number(row.canceled_at),
    ended_at: ended && endedAt !== null ? Number(endedAt) : null,
    created: Number(row.created),
    start_date: Number(row.created),
    currency: offerOf(row).currency,
    collection_method: 'charge_automatically',
    default_payment_method: row.default_payment_method ?? null,
    latest_invoice: row.latest_invoice ?? null,
    livemode: false,
    metadata: { user_id: row.user_id, plan: row.plan },
    items: {
      object: 'list',
      data: [
        {
          id: `si_${row.id.slice(4)}`,
          object: 'subscription_item',
          subscription: row.id,
          quantity: 1,
          price: price(row),
          current_period_start: Number(row.current_period_start),
          current_period_end: Number(row.current_period_end),
        },
      ],
      has_more: false,
      url: `/v1/subscription_items?subscription=${row.id}`,
    },
    ...extra,
  }
}

export function invoice(row: SubscriptionRow, email: string, paid: boolean, billingReason: string, periodStart: number, periodEnd: number, created: number): Json {
  const id = localId('in')
  const offer = offerOf(row)
  return {
    id,
    object: 'invoice',
    customer: row.customer_id,
    customer_email: email,
    status: paid ? 'paid' : 'open',
    attempted: true,
    attempt_count: 1,
    billing_reason: billingReason,
    collection_method: 'charge_automatically',
    currency: offer.currency,
    amount_due: offer.amount,
    amount_paid: paid ? offer.amount : 0,
    amount_remaining: paid ? 0 : offer.amount,
    created,
    period_start: periodStart,
    period_end: periodStart,
    livemode: false,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: row.id, metadata: { user_id: row.user_id, plan: row.plan } },
    },
    lines: {
      object: 'list',
      data: [
        {
          id: `il_${id.slice(3)}`,
          object: 'line_item',
          amount: offer.amount,
          currency: offer.currency,
          description: `1 × ${offer.name}`,
          period: { start: periodStart, end: periodEnd },
          pricing: { type: 'price_details', price_details: { price: row.price_id, product: offer.product } },
          quantity: 1,
        },
      ],
      has_more: false,
      url: `/v1/invoices/${id}/lines`,
    },
  }
}

/** What Stripe sends when a Checkout Session for a subscription is paid. */
export function paymentEvents(session: SessionRow, row: SubscriptionRow): Json[] {
  const t = Number(row.created)
  const offer = offerOf(row)
  const created = Math.floor(session.created_at.getTime() / 1000)
  const checkoutSession = {
    id: session.id,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    client_reference_id: session.user_id,
    customer: session.customer_id,
    customer_email: session.email || null,
    customer_details: { email: session.email || null },
    subscription: row.id,
    metadata: { user_id: session.user_id, plan: row.plan },
    currency: offer.currency,
    amount_subtotal: offer.amount,
    amount_total: offer.amount,
    locale: session.lang,
    success_url: session.success_url,
    cancel_url: session.cancel_url,
    created,
    expires_at: created + SESSION_LIFETIME_S,
    livemode: false,
    url: null,
  }
  const first = invoice(row, session.email, true, 'subscription_create', Number(row.current_period_start), Number(row.current_period_end), t)
  return [
    event('checkout.session.completed', checkoutSession, t),
    event('customer.subscription.created', subscriptionObject(row, { latest_invoice: first.id }), t),
    event('customer.subscription.updated', subscriptionObject(row, { latest_invoice: first.id }), t, { default_payment_method: null }),
    event('invoice.payment_succeeded', first, t),
  ]
}
