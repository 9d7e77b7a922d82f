// Money holds whatever Stripe does with its events: one active subscription per account (two paid
// checkout tabs end with one, the other refunded and cancelled), one customer per account, and a
// cancelled subscription that no late event brings back. On the stack's PostgreSQL server, whose
// transactions run side by side as on hosted Supabase; late readings come from the fake Stripe
// holding reads back (parkReads) and answering them with an older state.
import { randomUUID } from 'node:crypto'
import Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import handler from '../../supabase/functions/stripe-webhook/handler.ts'
import type { FakeSubscription, ParkedRead } from '../backend/fake-stripe.ts'
import { confirmedUser, stackAndStripe, TEST_BUYER } from '../backend/helpers.ts'
import { holdWrites } from '../backend/lock-barrier.ts'

const SECRET = 'whsec_payment_invariants'
// The stack on PostgreSQL, and the fake Stripe API.
const files = stackAndStripe({ database: 'postgres' })

const env = () => ({ SUPABASE_URL: files.stack.url, SUPABASE_SERVICE_ROLE_KEY: files.stack.serviceRoleKey, STRIPE_WEBHOOK_SECRET: SECRET, ...files.stripe.env() })
let serial = 0
const id = (prefix: string) => `${prefix}_inv_${++serial}`

async function deliver(type: string, object: Record<string, unknown>, created: number) {
  const event = { id: id('evt'), object: 'event', api_version: Stripe.API_VERSION, created, livemode: false, type, data: { object } }
  const payload = JSON.stringify(event)
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: SECRET, cryptoProvider: Stripe.createSubtleCryptoProvider() })
  const res = await handler(new Request('http://functions.local/files.stripe-webhook', { method: 'POST', headers: { 'Stripe-Signature': signature }, body: payload }), env())
  return { status: res.status, body: (await res.json()) as { result?: string } }
}

/** From here on, reads of a subscription at the fake Stripe wait until the test answers them. */
function holdReads() {
  const waiting: ParkedRead[] = []
  let arrived = () => {}
  files.stripe.parkReads = (read) => {
    waiting.push(read)
    arrived()
  }
  return {
    /** The next read to arrive (or the one already waiting). */
    async next(): Promise<ParkedRead> {
      while (waiting.length === 0) await new Promise<void>((go) => (arrived = go))
      return waiting.shift()!
    },
    stop() {
      files.stripe.parkReads = null
    },
  }
}

/** Stripe's state changed: what reads answer from now on. */
function changed(s: FakeSubscription, values: Partial<FakeSubscription>) {
  Object.assign(s, values)
  files.stripe.history.record([s])
}

async function account(): Promise<string> {
  const userId = randomUUID()
  await files.stack.db.query(`insert into auth.users (id, aud, role, email) values ($1, 'authenticated', 'authenticated', $2)`, [userId, `${userId}@example.com`])
  return userId
}

const subscription = (userId: string, values: Partial<FakeSubscription> = {}) => files.stripe.subscribe({ userId, created: Math.floor(Date.now() / 1000), ...values })

/** Of two active subscriptions of one account, the later was refunded and cancelled at Stripe. */
async function expectLaterRefunded(userId: string, older: FakeSubscription, newer: FakeSubscription) {
  expect(newer.status).toBe('canceled')
  expect(older.status).toBe('active')
  expect(files.stripe.refunds.map((r) => r.paymentIntent)).toContain(`pi_${newer.id}`)
  expect(await rows(userId)).toEqual(
    [
      { stripe_subscription_id: older.id, status: 'active' },
      { stripe_subscription_id: newer.id, status: 'canceled' },
    ].sort((x, y) => x.stripe_subscription_id.localeCompare(y.stripe_subscription_id)),
  )
}

const invoice = (s: FakeSubscription) => ({
  id: id('in'),
  object: 'invoice',
  customer: s.customer,
  billing_reason: 'subscription_cycle',
  parent: { type: 'subscription_details', subscription_details: { subscription: s.id, metadata: { user_id: s.userId } } },
})

