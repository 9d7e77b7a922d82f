// The stripe-webhook function: events signed exactly as Stripe signs them (the stripe SDK's test
// header), against the handler directly with the stack's env, and once through the stack itself.
// The subscriptions live in a fake Stripe API (tests/backend/fake-stripe.ts): an event only says
// "this subscription changed", and the row must then equal what Stripe's API says.
import { randomUUID } from 'node:crypto'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeStripe, type FakeSubscription, startFakeStripe } from './fake-stripe.ts'
import { functionHandler } from './function-runtime.ts'
import { type LocalStack, STARTUP_TIMEOUT, startTestStack } from './helpers.ts'

/** The handler under test, in this run's runtime (Node, or Deno from the upload copy). */
const handler = functionHandler('stripe-webhook')

let stack: LocalStack
let stripe: FakeStripe
const SECRET = 'whsec_test_secret_for_the_webhook_tests'
const crypto = Stripe.createSubtleCryptoProvider()

beforeAll(async () => {
  stripe = await startFakeStripe()
  // The stack's own functions read the same fake Stripe.
  stack = await startTestStack({ env: stripe.env() })
}, STARTUP_TIMEOUT)
afterAll(async () => {
  await stack.stop()
  await stripe.close()
})

type Env = Record<string, string | undefined>
const env = (overrides: Env = {}): Env => ({
  SUPABASE_URL: stack.url,
  SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
  STRIPE_WEBHOOK_SECRET: SECRET,
  SITE_URL: 'http://localhost:5173',
  ...stripe.env(),
  ...overrides,
})

// ---------- Stripe-shaped events (supabase-protocol §5) ----------

const now = () => Math.floor(Date.now() / 1000)
const DAY = 24 * 3600
let serial = 0
const id = (prefix: string) => `${prefix}_test_${++serial}_${Math.random().toString(36).slice(2, 8)}`

function envelope(type: string, object: Record<string, unknown>, created: number, eventId = id('evt')) {
  return { id: eventId, object: 'event', api_version: Stripe.API_VERSION, created, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object } }
}

/** A subscription at the fake Stripe, for a user (an account unless `account: false`). */
async function subscriptionAtStripe(values: Partial<FakeSubscription> = {}, account = true): Promise<FakeSubscription> {
  const userId = values.userId ?? randomUUID()
  if (account && !values.userId) {
    await stack.db.query(`insert into auth.users (id, aud, role, email) values ($1, 'authenticated', 'authenticated', $2)`, [userId, `${userId}@example.com`])
  }
  const t = now()
  const s: FakeSubscription = {
    id: id('sub'),
    customer: id('cus'),
    userId,
    plan: 'pro',
    price: 'price_pro_test',
    status: 'active',
    cancelAtPeriodEnd: false,
    canceledAt: null,
    created: t - 60,
    periodStart: t - 60,
    periodEnd: t - 60 + 30 * DAY,
    latestInvoice: id('in'),
    ...values,
  }
  stripe.subscriptions.set(s.id, s)
  return s
}

const checkoutCompleted = (s: FakeSubscription, created = now()) =>
  envelope('checkout.session.completed', { id: id('cs'), object: 'checkout.session', mode: 'subscription', status: 'complete', payment_status: 'paid', client_reference_id: s.userId, customer: s.customer, subscription: s.id, metadata: {}, customer_details: { email: 'a@example.com' } }, created)

/** A subscription event whose payload is what Stripe held at `created` (maybe long replaced). */
const subscriptionEvent = (type: 'created' | 'updated' | 'deleted', s: FakeSubscription, payload: Partial<FakeSubscription> = {}, created = now()) =>
  envelope(`customer.subscription.${type}`, stripe.object({ ...s, ...payload }), created)

