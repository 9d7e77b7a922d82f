// The stripe-webhook function: events signed exactly as Stripe signs them (the stripe SDK's test
// header), against the handler directly with the stack's env, and once through the stack itself.
import { randomUUID } from 'node:crypto'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { functionHandler } from './function-runtime.ts'
import { type LocalStack, startTestStack } from './helpers.ts'

/** The handler under test, in this run's runtime (Node, or Deno from the upload copy). */
const handler = functionHandler('stripe-webhook')

let stack: LocalStack
const SECRET = 'whsec_test_secret_for_the_webhook_tests'
const crypto = Stripe.createSubtleCryptoProvider()

beforeAll(async () => {
  stack = await startTestStack()
})
afterAll(() => stack.stop())

type Env = Record<string, string | undefined>
const env = (overrides: Env = {}): Env => ({
  SUPABASE_URL: stack.url,
  SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
  STRIPE_WEBHOOK_SECRET: SECRET,
  SITE_URL: 'http://localhost:5173',
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

type Sub = { userId: string; customer: string; subscription: string }

const checkoutCompleted = (s: Sub, created: number) =>
  envelope('checkout.session.completed', { id: id('cs'), object: 'checkout.session', mode: 'subscription', status: 'complete', payment_status: 'paid', client_reference_id: s.userId, customer: s.customer, subscription: s.subscription, metadata: {}, customer_details: { email: 'a@example.com' } }, created)

const subscriptionEvent = (type: 'created' | 'updated' | 'deleted', s: Sub, status: string, periodEnd: number, created: number, metadata: Record<string, string> = { user_id: s.userId }) =>
  envelope(`customer.subscription.${type}`, {
    id: s.subscription,
    object: 'subscription',
    customer: s.customer,
    status,
    cancel_at_period_end: false,
    metadata,
    items: { object: 'list', data: [{ id: id('si'), object: 'subscription_item', price: { id: 'price_pro' }, current_period_start: periodEnd - 30 * DAY, current_period_end: periodEnd }] },
  }, created)

const invoiceEvent = (type: 'payment_succeeded' | 'payment_failed', s: Sub, periodEnd: number, created: number, billingReason = 'subscription_cycle') =>
  envelope(`invoice.${type}`, {
    id: id('in'),
    object: 'invoice',
    customer: s.customer,
    status: type === 'payment_succeeded' ? 'paid' : 'open',
    billing_reason: billingReason,
    parent: { type: 'subscription_details', subscription_details: { subscription: s.subscription, metadata: { user_id: s.userId } } },
    lines: { object: 'list', data: [{ id: id('il'), period: { start: periodEnd - 30 * DAY, end: periodEnd } }] },
    period_end: periodEnd - 30 * DAY,
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

async function newUser(): Promise<Sub> {
  const userId = randomUUID()
  await stack.db.query(`insert into auth.users (id, aud, role, email) values ($1, 'authenticated', 'authenticated', $2)`, [userId, `${userId}@example.com`])
  return { userId, customer: id('cus'), subscription: id('sub') }
}

type Row = { user_id: string; product_name: string; status: string; current_period_end: Date | null; stripe_customer_id: string | null; stripe_subscription_id: string; provider_updated_at: Date | null }

async function rowsOf(s: Sub): Promise<Row[]> {
  const { rows } = await stack.db.query<Row>('select * from public.subscriptions where user_id = $1 or stripe_subscription_id = $2', [s.userId, s.subscription])
  return rows
}
async function onlyRow(s: Sub): Promise<Row> {
  const rows = await rowsOf(s)
  expect(rows).toHaveLength(1)
  return rows[0]!
}
const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null)
async function eventRecorded(eventId: string): Promise<number> {
  const { rows } = await stack.db.query<{ n: number }>('select count(*)::int as n from public.payment_events where id = $1', [eventId])
  return rows[0]!.n
}
async function counts() {
  const { rows } = await stack.db.query<{ subs: number; events: number }>(
    'select (select count(*)::int from public.subscriptions) as subs, (select count(*)::int from public.payment_events) as events',
  )
  return rows[0]!
}

// ---------------------------------------------------------------------------------------------

describe('stripe-webhook: each event type, validly signed, sets the row', () => {
  it('checkout.session.completed → an active Pro row for client_reference_id, with the Stripe ids', async () => {
    const s = await newUser()
    const t = now() - 60
    const event = checkoutCompleted(s, t)
    expect(await send(event)).toEqual({ status: 200, body: { received: true, result: 'applied' } })
    const row = await onlyRow(s)
    expect(row).toMatchObject({ user_id: s.userId, product_name: 'pro', status: 'active', stripe_customer_id: s.customer, stripe_subscription_id: s.subscription, current_period_end: null })
    expect(seconds(row.provider_updated_at)).toBe(t)
    expect(await eventRecorded(event.id)).toBe(1)
  })

  it('customer.subscription.created → active, current_period_end from items.data[]', async () => {
    const s = await newUser()
    const end = now() + 30 * DAY
    expect((await send(subscriptionEvent('created', s, 'active', end, now() - 50))).status).toBe(200)
    const row = await onlyRow(s)
    expect(row).toMatchObject({ product_name: 'pro', status: 'active', stripe_customer_id: s.customer })
    expect(seconds(row.current_period_end)).toBe(end)
  })

  it('customer.subscription.updated → the new status and period end', async () => {
    const s = await newUser()
    const end = now() + 30 * DAY
    await send(subscriptionEvent('created', s, 'active', end, now() - 50))
    expect((await send(subscriptionEvent('updated', s, 'past_due', end + DAY, now() - 40))).body).toEqual({ received: true, result: 'applied' })
    const row = await onlyRow(s)
    expect(row.status).toBe('past_due')
    expect(seconds(row.current_period_end)).toBe(end + DAY)
  })

  it('customer.subscription.deleted → canceled (the user is back on Free)', async () => {
    const s = await newUser()
    const end = now() + 30 * DAY
    await send(checkoutCompleted(s, now() - 50))
    await send(subscriptionEvent('deleted', s, 'canceled', end, now() - 40))
    expect((await onlyRow(s)).status).toBe('canceled')
  })

  it('invoice.payment_succeeded → active, period end from the invoice lines', async () => {
    const s = await newUser()
    const end = now() + 30 * DAY
    await send(subscriptionEvent('created', s, 'past_due', end - 30 * DAY, now() - 50))
    await send(invoiceEvent('payment_succeeded', s, end, now() - 40))
    const row = await onlyRow(s)
    expect(row.status).toBe('active')
    expect(seconds(row.current_period_end)).toBe(end)
  })

  it('invoice.payment_failed → past_due for a renewal, the period end kept', async () => {
    const s = await newUser()
    const end = now() + 30 * DAY
    await send(subscriptionEvent('created', s, 'active', end, now() - 50))
    await send(invoiceEvent('payment_failed', s, end + 30 * DAY, now() - 40))
    const row = await onlyRow(s)
    expect(row.status).toBe('past_due')
    expect(seconds(row.current_period_end)).toBe(end)
  })

  it('invoice.payment_failed on the first invoice → incomplete', async () => {
    const s = await newUser()
    await send(invoiceEvent('payment_failed', s, now() + 30 * DAY, now() - 40, 'subscription_create'))
    expect((await onlyRow(s)).status).toBe('incomplete')
  })

  it('an event without a user id finds the row by its subscription id', async () => {
    const s = await newUser()
    await send(checkoutCompleted(s, now() - 50))
    await send(subscriptionEvent('updated', s, 'unpaid', now() + DAY, now() - 40, {}))
    expect((await onlyRow(s)).status).toBe('unpaid')
  })

  it('an event for a subscription of nobody we know → 200 unlinked, no row', async () => {
    const s = { userId: randomUUID(), customer: id('cus'), subscription: id('sub') }
    const res = await send(subscriptionEvent('updated', s, 'active', now() + DAY, now(), {}))
    expect(res).toEqual({ status: 200, body: { received: true, result: 'unlinked' } })
    expect(await rowsOf(s)).toHaveLength(0)
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
    const s = await newUser()
    const req = await signed(checkoutCompleted(s, now()))
    req.headers.delete('stripe-signature')
    await refused(req)
    expect(await rowsOf(s)).toHaveLength(0)
  })

  it('a signature with the wrong secret → 400, nothing written', async () => {
    const s = await newUser()
    await refused(await signed(checkoutCompleted(s, now()), { secret: 'whsec_someone_else' }))
    expect(await rowsOf(s)).toHaveLength(0)
  })

  it('a stale signature (301 s old) → 400, nothing written; 299 s old is accepted', async () => {
    const s = await newUser()
    await refused(await signed(checkoutCompleted(s, now()), { timestamp: now() - 301 }))
    expect(await rowsOf(s)).toHaveLength(0)
    expect((await handler(await signed(checkoutCompleted(s, now()), { timestamp: now() - 299 }), env())).status).toBe(200)
  })

  it('a malformed header, or a body changed after signing → 400, nothing written', async () => {
    const s = await newUser()
    const event = checkoutCompleted(s, now())
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
    const res = await handler(await signed(checkoutCompleted(await newUser(), now())), env({ STRIPE_WEBHOOK_SECRET: undefined }))
    expect(res.status).toBe(503)
    expect(await counts()).toEqual(before)
  })
})

describe('stripe-webhook: each event once, the newest state wins', () => {
  it('the same event twice → processed once', async () => {
    const s = await newUser()
    const event = subscriptionEvent('updated', s, 'active', now() + DAY, now() - 100)
    expect((await send(event)).body.result).toBe('applied')
    // Something newer happens meanwhile (written as the webhook would) …
    await stack.db.query(`update public.subscriptions set status = 'unpaid' where stripe_subscription_id = $1`, [s.subscription])
    // … and the provider redelivers the first event: it is not applied again.
    expect(await send(event)).toEqual({ status: 200, body: { received: true, result: 'duplicate' } })
    expect((await onlyRow(s)).status).toBe('unpaid')
    expect(await eventRecorded(event.id)).toBe(1)
  })

  it('two deliveries of one event at the same time → one recorded, one applied', async () => {
    const s = await newUser()
    const event = checkoutCompleted(s, now())
    const results = await Promise.all([send(event), send(event)])
    expect(results.map((r) => r.body.result).sort()).toEqual(['applied', 'duplicate'])
    expect(await eventRecorded(event.id)).toBe(1)
    await onlyRow(s)
  })

  it('events out of order → the newest (by created) wins', async () => {
    const s = await newUser()
    const t = now() - 200
    const end = now() + 30 * DAY
    // updated (past_due) was created after created (active) but arrives first.
    expect((await send(subscriptionEvent('updated', s, 'past_due', end, t + 20))).body.result).toBe('applied')
    expect((await send(subscriptionEvent('created', s, 'active', end - DAY, t + 10))).body.result).toBe('stale')
    expect((await send(checkoutCompleted(s, t))).body.result).toBe('stale')
    let row = await onlyRow(s)
    expect(row.status).toBe('past_due')
    expect(seconds(row.current_period_end)).toBe(end)
    expect(seconds(row.provider_updated_at)).toBe(t + 20)

    // A cancellation, then a late success from before it: still canceled.
    await send(subscriptionEvent('deleted', s, 'canceled', end, t + 40))
    expect((await send(invoiceEvent('payment_succeeded', s, end + 30 * DAY, t + 30))).body.result).toBe('stale')
    row = await onlyRow(s)
    expect(row.status).toBe('canceled')
    expect(seconds(row.current_period_end)).toBe(end)
  })

  it('a row that could not be written keeps no event record, so the retry applies it', async () => {
    const s = await newUser()
    const event = checkoutCompleted(s, now())
    await stack.db.query('revoke insert on public.subscriptions from service_role')
    try {
      const res = await send(event)
      expect(res.status).toBe(500)
      expect(await eventRecorded(event.id)).toBe(0)
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
    expect(await eventRecorded(event.id)).toBe(0)
    expect(await counts()).toEqual(before)
  })

  it('a one-time payment session (no subscription) → 200, ignored', async () => {
    const s = await newUser()
    const event = checkoutCompleted(s, now())
    Object.assign(event.data.object, { mode: 'payment', subscription: null })
    expect((await send(event)).body.result).toBe('ignored')
    expect(await rowsOf(s)).toHaveLength(0)
  })

  it('the health check (unsigned { test: "health_check" }) → 200 with a short status, touching nothing', async () => {
    const before = await counts()
    const res = await handler(
      new Request('http://functions.local/stripe-webhook', { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:5173' }, body: JSON.stringify({ test: 'health_check' }) }),
      env(),
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    const body = await res.json()
    expect(body).toEqual({ ok: true, function: 'stripe-webhook', signature_check: 'configured' })
    expect(JSON.stringify(body)).not.toContain(SECRET)
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
    const s = await newUser()
    const url = `${stack.url}/functions/v1/stripe-webhook`
    const post = async (secret: string) => {
      const req = await signed(checkoutCompleted(s, now()), { secret })
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