async function rows(userId: string) {
  const { rows } = await files.stack.db.query<{ stripe_subscription_id: string; status: string }>(
    'select stripe_subscription_id, status from public.subscriptions where user_id = $1 order by stripe_subscription_id',
    [userId],
  )
  return rows
}

describe('row 2: one active subscription per account, one customer', () => {
  it('two checkout tabs, both paid on the local files.stack: one stays, the later is refunded and cancelled; one customer', async () => {
    const user = await confirmedUser(files.stack)
    const open = async () => {
      const { data, error } = await user.sb.functions.invoke('create-checkout', { body: { productType: 'pro', buyer: TEST_BUYER } })
      expect(error).toBeNull()
      return (data as { url: string }).url
    }
    // Both tabs open their checkout while the account is still on Free.
    const [first, second] = [await open(), await open()]
    const pay = (url: string) => fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'decision=pay', redirect: 'manual' })
    expect((await pay(first)).status).toBe(303)
    expect((await pay(second)).status).toBe(303)

    const { rows: subs } = await files.stack.db.query<{ status: string; stripe_customer_id: string }>(
      'select status, stripe_customer_id from public.subscriptions where user_id = $1 order by created_at',
      [user.user.id],
    )
    expect(subs.map((s) => s.status).sort()).toEqual(['active', 'canceled'])
    expect(new Set(subs.map((s) => s.stripe_customer_id)).size).toBe(1)
    const { rows: atStandIn } = await files.stack.db.query<{ status: string; refunded: boolean }>(
      'select status, refunded from local_stack.subscriptions where user_id = $1 order by created, id',
      [user.user.id],
    )
    // The first tab paid first and keeps its subscription; the second is refunded and cancelled.
    expect(atStandIn).toMatchObject([
      { status: 'active', refunded: false },
      { status: 'canceled', refunded: true },
    ])
    const { rows: customers } = await files.stack.db.query('select stripe_customer_id from public.billing_customers where user_id = $1', [user.user.id])
    expect(customers).toEqual([{ stripe_customer_id: subs[0]!.stripe_customer_id }])
  })

  it('two active subscriptions at Stripe, their events in any order: the later one is refunded and cancelled at Stripe', async () => {
    const userId = await account()
    const older = subscription(userId, { created: 1_800_000_000 })
    const newer = subscription(userId, { created: 1_800_000_005 })
    // The newer one's event arrives first.
    expect((await deliver('customer.subscription.created', files.stripe.object(newer), 1_800_000_005)).status).toBe(200)
    expect((await deliver('customer.subscription.created', files.stripe.object(older), 1_800_000_000)).status).toBe(200)
    await expectLaterRefunded(userId, older, newer)
  })

  it('two subscriptions of one account written at the same moment, in concurrent transactions: one waits for the other, and the later is refunded and cancelled', async () => {
    const userId = await account()
    const older = subscription(userId, { created: 1_800_000_100 })
    const newer = subscription(userId, { created: 1_800_000_105 })
    // Both deliveries pass their checks, then stop before writing, until both are there.
    const barrier = await holdWrites(files.stack, 'public.subscriptions')
    const both = Promise.all([
      deliver('customer.subscription.created', files.stripe.object(newer), 1_800_000_105),
      deliver('customer.subscription.created', files.stripe.object(older), 1_800_000_100),
    ])
    await barrier.waiting(2)
    await barrier.release()
    const answers = await both
    // Without the per-account lock both would have seen "no other active one": the second write
    // then fails on the unique index, and Stripe is answered 500.
    expect(answers.map((a) => a.status)).toEqual([200, 200])
    await expectLaterRefunded(userId, older, newer)
  })

  it('the database itself refuses a second active row for one account', async () => {
    const userId = await account()
    const insert = (status: string) =>
      fetch(`${files.stack.url}/rest/v1/subscriptions`, {
        method: 'POST',
        headers: { apikey: files.stack.serviceRoleKey, Authorization: `Bearer ${files.stack.serviceRoleKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ user_id: userId, product_name: 'pro', status, stripe_subscription_id: id('sub') }),
      })
    expect((await insert('active')).status).toBe(201)
    expect((await insert('trialing')).status).toBe(409)
    expect((await insert('canceled')).status).toBe(201)
  })
})

describe('row 3: a cancelled subscription never comes back', () => {
  it('deleted, while an invoice event and an update were being handled: their late readings (active) leave it cancelled', async () => {
    const userId = await account()
    const s = subscription(userId)
    expect((await deliver('customer.subscription.created', files.stripe.object(s), s.created)).body.result).toBe('applied')
    const reads = holdReads()
    try {
      // Two deliveries start while the subscription is active: each draws its version, then reads.
      const paid = deliver('invoice.payment_succeeded', invoice(s), s.created + 5)
      const paidRead = await reads.next()
      const updated = deliver('customer.subscription.updated', files.stripe.object(s), s.created + 5)
      const updatedRead = await reads.next()
      changed(s, { status: 'canceled', canceledAt: s.created + 10 })
      // The first (lower version) is answered with the cancellation, the second (higher version)
      // with what was true when it arrived: active.
      paidRead.answer(files.stripe.history.now)
      expect(await paid).toMatchObject({ status: 200, body: { result: 'applied' } })
      updatedRead.answer(updatedRead.arrivedAt)
      expect(await updated).toMatchObject({ status: 200, body: { result: 'stale' } })
      expect(await rows(userId)).toEqual([{ stripe_subscription_id: s.id, status: 'canceled' }])
    } finally {
      reads.stop()
    }
    // Stripe's own event for the cancellation changes nothing more.
    expect((await deliver('customer.subscription.deleted', files.stripe.object(s), s.created + 10)).body.result).toBe('applied')
    expect(await rows(userId)).toEqual([{ stripe_subscription_id: s.id, status: 'canceled' }])
  })

  it('a reading that started before a change and arrives after it is not written over the later one', async () => {
    const userId = await account()
    const s = subscription(userId)
    expect((await deliver('customer.subscription.created', files.stripe.object(s), s.created)).body.result).toBe('applied')
    const reads = holdReads()
    try {
      const early = deliver('customer.subscription.updated', files.stripe.object(s), s.created + 1)
      const earlyRead = await reads.next()
      // The customer cancels at the period's end; that change's event is handled at once.
      changed(s, { cancelAtPeriodEnd: true, canceledAt: s.created + 2 })
      const late = deliver('customer.subscription.updated', files.stripe.object(s), s.created + 2)
      ;(await reads.next()).answer(files.stripe.history.now)
      expect(await late).toMatchObject({ status: 200, body: { result: 'applied' } })
      // The early reading, of the subscription before the cancellation, arrives last.
      earlyRead.answer(earlyRead.arrivedAt)
      expect(await early).toMatchObject({ status: 200, body: { result: 'stale' } })
    } finally {
      reads.stop()
    }
    const { rows: held } = await files.stack.db.query<{ status: string; cancel_at_period_end: boolean }>(
      'select status, cancel_at_period_end from public.subscriptions where stripe_subscription_id = $1',
      [s.id],
    )
    expect(held).toEqual([{ status: 'active', cancel_at_period_end: true }])
  })

  it('even a reading that comes later cannot revive a cancelled row (final states are final)', async () => {
    const userId = await account()
    const s = subscription(userId)
    await deliver('customer.subscription.created', files.stripe.object(s), s.created)
    await files.stack.db.query(`update public.subscriptions set status = 'canceled' where stripe_subscription_id = $1`, [s.id])
    // Stripe (wrongly, or an old copy of the data) still says active: the row stays cancelled.
    expect((await deliver('customer.subscription.updated', files.stripe.object(s), s.created + 1)).body.result).toBe('stale')
    expect(await rows(userId)).toEqual([{ stripe_subscription_id: s.id, status: 'canceled' }])
  })
})