const invoiceEvent = (type: 'payment_succeeded' | 'payment_failed' | 'paid', s: FakeSubscription, created = now(), billingReason = 'subscription_cycle') =>
  envelope(`invoice.${type}`, {
    id: id('in'),
    object: 'invoice',
    customer: s.customer,
    status: type === 'payment_failed' ? 'open' : 'paid',
    billing_reason: billingReason,
    parent: { type: 'subscription_details', subscription_details: { subscription: s.id, metadata: { user_id: s.userId } } },
    lines: { object: 'list', data: [{ id: id('il'), period: { start: s.periodStart, end: s.periodEnd } }] },
  }, created)

async function signed(event: unknown, options: { secret?: string; timestamp?: number; headers?: Record<string, string> } = {}) {
  const payload = JSON.stringify(event)
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: options.secret ?? SECRET, timestamp: options.timestamp, cryptoProvider: crypto })
  return new Request('http://functions.local/stripe-webhook', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': signature, ...options.headers },
    body: payload,
  })
}

async function send(event: unknown, overrides: Env = {}) {
  const res = await handler(await signed(event), env(overrides))
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

// ---------- the database ----------

type Row = {
  user_id: string
  product_name: string
  status: string
  current_period_end: Date | null
  cancel_at_period_end: boolean
  canceled_at: Date | null
  stripe_customer_id: string | null
  stripe_subscription_id: string
  provider_version: string | number | null
}

async function rowsOf(s: FakeSubscription): Promise<Row[]> {
  const { rows } = await stack.db.query<Row>('select * from public.subscriptions where user_id = $1 or stripe_subscription_id = $2', [s.userId, s.id])
  return rows
}
async function onlyRow(s: FakeSubscription): Promise<Row> {
  const rows = await rowsOf(s)
  expect(rows).toHaveLength(1)
  return rows[0]!
}
const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null)
async function eventRecorded(eventId: string): Promise<{ n: number; outcome: string | null }> {
  const { rows } = await stack.db.query<{ n: number; outcome: string | null }>(
    'select count(*)::int as n, max(outcome) as outcome from public.payment_events where id = $1',
    [eventId],
  )
  return rows[0]!
}
async function counts() {
  const { rows } = await stack.db.query<{ subs: number; events: number }>(
    'select (select count(*)::int from public.subscriptions) as subs, (select count(*)::int from public.payment_events) as events',
  )
  return rows[0]!
}
/** The row says what Stripe says. */
async function matchesStripe(s: FakeSubscription) {
  const row = await onlyRow(s)
  expect({
    user_id: row.user_id,
    product_name: row.product_name,
    status: row.status,
    cancel_at_period_end: row.cancel_at_period_end,
    canceled_at: seconds(row.canceled_at),
    current_period_end: seconds(row.current_period_end),
    stripe_customer_id: row.stripe_customer_id,
  }).toEqual({
    user_id: s.userId,
    product_name: s.plan,
    status: s.status,
    cancel_at_period_end: s.cancelAtPeriodEnd,
    canceled_at: s.canceledAt,
    current_period_end: s.periodEnd,
    stripe_customer_id: s.customer,
  })
  return row
}

// ---------------------------------------------------------------------------------------------

