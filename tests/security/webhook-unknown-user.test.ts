// A payment event for a user id that has no account (deleted, or never existed) is kept and
// answered 2xx: a 5xx would have the provider retry it for days. A subscription that still runs
// for such an account is paid for by nobody who can use it: it is refunded and cancelled at once.
// One that names no account at all is left alone (it may be someone else's business at Stripe).
import { randomUUID } from 'node:crypto'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import handler from '../../supabase/functions/stripe-webhook/handler.ts'
import { type FakeStripe, startFakeStripe } from '../backend/fake-stripe.ts'
import { type LocalStack, STARTUP_TIMEOUT, startTestStack } from '../backend/helpers.ts'

const SECRET = 'whsec_unknown_user_test'
let stack: LocalStack
let stripe: FakeStripe
beforeAll(async () => {
  ;[stack, stripe] = await Promise.all([startTestStack(), startFakeStripe()])
}, STARTUP_TIMEOUT)
afterAll(() => Promise.all([stack.stop(), stripe.close()]))

describe('the payment webhook and an account that does not exist', () => {
  it('keeps the event with a 2xx answer, writes no subscription, refunds and cancels it at Stripe, and keeps answering 2xx to a redelivery', async () => {
    const userId = randomUUID()
    const created = Math.floor(Date.now() / 1000)
    const event = {
      id: `evt_unknown_${Math.random().toString(36).slice(2)}`,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: 'customer.subscription.created',
      data: {
        object: {
          id: 'sub_unknown_1',
          object: 'subscription',
          customer: 'cus_unknown_1',
          status: 'active',
          cancel_at_period_end: false,
          metadata: { user_id: userId },
          items: { object: 'list', data: [{ id: 'si_1', object: 'subscription_item', price: { id: 'price_pro' }, current_period_start: created, current_period_end: created + 30 * 86400 }] },
        },
      },
    }
    // Stripe knows the subscription (the webhook reads it from there), with the same account id.
    stripe.subscribe({ id: 'sub_unknown_1', customer: 'cus_unknown_1', userId, price: 'price_pro', created, periodStart: created, periodEnd: created + 30 * 86400 })
    const payload = JSON.stringify(event)
    const env = { SUPABASE_URL: stack.url, SUPABASE_ANON_KEY: stack.anonKey, SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey, STRIPE_WEBHOOK_SECRET: SECRET, ...stripe.env() }
    const deliver = async () => {
      const signature = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: SECRET, cryptoProvider: Stripe.createSubtleCryptoProvider() })
      return handler(new Request('http://functions.local/stripe-webhook', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature }, body: payload }), env)
    }
    const first = await deliver()
    expect(first.status).toBe(200)
    expect(await first.json()).toMatchObject({ received: true, result: 'unlinked' })
    const { rows: kept } = await stack.db.query<{ user_id: string }>('select user_id from public.payment_events where id = $1', [event.id])
    expect(kept).toEqual([{ user_id: userId }])
    const { rows: subs } = await stack.db.query('select 1 from public.subscriptions where stripe_subscription_id = $1', ['sub_unknown_1'])
    expect(subs).toHaveLength(0)
    expect(stripe.refunds).toEqual([expect.objectContaining({ paymentIntent: 'pi_sub_unknown_1', reason: 'requested_by_customer' })])
    expect(stripe.subscriptions.get('sub_unknown_1')).toMatchObject({ status: 'canceled' })
    expect(stripe.requests).toContain('DELETE /v1/subscriptions/sub_unknown_1')
    expect((await deliver()).status).toBe(200)
    expect(stripe.refunds).toHaveLength(1)
  })

  it('a subscription that names no account (made at Stripe by hand, say) is kept as unlinked and left running', async () => {
    const created = Math.floor(Date.now() / 1000)
    stripe.subscribe({ id: 'sub_nobody_1', customer: 'cus_nobody_1', userId: '', price: 'price_pro', created })
    const event = { id: 'evt_nobody_1', object: 'event', api_version: Stripe.API_VERSION, created, livemode: false, type: 'customer.subscription.created', data: { object: stripe.object(stripe.subscriptions.get('sub_nobody_1')!) } }
    const payload = JSON.stringify(event)
    const signature = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: SECRET, cryptoProvider: Stripe.createSubtleCryptoProvider() })
    const env = { SUPABASE_URL: stack.url, SUPABASE_ANON_KEY: stack.anonKey, SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey, STRIPE_WEBHOOK_SECRET: SECRET, ...stripe.env() }
    const res = await handler(new Request('http://functions.local/stripe-webhook', { method: 'POST', headers: { 'Stripe-Signature': signature }, body: payload }), env)
    expect(await res.json()).toMatchObject({ received: true, result: 'unlinked' })
    expect(stripe.subscriptions.get('sub_nobody_1')).toMatchObject({ status: 'active' })
    expect(stripe.refunds.some((r) => r.paymentIntent === 'pi_sub_nobody_1')).toBe(false)
  })
})
