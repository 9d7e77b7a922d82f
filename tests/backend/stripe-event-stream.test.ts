// The payment webhook against a model of Stripe's event stream. Random valid histories of a
// customer's subscriptions (tests/backend/stripe-model.ts) run against a fake Stripe API; their
// events reach the real stripe-webhook handler over a real database (the local stack) the way
// Stripe delivers them: in no particular order, some twice (at the same time or later), some
// only much later, and again after any non-2xx answer. After every history:
//   * the rows equal Stripe's final state (status, period end, cancellation, customer, plan);
//   * at most one active subscription per account, and Stripe keeps at most one running;
//   * one customer per account, stored;
//   * a cancelled subscription never came back (checked after every round of deliveries);
//   * events for an account that does not exist are all answered 2xx and kept.
// Seeded (STRIPE_MODEL_SEED to replay one; STRIPE_MODEL_RUNS for more histories); fast-check
// prints the seed and the shrunk history on failure.
import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import handler from '../../supabase/functions/stripe-webhook/handler.ts'
import { type FakeStripe, startFakeStripe } from './fake-stripe.ts'
import { type LocalStack, STARTUP_TIMEOUT, startTestStack } from './helpers.ts'
import { CustomerModel, isEntitling, isFinal, MOVES, type Move, prng, type StripeEvent, shuffle } from './stripe-model.ts'

const SEED = Number(process.env.STRIPE_MODEL_SEED ?? 20261125)
const RUNS = Number(process.env.STRIPE_MODEL_RUNS ?? 200)
const SECRET = 'whsec_model_of_the_event_stream'

let stack: LocalStack
let stripe: FakeStripe
const models = new Map<string, CustomerModel>()

beforeAll(async () => {
  ;[stack, stripe] = await Promise.all([startTestStack(), startFakeStripe()])
  stripe.onCancel = (s) => models.get(s.userId)?.canceledByApi(s)
}, STARTUP_TIMEOUT)
afterAll(() => Promise.all([stack.stop(), stripe.close()]))

const env = () => ({
  SUPABASE_URL: stack.url,
  SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
  STRIPE_WEBHOOK_SECRET: SECRET,
  ...stripe.env(),
})

const crypto = Stripe.createSubtleCryptoProvider()
const signatures = new Map<string, string>()

/** One delivery of an event, signed as Stripe signs it (cached per event: signing is costly). */
async function deliver(event: StripeEvent): Promise<{ status: number; result?: string }> {
  const payload = JSON.stringify(event)
  let signature = signatures.get(event.id)
  if (!signature) {
    signature = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: SECRET, cryptoProvider: crypto })
    signatures.set(event.id, signature)
  }
  const res = await handler(
    new Request('http://functions.local/stripe-webhook', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature }, body: payload }),
    env(),
  )
  const body = (await res.json().catch(() => ({}))) as { result?: string }
  const outcome = body.result ?? String(res.status)
  results.set(outcome, (results.get(outcome) ?? 0) + 1)
  return { status: res.status, ...(body.result ? { result: body.result } : {}) }
}

type Row = { stripe_subscription_id: string; status: string; cancel_at_period_end: boolean; canceled_at: Date | null; current_period_end: Date | null; stripe_customer_id: string | null; product_name: string; user_id: string }

async function rowsOf(userId: string): Promise<Row[]> {
  const { rows } = await stack.db.query<Row>('select * from public.subscriptions where user_id = $1', [userId])
  return rows
}
const seconds = (d: Date | null) => (d === null ? null : Math.round(d.getTime() / 1000))

const moveArb: fc.Arbitrary<Move> = fc.record({
  // Buying is the move that makes duplicates: give it more weight.
  kind: fc.oneof({ arbitrary: fc.constantFrom('checkout', 'twoTabs'), weight: 3 }, { arbitrary: fc.constantFrom(...MOVES), weight: 7 }) as fc.Arbitrary<Move['kind']>,
  pick: fc.nat({ max: 3 }),
  // Often in the same second as the move before (Stripe's stamps then tie), sometimes days later.
  wait: fc.oneof(fc.constant(0), fc.constant(1), fc.integer({ min: 2, max: 40 * 24 * 3600 })),
})

const historyArb = fc.record({
  moves: fc.array(moveArb, { minLength: 1, maxLength: 8 }),
  // Most histories belong to an account; some to an id that has none.
  known: fc.integer({ min: 0, max: 9 }).map((n) => n !== 0),
  delivery: fc.nat(),
})

let histories = 0
const results = new Map<string, number>()