describe('stripe-webhook: each event type, validly signed, sets the row to what Stripe holds', () => {
  it('checkout.session.completed → an active Pro row for client_reference_id, with the Stripe ids; the customer kept for the user', async () => {
    const s = await subscriptionAtStripe()
    const event = checkoutCompleted(s)
    expect(await send(event)).toEqual({ status: 200, body: { received: true, result: 'applied' } })
    await matchesStripe(s)
    expect((await eventRecorded(event.id)).n).toBe(1)
    const { rows } = await stack.db.query('select stripe_customer_id from public.billing_customers where user_id = $1', [s.userId])
    expect(rows).toEqual([{ stripe_customer_id: s.customer }])
  })

  for (const type of ['created', 'updated', 'deleted'] as const) {
    it(`customer.subscription.${type} → the subscription as Stripe holds it now`, async () => {
      const s = await subscriptionAtStripe(type === 'deleted' ? { status: 'canceled', canceledAt: now() - 5 } : { cancelAtPeriodEnd: type === 'updated', canceledAt: type === 'updated' ? now() - 5 : null })
      expect((await send(subscriptionEvent(type, s))).body).toEqual({ received: true, result: 'applied' })
      await matchesStripe(s)
    })
  }

  for (const type of ['payment_succeeded', 'paid', 'payment_failed'] as const) {
    it(`invoice.${type} → the subscription read from Stripe (past due after a failed renewal)`, async () => {
      const s = await subscriptionAtStripe({ status: type === 'payment_failed' ? 'past_due' : 'active' })
      expect((await send(invoiceEvent(type, s))).body).toEqual({ received: true, result: 'applied' })
      await matchesStripe(s)
    })
  }

  it('the plan comes from the price (each plan’s price secret), else from the checkout’s metadata', async () => {
    const byPrice = await subscriptionAtStripe({ plan: 'gold', price: 'price_pro_test' })
    await send(subscriptionEvent('updated', byPrice))
    expect((await onlyRow(byPrice)).product_name).toBe('pro')
    const byMetadata = await subscriptionAtStripe({ price: 'price_other' })
    await send(subscriptionEvent('updated', byMetadata))
    expect((await onlyRow(byMetadata)).product_name).toBe('pro')
  })

  it('a subscription of no plan in the catalogue, or unknown to Stripe → 200, kept with the reason, no row', async () => {
    const unknownPlan = await subscriptionAtStripe({ plan: 'enterprise', price: 'price_enterprise' })
    const first = subscriptionEvent('created', unknownPlan)
    expect(await send(first)).toEqual({ status: 200, body: { received: true, result: 'unknown_plan' } })
    expect(await eventRecorded(first.id)).toEqual({ n: 1, outcome: 'unknown_plan' })
    expect(await rowsOf(unknownPlan)).toHaveLength(0)

    const gone = await subscriptionAtStripe()
    stripe.subscriptions.delete(gone.id)
    const second = subscriptionEvent('updated', gone)
    expect((await send(second)).body).toEqual({ received: true, result: 'unknown_subscription' })
    expect(await eventRecorded(second.id)).toEqual({ n: 1, outcome: 'unknown_subscription' })
  })

  it('an event without a user id finds the row by its subscription id', async () => {
    const s = await subscriptionAtStripe()
    await send(checkoutCompleted(s))
    // Stripe's subscription carries no account id (made outside the site's checkout).
    const account = s.userId
    s.userId = ''
    s.status = 'unpaid'
    await send(subscriptionEvent('updated', s))
    const { rows } = await stack.db.query<Row>('select * from public.subscriptions where stripe_subscription_id = $1', [s.id])
    expect(rows).toMatchObject([{ user_id: account, status: 'unpaid' }])
  })

  it('an event for a subscription of nobody we know → 200 unlinked, no row', async () => {
    const s = await subscriptionAtStripe({}, false)
    const res = await send(subscriptionEvent('updated', s))
    expect(res).toEqual({ status: 200, body: { received: true, result: 'unlinked' } })
    expect(await rowsOf(s)).toHaveLength(0)
  })

  it('without a way to read subscriptions (no Stripe key, no local stand-in) → 500, nothing kept, so Stripe retries', async () => {
    const s = await subscriptionAtStripe()
    const event = checkoutCompleted(s)
    const res = await send(event, { STRIPE_SECRET_KEY: undefined, LOCAL_PAYMENTS_URL: undefined })
    expect(res.status).toBe(500)
    expect((await eventRecorded(event.id)).n).toBe(0)
  })
})

