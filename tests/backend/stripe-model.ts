// A model of one customer's subscriptions at Stripe: the moves a subscription makes in its life
// (bought, first payment failed or late, renewed, renewal failed, retried, given up, cancelled at
// the period's end and resumed, cancelled now, expired), each changing the state held by the fake
// Stripe API and emitting the events Stripe emits for it, stamped with Stripe's clock (whole
// seconds: a move may share its second with the one before). Histories are lists of moves; a move
// that does not fit the state it meets (renewing a cancelled subscription) is skipped, so every
// history is one Stripe could produce.
import Stripe from 'stripe'
import type { FakeStripe, FakeSubscription } from './fake-stripe.ts'

export const MOVES = [
  'checkout',
  'twoTabs',
  'checkoutUnpaid',
  'firstPaymentLate',
  'expire',
  'renew',
  'renewalFails',
  'retrySucceeds',
  'giveUp',
  'cancelAtPeriodEnd',
  'resume',
  'periodEnds',
  'cancelNow',
] as const
export type MoveKind = (typeof MOVES)[number]
/** A move, the subscription it picks (modulo how many exist) and the seconds before it happens. */
export type Move = { kind: MoveKind; pick: number; wait: number }

export const PERIOD = 30 * 24 * 3600

export type StripeEvent = { id: string; type: string; created: number; data: { object: Record<string, unknown> } }

const FINAL = new Set(['canceled', 'incomplete_expired'])
export const isFinal = (status: string) => FINAL.has(status)
export const isEntitling = (status: string) => status === 'active' || status === 'trialing'

/** One customer's life at Stripe, driving the fake API and collecting the events it emits. */
export class CustomerModel {
  readonly subscriptions: FakeSubscription[] = []
  readonly emitted: StripeEvent[] = []
  private serial = 0

  constructor(
    private readonly stripe: FakeStripe,
    readonly userId: string,
    readonly customer: string,
    private readonly tag: string,
  ) {}

  private id(prefix: string) {
    this.serial += 1
    return `${prefix}_${this.tag}_${this.serial}`
  }

  private emit(type: string, object: Record<string, unknown>) {
    const event = { id: this.id('evt'), object: 'event', api_version: Stripe.API_VERSION, created: this.stripe.clock.now, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object } }
    this.emitted.push(event)
    return event
  }

  private subscriptionEvent(kind: 'created' | 'updated' | 'deleted', s: FakeSubscription) {
    this.emit(`customer.subscription.${kind}`, this.stripe.object(s))
  }

  private invoiceEvent(paid: boolean, s: FakeSubscription, reason: string) {
    s.latestInvoice = this.id('in')
    this.emit(paid ? 'invoice.payment_succeeded' : 'invoice.payment_failed', {
      id: s.latestInvoice,
      object: 'invoice',
      customer: s.customer,
      status: paid ? 'paid' : 'open',
      billing_reason: reason,
      parent: { type: 'subscription_details', subscription_details: { subscription: s.id, metadata: { user_id: s.userId, plan: s.plan } } },
      lines: { object: 'list', data: [{ id: this.id('il'), period: { start: s.periodStart, end: s.periodEnd } }] },
    })
  }

  /** What the webhook's own cancellation of a duplicate makes Stripe send. */
  canceledByApi(s: FakeSubscription) {
    this.subscriptionEvent('deleted', s)
  }

  /** Applies a move if it fits; returns whether it did. */
  apply(move: Move): boolean {
    this.stripe.clock.now += move.wait
    const now = this.stripe.clock.now
    if (move.kind === 'twoTabs') {
      // Two checkout tabs, both paid in the same second: two subscriptions for one customer.
      this.apply({ kind: 'checkout', pick: 0, wait: 0 })
      this.apply({ kind: 'checkout', pick: 0, wait: 0 })
      return true
    }
    if (move.kind === 'checkout' || move.kind === 'checkoutUnpaid') {
      const s: FakeSubscription = {
        id: this.id('sub'),
        customer: this.customer,
        userId: this.userId,
        plan: 'pro',
        price: 'price_pro_test',
        status: 'incomplete',
        cancelAtPeriodEnd: false,
        canceledAt: null,
        created: now,
        periodStart: now,
        periodEnd: now + PERIOD,
        latestInvoice: '',
      }
      this.subscriptions.push(s)
      this.stripe.subscriptions.set(s.id, s)
      this.subscriptionEvent('created', s)
      if (move.kind === 'checkout') {
        this.invoiceEvent(true, s, 'subscription_create')
        s.status = 'active'
        this.subscriptionEvent('updated', s)
        this.emit('checkout.session.completed', { id: this.id('cs'), object: 'checkout.session', mode: 'subscription', payment_status: 'paid', status: 'complete', client_reference_id: this.userId, customer: this.customer, subscription: s.id, metadata: { user_id: this.userId, plan: 'pro' } })
      } else {
        this.invoiceEvent(false, s, 'subscription_create')
      }
      return true
    }
    if (this.subscriptions.length === 0) return false
    const s = this.subscriptions[move.pick % this.subscriptions.length]!
    switch (move.kind) {
      case 'firstPaymentLate':
        if (s.status !== 'incomplete') return false
        this.invoiceEvent(true, s, 'subscription_create')
        s.status = 'active'
        this.subscriptionEvent('updated', s)
        return true
      case 'expire':
        if (s.status !== 'incomplete') return false
        s.status = 'incomplete_expired'
        this.subscriptionEvent('updated', s)
        return true
      case 'renew':
      case 'renewalFails':
        if (s.status !== 'active' || s.cancelAtPeriodEnd) return false
        s.periodStart = s.periodEnd
        s.periodEnd += PERIOD
        this.invoiceEvent(move.kind === 'renew', s, 'subscription_cycle')
        if (move.kind === 'renewalFails') s.status = 'past_due'
        this.subscriptionEvent('updated', s)
        return true
      case 'retrySucceeds':
        if (s.status !== 'past_due') return false
        this.invoiceEvent(true, s, 'subscription_cycle')
        s.status = 'active'
        this.subscriptionEvent('updated', s)
        return true
      case 'giveUp':
        if (s.status !== 'past_due') return false
        s.status = 'canceled'
        s.canceledAt = now
        this.subscriptionEvent('deleted', s)
        return true
      case 'cancelAtPeriodEnd':
        if (isFinal(s.status) || s.status === 'incomplete' || s.cancelAtPeriodEnd) return false
        s.cancelAtPeriodEnd = true
        s.canceledAt = now
        this.subscriptionEvent('updated', s)
        return true
      case 'resume':
        if (isFinal(s.status) || !s.cancelAtPeriodEnd) return false
        s.cancelAtPeriodEnd = false
        s.canceledAt = null
        this.subscriptionEvent('updated', s)
        return true
      case 'periodEnds':
        if (isFinal(s.status) || !s.cancelAtPeriodEnd) return false
        s.status = 'canceled'
        this.subscriptionEvent('deleted', s)
        return true
      case 'cancelNow':
        if (isFinal(s.status)) return false
        s.status = 'canceled'
        s.cancelAtPeriodEnd = false
        s.canceledAt = now
        this.subscriptionEvent('deleted', s)
        return true
      default:
        return false
    }
  }
}

/** A small seeded PRNG (mulberry32) for the schedule's choices: order, delay, duplication, staleness. */
export function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