async function runHistory({ moves, known, delivery }: { moves: Move[]; known: boolean; delivery: number }) {
  histories += 1
  const random = prng(delivery)
  const userId = randomUUID()
  if (known) {
    await stack.db.query(`insert into auth.users (id, aud, role, email) values ($1, 'authenticated', 'authenticated', $2)`, [userId, `${userId}@example.com`])
  }
  const model = new CustomerModel(stripe, userId, `cus_model_${histories}`, `h${histories}`)
  models.set(userId, model)
  const pending: StripeEvent[] = []
  let seen = 0
  const everTerminal = new Set<string>()

  /** One round: each waiting event goes now (sometimes twice, at once or later) or waits. */
  async function round(everything: boolean) {
    pending.push(...model.emitted.slice(seen))
    seen = model.emitted.length
    const now: StripeEvent[] = []
    const later: StripeEvent[] = []
    for (const event of pending) {
      if (everything || random() < 0.5) {
        now.push(event)
        if (random() < 0.2) now.push(event) // a duplicate, concurrently
        if (random() < 0.15) later.push(event) // and a redelivery in a later round
      } else later.push(event)
    }
    pending.length = 0
    const answers = await Promise.all(shuffle(now, random).map(async (event) => ({ event, answer: await deliver(event) })))
    for (const { event, answer } of answers) {
      // Stripe redelivers what was not answered 2xx.
      if (answer.status < 200 || answer.status >= 300) later.push(event)
    }
    pending.push(...later)
    // Invariants hold at every point, not only at the end.
    const rows = await rowsOf(userId)
    expect(rows.filter((row) => isEntitling(row.status)).length).toBeLessThanOrEqual(1)
    for (const row of rows) {
      if (everTerminal.has(row.stripe_subscription_id)) expect(isFinal(row.status)).toBe(true)
      if (isFinal(row.status)) everTerminal.add(row.stripe_subscription_id)
    }
  }

  for (const move of moves) {
    model.apply(move)
    await round(false)
  }
  // Stripe keeps trying: everything still waiting arrives, in any order, until all were answered 2xx.
  for (let attempt = 0; pending.length > 0 || seen < model.emitted.length; attempt += 1) {
    expect(attempt, 'events still refused after many rounds').toBeLessThan(6)
    await round(true)
  }

  const rows = await rowsOf(userId)
  const stored = await stack.db.query<{ stripe_customer_id: string }>('select stripe_customer_id from public.billing_customers where user_id = $1', [userId])
  if (!known) {
    expect(rows).toEqual([])
    expect(stored.rows).toEqual([])
    const { rows: kept } = await stack.db.query<{ n: number }>(
      `select count(*)::int as n from public.payment_events where user_id = $1 and outcome = 'unlinked'`,
      [userId],
    )
    expect(kept[0]!.n).toBe(new Set(model.emitted.map((e) => e.id)).size)
    return
  }
  // The rows are Stripe's final state, one per subscription.
  const expected = model.subscriptions
    .map((s) => ({
      stripe_subscription_id: s.id,
      status: s.status,
      cancel_at_period_end: s.cancelAtPeriodEnd,
      canceled_at: s.canceledAt,
      current_period_end: s.periodEnd,
      stripe_customer_id: s.customer,
      product_name: 'pro',
    }))
    .sort((a, b) => a.stripe_subscription_id.localeCompare(b.stripe_subscription_id))
  const actual = rows
    .map((row) => ({
      stripe_subscription_id: row.stripe_subscription_id,
      status: row.status,
      cancel_at_period_end: row.cancel_at_period_end,
      canceled_at: seconds(row.canceled_at),
      current_period_end: seconds(row.current_period_end),
      stripe_customer_id: row.stripe_customer_id,
      product_name: row.product_name,
    }))
    .sort((a, b) => a.stripe_subscription_id.localeCompare(b.stripe_subscription_id))
  expect(actual).toEqual(expected)
  // Stripe itself keeps at most one running subscription: the later duplicate was cancelled.
  expect(model.subscriptions.filter((s) => isEntitling(s.status)).length).toBeLessThanOrEqual(1)
  if (model.subscriptions.length > 0) expect(stored.rows).toEqual([{ stripe_customer_id: model.customer }])
}

describe('stripe-webhook under a model of Stripe’s event stream', () => {
  it(`${RUNS} random histories, delivered shuffled, duplicated and late (seed ${SEED})`, async () => {
    const started = performance.now()
    // The webhook's expected warnings (unknown accounts, duplicates cancelled) would flood the log.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      await fc.assert(fc.asyncProperty(historyArb, runHistory), { seed: SEED, numRuns: RUNS })
    } finally {
      warn.mockRestore()
    }
    const answers = [...results].map(([result, n]) => `${result} ${n}`).join(', ')
    console.log(
      `[stripe model] ${histories} histories (shrinking included) in ${Math.round(performance.now() - started)} ms; ` +
        `deliveries: ${answers}; duplicates refunded and cancelled: ${stripe.refunds.length}`,
    )
  }, 600_000)
})