describe('stripe-webhook: signatures', () => {
  const refused = async (req: Request, overrides: Env = {}) => {
    const before = await counts()
    const res = await handler(req, env(overrides))
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: string }).error).toMatch(/signature/i)
    expect(await counts()).toEqual(before)
  }

  it('a missing signature → 400, nothing written', async () => {
    const s = await subscriptionAtStripe()
    const req = await signed(checkoutCompleted(s))
    req.headers.delete('stripe-signature')
    await refused(req)
    expect(await rowsOf(s)).toHaveLength(0)
  })

  it('a signature with the wrong secret → 400, nothing written', async () => {
    const s = await subscriptionAtStripe()
    await refused(await signed(checkoutCompleted(s), { secret: 'whsec_someone_else' }))
    expect(await rowsOf(s)).toHaveLength(0)
  })

  it('a stale signature (301 s old) → 400, nothing written; 299 s old is accepted', async () => {
    const s = await subscriptionAtStripe()
    await refused(await signed(checkoutCompleted(s), { timestamp: now() - 301 }))
    expect(await rowsOf(s)).toHaveLength(0)
    expect((await handler(await signed(checkoutCompleted(s), { timestamp: now() - 299 }), env())).status).toBe(200)
  })

  it('a signature dated ahead of the clock: an hour (or 301 s) → 400, nothing written; 299 s ahead is accepted', async () => {
    const s = await subscriptionAtStripe()
    await refused(await signed(checkoutCompleted(s), { timestamp: now() + 3600 }))
    await refused(await signed(checkoutCompleted(s), { timestamp: now() + 301 }))
    expect(await rowsOf(s)).toHaveLength(0)
    expect((await handler(await signed(checkoutCompleted(s), { timestamp: now() + 299 }), env())).status).toBe(200)
  })

  it('a malformed header, or a body changed after signing → 400, nothing written', async () => {
    const s = await subscriptionAtStripe()
    const event = checkoutCompleted(s)
    const good = await signed(event)
    const signature = good.headers.get('stripe-signature')!
    for (const header of ['garbage', 't=abc,v1=', `v1=${signature.split('v1=')[1]}`, signature.replace(/v1=[0-9a-f]{4}/, 'v1=0000')]) {
      await refused(new Request(good.url, { method: 'POST', headers: { 'Stripe-Signature': header }, body: JSON.stringify(event) }))
    }
    const tampered = JSON.stringify({ ...event, data: { object: { ...event.data.object, client_reference_id: randomUUID() } } })
    await refused(new Request(good.url, { method: 'POST', headers: { 'Stripe-Signature': signature }, body: tampered }))
    // Re-serialised JSON (other spacing) is not the signed body either.
    await refused(new Request(good.url, { method: 'POST', headers: { 'Stripe-Signature': signature }, body: JSON.stringify(event, null, 1) }))
    expect(await rowsOf(s)).toHaveLength(0)
  })

  it('without a signing secret configured → 503, nothing written', async () => {
    const before = await counts()
    const res = await handler(await signed(checkoutCompleted(await subscriptionAtStripe())), env({ STRIPE_WEBHOOK_SECRET: undefined }))
    expect(res.status).toBe(503)
    expect(await counts()).toEqual(before)
  })
})

describe('stripe-webhook: each event once, Stripe’s present state wins', () => {
  it('the same event twice → processed once', async () => {
    const s = await subscriptionAtStripe()
    const event = subscriptionEvent('updated', s)
    expect((await send(event)).body.result).toBe('applied')
    expect(await send(event)).toEqual({ status: 200, body: { received: true, result: 'duplicate' } })
    expect((await eventRecorded(event.id)).n).toBe(1)
  })

  it('two deliveries of one event at the same time → one recorded, one applied', async () => {
    const s = await subscriptionAtStripe()
    const event = checkoutCompleted(s)
    const results = await Promise.all([send(event), send(event)])
    expect(results.map((r) => r.body.result).sort()).toEqual(['applied', 'duplicate'])
    expect((await eventRecorded(event.id)).n).toBe(1)
    await onlyRow(s)
  })

  it('events out of order, and payloads long replaced: the row follows Stripe, not the payloads', async () => {
    const s = await subscriptionAtStripe({ status: 'past_due' })
    const t = now() - 200
    // updated (past_due) was created after created (active) but arrives first.
    await send(subscriptionEvent('updated', s, { status: 'past_due' }, t + 20))
    await send(subscriptionEvent('created', s, { status: 'active' }, t + 10))
    await send(checkoutCompleted(s, t))
    expect((await matchesStripe(s)).status).toBe('past_due')
  })

  it('a row that could not be written keeps no event record, so the retry applies it', async () => {
    const s = await subscriptionAtStripe()
    const event = checkoutCompleted(s)
    await stack.db.query('revoke insert on public.subscriptions from service_role')
    try {
      const res = await send(event)
      expect(res.status).toBe(500)
      expect((await eventRecorded(event.id)).n).toBe(0)
    } finally {
      await stack.db.query('grant insert on public.subscriptions to service_role')
    }
    expect((await send(event)).body.result).toBe('applied')
    expect((await onlyRow(s)).status).toBe('active')
  })
})

describe('stripe-webhook: other requests', () => {
  it('an unknown event type → 200, ignored, nothing written', async () => {
    const before = await counts()
    const event = envelope('customer.created', { id: id('cus'), object: 'customer', email: 'x@example.com' }, now())
    expect(await send(event)).toEqual({ status: 200, body: { received: true, result: 'ignored' } })
    expect((await eventRecorded(event.id)).n).toBe(0)
    expect(await counts()).toEqual(before)
  })

  it('a one-time payment session (no subscription) → 200, ignored', async () => {
    const s = await subscriptionAtStripe()
    const event = checkoutCompleted(s)
    Object.assign(event.data.object, { mode: 'payment', subscription: null })
    expect((await send(event)).body.result).toBe('ignored')
    expect(await rowsOf(s)).toHaveLength(0)
  })

  it('the health check (unsigned { test: "health_check" }) → 200 with a short status, nothing about any event or account, touching nothing', async () => {
    const orphan = await subscriptionAtStripe({}, false)
    const kept = subscriptionEvent('updated', orphan)
    await send(kept)
    const before = await counts()
    const res = await handler(
      new Request('http://functions.local/stripe-webhook', { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:5173' }, body: JSON.stringify({ test: 'health_check' }) }),
      env(),
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    // Anyone may send it: it says whether the function is configured, and nothing else.
    const body = await res.json()
    expect(body).toEqual({ ok: true, function: 'stripe-webhook', signature_check: 'configured', provider: 'stripe' })
    expect(JSON.stringify(body)).not.toContain(kept.id)
    expect(JSON.stringify(body)).not.toContain(SECRET)
    expect(JSON.stringify(body)).not.toContain(orphan.userId)
    expect(await counts()).toEqual(before)
  })

  it('any other unsigned body → 400', async () => {
    const res = await handler(new Request('http://functions.local/stripe-webhook', { method: 'POST', body: '{"test":"other"}' }), env())
    expect(res.status).toBe(400)
  })

  it('GET → 405', async () => {
    expect((await handler(new Request('http://functions.local/stripe-webhook'), env())).status).toBe(405)
  })
})

describe('stripe-webhook through the local stack (no JWT: verify_jwt = false)', () => {
  it('accepts an event signed with the stack’s secret, and refuses one signed with another', async () => {
    const s = await subscriptionAtStripe()
    const url = `${stack.url}/functions/v1/stripe-webhook`
    const post = async (secret: string) => {
      const req = await signed(checkoutCompleted(s), { secret })
      return fetch(url, { method: 'POST', headers: req.headers, body: await req.text() })
    }
    expect(stack.webhookSecret).toMatch(/^whsec_/)
    expect((await post(SECRET)).status).toBe(400)
    expect(await rowsOf(s)).toHaveLength(0)
    const ok = await post(stack.webhookSecret)
    expect(ok.status).toBe(200)
    expect((await onlyRow(s)).status).toBe('active')
  })

  it('answers the browser’s health check, preflight included', async () => {
    const url = `${stack.url}/functions/v1/stripe-webhook`
    const preflight = await fetch(url, { method: 'OPTIONS', headers: { Origin: 'http://localhost:5183', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' } })
    expect(preflight.status).toBe(200)
    expect(preflight.headers.get('access-control-allow-origin')).toBeTruthy()
    const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:5183' }, body: JSON.stringify({ test: 'health_check' }) })
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5183')
  })
})
