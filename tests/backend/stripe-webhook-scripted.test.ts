// The stripe-webhook handler where the real stack cannot easily be made to answer what a test needs:
// it runs in-process against a scripted backend (PostgREST's RPCs and the local payment stand-in)
// that answers what each test chooses. Events are signed as Stripe signs them (the stripe SDK's test
// header), and every request the handler makes is asserted: which event it records, which reading
// it writes with which version, what it refunds and cancels. The same paths through the real local
// stack and the fake Stripe server are in stripe-webhook.test.ts and the security tests.
import Stripe from 'stripe'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FunctionEnv } from '../../supabase/functions/_shared/env.ts'
import handler, { planOfSubscription, snapshotOf, subscriptionOfEvent } from '../../supabase/functions/stripe-webhook/handler.ts'
import { type Call, json, on, type Route, recordedCalls, stubFetch, undoStubs } from './scripted-backend.ts'

const SECRET = 'whsec_scripted'
const NOW = Date.parse('2026-11-26T12:00:00Z') / 1000
const USER = '0f8fad5b-d9cb-469f-a165-70867728950e'
const OTHER_USER = '7c9e6679-7425-40de-944b-e07fc1f90ae7'

const env: FunctionEnv = {
  SUPABASE_URL: 'http://stack.test',
  SUPABASE_SERVICE_ROLE_KEY: 'service',
  STRIPE_WEBHOOK_SECRET: SECRET,
  STRIPE_PRICE_PRO: 'price_pro',
  LOCAL_PAYMENTS_URL: 'http://stack.test/payments/v1/',
  SITE_URL: 'https://vekstlinje.no',
}


let calls: Call[]
let routes: Route[]
let logged: unknown[][]


let version: number
/** A subscription as the provider's API answers it (Stripe's shape since API 2025-03-31). */
type Sub = Record<string, unknown> & { id: string; status: string }
let atProvider: Map<string, Sub>
/** What apply_subscription_snapshot answers, per subscription id (default: applied). */
let applyAnswers: Array<(snapshot: { subscription_id: string }) => Response | undefined>

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW * 1000)
  calls = []
  logged = []
  version = 100
  atProvider = new Map()
  applyAnswers = []
  routes = [
    on('POST', /^\/rest\/v1\/rpc\/record_payment_event$/, () => json(200, ++version)),
    on('POST', /^\/rest\/v1\/rpc\/next_subscription_version$/, () => json(200, ++version)),
    on('POST', /^\/rest\/v1\/rpc\/apply_subscription_snapshot$/, (call) => {
      const { snapshot } = call.body as { snapshot: { subscription_id: string } }
      for (const answer of applyAnswers) {
        const res = answer(snapshot)
        if (res) return res
      }
      return json(200, { result: 'applied' })
    }),
    on('PATCH', /^\/rest\/v1\/payment_events\?id=eq\./, () => new Response(null, { status: 204 })),
    on('DELETE', /^\/rest\/v1\/payment_events\?id=eq\./, () => new Response(null, { status: 204 })),
    on('GET', /^\/payments\/v1\/subscriptions\//, (call) => {
      const sub = atProvider.get(call.path.split('/').at(-1)!)
      return sub ? json(200, sub) : json(404, { error: 'No such subscription' })
    }),
    // The invoices the ledger reads back (a paid one's method, a failed one's state): none known unless a test says so.
    on('GET', /^\/payments\/v1\/invoices\//, () => json(404, { error: { code: 'resource_missing', message: 'No such invoice' } })),
    on('POST', /^\/payments\/v1\/refunds$/, (call) => json(200, { id: 're_1', subscription: (call.body as { subscription: string }).subscription })),
    on('DELETE', /^\/payments\/v1\/subscriptions\//, (call) => {
      const sub = atProvider.get(call.path.split('/').at(-1)!)
      if (!sub) return json(404, { error: 'No such subscription' })
      Object.assign(sub, { status: 'canceled', canceled_at: NOW })
      return json(200, sub)
    }),
  ]
  for (const level of ['error', 'warn'] as const) vi.spyOn(console, level).mockImplementation((...args) => void logged.push(args))
  stubFetch(
    () => routes,
    (call) => void calls.push(call),
  )
})
afterEach(undoStubs)

const { made, rpcs, applied } = recordedCalls(() => calls)

function subscription(values: Partial<Sub> = {}): Sub {
  const sub: Sub = {
    id: 'sub_1',
    object: 'subscription',
    customer: 'cus_1',
    status: 'active',
    cancel_at_period_end: false,
    canceled_at: null,
    created: NOW - 60,
    metadata: { user_id: USER, plan: 'pro' },
    items: { object: 'list', data: [{ id: 'si_1', price: { id: 'price_pro' }, current_period_end: NOW + 30 * 86_400 }] },
    ...values,
  }
  atProvider.set(sub.id, sub)
  return sub
}

let serial = 0
function envelope(type: string, object: unknown, extra: Record<string, unknown> = {}) {
  return { id: `evt_${++serial}`, object: 'event', api_version: Stripe.API_VERSION, created: NOW - 5, livemode: false, pending_webhooks: 1, type, data: { object }, ...extra }
}
const subscriptionEvent = (type: string, sub: Partial<Sub>) => envelope(`customer.subscription.${type}`, { object: 'subscription', ...sub })
const checkoutCompleted = (fields: Record<string, unknown>) =>
  envelope('checkout.session.completed', { id: 'cs_1', object: 'checkout.session', mode: 'subscription', subscription: 'sub_1', client_reference_id: USER, metadata: {}, ...fields })

const crypto = Stripe.createSubtleCryptoProvider()
async function signature(payload: string, timestamp = NOW, secret = SECRET) {
  return Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, timestamp, cryptoProvider: crypto })
}
async function signed(event: unknown, { timestamp = NOW, headers = {} as Record<string, string> } = {}) {
  const payload = typeof event === 'string' ? event : JSON.stringify(event)
  return new Request('http://functions.test/stripe-webhook', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': await signature(payload, timestamp), ...headers },
    body: payload,
  })
}
async function answer(res: Response) {
  return { status: res.status, body: await res.json() }
}
async function send(event: unknown, overrides: FunctionEnv = {}) {
  return answer(await handler(await signed(event), { ...env, ...overrides }))
}

describe('which subscription and account an event names', () => {
  it('checkout.session.completed: the subscription (an id or expanded), the account from client_reference_id, else the metadata, lower-cased', async () => {
    subscription()
    expect(await send(checkoutCompleted({ subscription: { id: 'sub_1', object: 'subscription' }, client_reference_id: USER.toUpperCase() }))).toEqual({
      status: 200,
      body: { received: true, result: 'applied' },
    })
    await send(checkoutCompleted({ client_reference_id: 'not-a-uuid', metadata: { user_id: OTHER_USER } }))
    await send(checkoutCompleted({ client_reference_id: null, metadata: null }))
    await send(checkoutCompleted({ client_reference_id: `x${USER}`, metadata: { user_id: `${OTHER_USER}x` } }))
    expect(rpcs('record_payment_event').map((b) => (b as { account: string | null }).account)).toEqual([USER, OTHER_USER, null, null])
    expect(made('GET', '/payments/v1/subscriptions/').map((c) => c.path)).toEqual(Array(4).fill('/payments/v1/subscriptions/sub_1'))
  })

  it('checkout.session.completed of a one-time payment, or without a subscription id: ignored, nothing recorded', async () => {
    for (const fields of [{ mode: 'payment' }, { mode: 'setup', subscription: null }, { subscription: null }, { subscription: '' }, { subscription: { id: 'cus_1' } }]) {
      expect(await send(checkoutCompleted(fields))).toEqual({ status: 200, body: { received: true, result: 'ignored' } })
    }
    expect(calls).toEqual([])
  })

  it('customer.subscription.*: the event object’s id, the account in its metadata', async () => {
    subscription()
    for (const type of ['created', 'updated', 'deleted']) {
      expect((await send(subscriptionEvent(type, { id: 'sub_1', status: 'active', metadata: { user_id: USER } }))).body).toEqual({ received: true, result: 'applied' })
    }
    await send(subscriptionEvent('updated', { id: 'sub_1', status: 'active' }))
    expect(rpcs('record_payment_event')).toEqual([
      { event_id: `evt_${serial - 3}`, event_type: 'customer.subscription.created', created: '2026-11-26T11:59:55.000Z', account: USER },
      { event_id: `evt_${serial - 2}`, event_type: 'customer.subscription.updated', created: '2026-11-26T11:59:55.000Z', account: USER },
      { event_id: `evt_${serial - 1}`, event_type: 'customer.subscription.deleted', created: '2026-11-26T11:59:55.000Z', account: USER },
      { event_id: `evt_${serial}`, event_type: 'customer.subscription.updated', created: '2026-11-26T11:59:55.000Z', account: null },
    ])
  })

  it('ids that are not a Stripe subscription id are ignored: another prefix, a prefix alone, other characters, longer than 255', async () => {
    for (const id of ['cus_1', 'sub_', 'sub_1/../x', 'xsub_1', 'sub_1 ', `sub_${'a'.repeat(252)}`, 7]) {
      expect((await send(subscriptionEvent('updated', { id: id as string, status: 'active' }))).body).toEqual({ received: true, result: 'ignored' })
    }
    expect(calls).toEqual([])
    subscription({ id: `sub_${'a'.repeat(251)}` })
    expect((await send(subscriptionEvent('updated', { id: `sub_${'a'.repeat(251)}`, status: 'active' }))).body.result).toBe('applied')
  })

  it('invoice.*: the subscription at parent.subscription_details (API 2025-03-31 on), else at the top level (older versions)', async () => {
    subscription()
    subscription({ id: 'sub_old' })
    const current = (type: string) =>
      envelope(`invoice.${type}`, { id: 'in_1', object: 'invoice', parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1', metadata: { user_id: USER } } }, subscription: 'sub_old' })
    for (const type of ['payment_succeeded', 'paid', 'payment_failed']) expect((await send(current(type))).body.result).toBe('applied')
    await send(envelope('invoice.paid', { id: 'in_2', object: 'invoice', subscription: { id: 'sub_old' }, subscription_details: { metadata: { user_id: OTHER_USER } } }))
    await send(envelope('invoice.paid', { id: 'in_3', object: 'invoice', parent: { subscription_details: { subscription: 'sub_1' } } }))
    expect(made('GET', '/payments/v1/subscriptions/').map((c) => c.path.split('/').at(-1))).toEqual(['sub_1', 'sub_1', 'sub_1', 'sub_old', 'sub_1'])
    expect(rpcs('record_payment_event').map((b) => (b as { account: string | null }).account)).toEqual([USER, USER, USER, OTHER_USER, null])
    // An invoice of no subscription (a one-off invoice) concerns none.
    expect((await send(envelope('invoice.paid', { id: 'in_4', object: 'invoice', parent: { type: 'quote_details' } }))).body.result).toBe('ignored')
  })

  it('any other event type is ignored, even one carrying a subscription', async () => {
    expect(await send(envelope('customer.subscription.paused', { id: 'sub_1', object: 'subscription' }))).toEqual({ status: 200, body: { received: true, result: 'ignored' } })
    expect(calls).toEqual([])
    expect(subscriptionOfEvent('customer.subscription.paused', { id: 'sub_1' })).toBeNull()
  })
})

describe('the reading written', () => {
  it('every field from the provider’s reading, not the event’s payload; the version drawn when the event was recorded', async () => {
    subscription({ customer: { id: 'cus_9', object: 'customer' }, cancel_at_period_end: true, canceled_at: NOW - 10, status: 'past_due' })
    expect((await send(subscriptionEvent('updated', { id: 'sub_1', status: 'active', metadata: { user_id: USER } }))).body.result).toBe('applied')
    applyAnswers.push(() => json(200, { result: 'stale' }))
    expect((await send(subscriptionEvent('updated', { id: 'sub_1', status: 'active', metadata: { user_id: USER } }))).body.result).toBe('stale')
    // Only an event that changed nothing for want of an account, plan or subscription is noted.
    expect(made('PATCH', '/rest/v1/payment_events')).toEqual([])
    expect(applied().slice(0, 1)).toEqual([
      {
        version: 101,
        snapshot: {
          subscription_id: 'sub_1',
          customer_id: 'cus_9',
          user_id: USER,
          status: 'past_due',
          product_name: 'pro',
          cancel_at_period_end: true,
          canceled_at: '2026-11-26T11:59:50.000Z',
          current_period_end: '2026-12-26T12:00:00.000Z',
          created_at: '2026-11-26T11:59:00.000Z',
          // Past due with no latest invoice to read: nothing known of the payment owed.
          payment_action_required: false,
          next_payment_attempt: null,
        },
      },
    ])
  })

  it('the period end: the latest of the subscription’s and its items’ (before and after API 2025-03-31); none when neither has one', () => {
    const pro = planOfSubscription({ id: 'sub_1', status: 'active', items: { data: [{ price: { id: 'price_pro' } }] } } as never, env)!
    const of = (fields: Record<string, unknown>) => snapshotOf({ id: 'sub_1', status: 'active', ...fields } as never, pro, null)
    expect(of({ current_period_end: NOW }).current_period_end).toBe('2026-11-26T12:00:00.000Z')
    expect(of({ current_period_end: NOW, items: { data: [{ current_period_end: NOW + 60 }, { current_period_end: NOW - 60 }] } }).current_period_end).toBe('2026-11-26T12:01:00.000Z')
    expect(of({ current_period_end: NOW + 60, items: { data: [{ current_period_end: NOW }] } }).current_period_end).toBe('2026-11-26T12:01:00.000Z')
    expect(of({ current_period_end: 0, items: { data: [{ current_period_end: -5 }, { current_period_end: '1' }] } }).current_period_end).toBeNull()
    expect(of({}).current_period_end).toBeNull()
  })

  it('times Stripe cannot mean (zero, negative, not finite, past the year 9999, not a number) are stored as none', () => {
    const pro = planOfSubscription({ id: 'sub_1', status: 'active', metadata: { plan: 'pro' } } as never, env)!
    for (const t of [0, -1, Number.POSITIVE_INFINITY, Number.NaN, 253_402_300_800, '1700000000', null]) {
      const s = snapshotOf({ id: 'sub_1', status: 'active', canceled_at: t, created: t, current_period_end: t } as never, pro, null)
      expect([s.canceled_at, s.created_at, s.current_period_end]).toEqual([null, null, null])
    }
    expect(snapshotOf({ id: 'sub_1', status: 'active', created: 253_402_300_799 } as never, pro, null).created_at).toBe('9999-12-31T23:59:59.000Z')
    expect(snapshotOf({ id: 'sub_1', status: 'active', created: 1 } as never, pro, null).created_at).toBe('1970-01-01T00:00:01.000Z')
  })

  it('the account: the subscription’s metadata, else the event’s; the customer: an id, expanded, or none; cancel_at_period_end only when true', () => {
    const pro = planOfSubscription({ id: 'sub_1', status: 'active', metadata: { plan: 'pro' } } as never, env)!
    const s = (fields: Record<string, unknown>, hint: string | null = null) => snapshotOf({ id: 'sub_1', status: 'active', ...fields } as never, pro, hint)
    expect(s({ metadata: { user_id: USER } }, OTHER_USER).user_id).toBe(USER)
    expect(s({ metadata: { user_id: 'nobody' } }, OTHER_USER).user_id).toBe(OTHER_USER)
    expect(s({}, null).user_id).toBeNull()
    expect([s({ customer: 'cus_1' }).customer_id, s({ customer: { id: 'cus_2' } }).customer_id, s({ customer: null }).customer_id, s({ customer: '' }).customer_id]).toEqual(['cus_1', 'cus_2', null, null])
    expect([s({ cancel_at_period_end: true }), s({ cancel_at_period_end: 'true' }), s({})].map((x) => x.cancel_at_period_end)).toEqual([true, false, false])
  })

  it('the plan: the price of a paid plan, else the plan the checkout named; a free or unknown plan is none', () => {
    const sub = (price: string | undefined, plan?: string) => ({ id: 'sub_1', status: 'active', items: { data: [{ price: price ? { id: price } : undefined }] }, metadata: plan ? { plan } : {} }) as never
    expect(planOfSubscription(sub('price_pro'), env)?.id).toBe('pro')
    expect(planOfSubscription(sub('price_pro', 'free'), env)?.id).toBe('pro')
    expect(planOfSubscription(sub('price_other', 'pro'), env)?.id).toBe('pro')
    expect(planOfSubscription(sub(undefined, 'free'), env)).toBeNull()
    expect(planOfSubscription(sub('price_other', 'gold'), env)).toBeNull()
    expect(planOfSubscription(sub('price_other'), env)).toBeNull()
    // A plan whose price secret is unset matches no price, not even a missing one.
    expect(planOfSubscription(sub(undefined), { ...env, STRIPE_PRICE_PRO: undefined })).toBeNull()
    expect(planOfSubscription({ id: 'sub_1', status: 'active' } as never, env)).toBeNull()
    const catalogue = [{ id: 'team', name: 'Team', rank: 2, priceNok: 1, stripePriceEnv: 'STRIPE_PRICE_TEAM', benefits: [] }]
    expect(planOfSubscription(sub('price_team'), { STRIPE_PRICE_TEAM: 'price_team' }, catalogue)?.id).toBe('team')
  })
})

describe('outcomes that change nothing are kept with the reason', () => {
  it('unknown to the provider, of no plan: 200, the outcome noted on the event, nothing written', async () => {
    expect(await send(subscriptionEvent('updated', { id: 'sub_gone', status: 'active' }))).toEqual({ status: 200, body: { received: true, result: 'unknown_subscription' } })
    subscription({ items: { data: [{ price: { id: 'price_enterprise' } }] }, metadata: { plan: 'enterprise' } })
    expect((await send(subscriptionEvent('updated', { id: 'sub_1', status: 'active' }))).body.result).toBe('unknown_plan')
    expect(logged.slice(-2).map((args) => String(args[0]))).toEqual([
      `[stripe-webhook] customer.subscription.updated evt_${serial - 1}: subscription sub_gone is unknown to the provider; the event is kept`,
      `[stripe-webhook] customer.subscription.updated evt_${serial}: subscription sub_1 has a price of no plan in the catalogue; the event is kept`,
    ])
    expect(made('PATCH', '/rest/v1/payment_events').map((c) => [c.path, c.body])).toEqual([
      [`/rest/v1/payment_events?id=eq.evt_${serial - 1}`, { outcome: 'unknown_subscription' }],
      [`/rest/v1/payment_events?id=eq.evt_${serial}`, { outcome: 'unknown_plan' }],
    ])
    expect(applied()).toEqual([])
  })

  it('a running subscription of an account that is gone: unlinked, refunded and cancelled; a finished one, or one naming no account, is left alone', async () => {
    applyAnswers.push(() => json(200, { result: 'unlinked' }))
    subscription()
    expect((await send(subscriptionEvent('updated', { id: 'sub_1', status: 'active' }))).body.result).toBe('unlinked')
    expect(made('POST', '/payments/v1/refunds').map((c) => c.body)).toEqual([{ subscription: 'sub_1', reason: 'requested_by_customer' }])
    expect(made('DELETE', '/payments/v1/subscriptions/').map((c) => c.path)).toEqual(['/payments/v1/subscriptions/sub_1'])
    expect(made('PATCH', '/rest/v1/payment_events').map((c) => c.body)).toEqual([{ outcome: 'unlinked' }])
    expect(String(logged.at(-1)?.[0])).toBe(`[stripe-webhook] customer.subscription.updated evt_${serial}: subscription sub_1 belongs to no known account; the event is kept`)

    for (const status of ['canceled', 'incomplete_expired']) {
      subscription({ id: `sub_${status}`, status })
      expect((await send(subscriptionEvent('deleted', { id: `sub_${status}`, status }))).body.result).toBe('unlinked')
    }
    subscription({ id: 'sub_anon', metadata: { plan: 'pro' } })
    expect((await send(subscriptionEvent('updated', { id: 'sub_anon', status: 'active' }))).body.result).toBe('unlinked')
    expect(made('POST', '/payments/v1/refunds')).toHaveLength(1)
    expect(made('DELETE', '/payments/v1/subscriptions/')).toHaveLength(1)
  })
})

describe('a second active subscription of one user (two checkout tabs, both paid)', () => {
  const conflictWith = (other: string) => (snapshot: { subscription_id: string }) =>
    snapshot.subscription_id === 'sub_2' && applied().filter((a) => a.snapshot.subscription_id === 'sub_2').length === 1
      ? json(200, { result: 'conflict', other, other_created_at: null })
      : undefined

  it('the later one is refunded as a duplicate and cancelled, its cancellation written with a fresh version; the first round’s version is the recorded one', async () => {
    subscription({ id: 'sub_1', created: NOW - 600 })
    subscription({ id: 'sub_2', created: NOW - 60 })
    applyAnswers.push(conflictWith('sub_1'))
    expect((await send(subscriptionEvent('created', { id: 'sub_2', status: 'active' }))).body.result).toBe('applied')
    expect(made('POST', '/payments/v1/refunds').map((c) => c.body)).toEqual([{ subscription: 'sub_2', reason: 'duplicate' }])
    expect(made('DELETE', '/payments/v1/subscriptions/').map((c) => c.path)).toEqual(['/payments/v1/subscriptions/sub_2'])
    // 101 recorded; 102 drawn to read sub_1; 103 for the cancellation; 104 the next round's reading.
    expect(applied().map((a) => [a.version, a.snapshot.subscription_id, a.snapshot.status])).toEqual([
      [101, 'sub_2', 'active'],
      [103, 'sub_2', 'canceled'],
      [104, 'sub_2', 'canceled'],
    ])
    expect(applied()[1]!.snapshot).toMatchObject({ product_name: 'pro', user_id: USER, canceled_at: '2026-11-26T12:00:00.000Z' })
  })

  it('when the one the row holds is the later, that one is refunded and the new one kept', async () => {
    subscription({ id: 'sub_1', created: NOW - 60 })
    subscription({ id: 'sub_2', created: NOW - 600 })
    applyAnswers.push(conflictWith('sub_1'))
    await send(subscriptionEvent('created', { id: 'sub_2', status: 'active' }))
    expect(made('POST', '/payments/v1/refunds').map((c) => c.body)).toEqual([{ subscription: 'sub_1', reason: 'duplicate' }])
    expect(applied().map((a) => [a.snapshot.subscription_id, a.snapshot.status])).toEqual([
      ['sub_2', 'active'],
      ['sub_1', 'canceled'],
      ['sub_2', 'active'],
    ])
  })

  it('bought in the same second: the larger id is refunded, whichever event comes first', async () => {
    subscription({ id: 'sub_1', created: NOW - 60 })
    subscription({ id: 'sub_2', created: NOW - 60 })
    applyAnswers.push(conflictWith('sub_1'))
    await send(subscriptionEvent('created', { id: 'sub_2', status: 'active' }))
    expect(made('POST', '/payments/v1/refunds').map((c) => c.body)).toEqual([{ subscription: 'sub_2', reason: 'duplicate' }])
    atProvider.get('sub_2')!.status = 'active'
    calls = []
    applyAnswers = [(s) => (s.subscription_id === 'sub_1' && applied().length === 1 ? json(200, { result: 'conflict', other: 'sub_2', other_created_at: null }) : undefined)]
    await send(subscriptionEvent('updated', { id: 'sub_1', status: 'active' }))
    expect(made('POST', '/payments/v1/refunds').map((c) => c.body)).toEqual([{ subscription: 'sub_2', reason: 'duplicate' }])
  })

  it('a cancelled subscription whose plan the provider no longer names is written with the plan of the reading it replaces', async () => {
    subscription({ id: 'sub_1', created: NOW - 600 })
    subscription({ id: 'sub_2', created: NOW - 60 })
    applyAnswers.push(conflictWith('sub_1'))
    routes.unshift(on('DELETE', /^\/payments\/v1\/subscriptions\/sub_2$/, () => json(200, { id: 'sub_2', object: 'subscription', status: 'canceled', customer: 'cus_1', created: NOW - 60 })))
    await send(subscriptionEvent('created', { id: 'sub_2', status: 'active', metadata: { user_id: USER } }))
    expect(applied()[1]!.snapshot).toMatchObject({ subscription_id: 'sub_2', status: 'canceled', product_name: 'pro', user_id: USER })
  })

  it('the row held an old reading of the other (it has ended meanwhile): that reading is refreshed, nothing refunded, and the new one written', async () => {
    subscription({ id: 'sub_1', status: 'canceled', created: NOW - 600 })
    subscription({ id: 'sub_2', created: NOW - 60 })
    applyAnswers.push(conflictWith('sub_1'))
    expect((await send(subscriptionEvent('created', { id: 'sub_2', status: 'active' }))).body.result).toBe('applied')
    expect(made('POST', '/payments/v1/refunds')).toEqual([])
    expect(applied().map((a) => [a.version, a.snapshot.subscription_id, a.snapshot.status])).toEqual([
      [101, 'sub_2', 'active'],
      [102, 'sub_1', 'canceled'],
      [103, 'sub_2', 'active'],
    ])
  })

  it('a reading without a creation time counts as the earlier; two without: the larger id is refunded', async () => {
    subscription({ id: 'sub_1', created: undefined })
    subscription({ id: 'sub_2', created: NOW - 60 })
    applyAnswers.push(conflictWith('sub_1'))
    await send(subscriptionEvent('created', { id: 'sub_2', status: 'active' }))
    subscription({ id: 'sub_1', created: NOW - 60 })
    subscription({ id: 'sub_2', created: undefined })
    applyAnswers = [(s) => (s.subscription_id === 'sub_2' && applied().filter((a) => a.snapshot.subscription_id === 'sub_2').length === 4 ? json(200, { result: 'conflict', other: 'sub_1', other_created_at: null }) : undefined)]
    await send(subscriptionEvent('created', { id: 'sub_2', status: 'active' }))
    subscription({ id: 'sub_1', created: undefined })
    subscription({ id: 'sub_2', created: undefined })
    applyAnswers = [(s) => (s.subscription_id === 'sub_2' && applied().filter((a) => a.snapshot.subscription_id === 'sub_2').length === 6 ? json(200, { result: 'conflict', other: 'sub_1', other_created_at: null }) : undefined)]
    await send(subscriptionEvent('created', { id: 'sub_2', status: 'active' }))
    expect(made('POST', '/payments/v1/refunds').map((c) => (c.body as { subscription: string }).subscription)).toEqual(['sub_2', 'sub_1', 'sub_2'])
  })

  it('a trialing other is entitling too: the later is refunded', async () => {
    subscription({ id: 'sub_1', status: 'trialing', created: NOW - 600 })
    subscription({ id: 'sub_2', created: NOW - 60 })
    applyAnswers.push(conflictWith('sub_1'))
    await send(subscriptionEvent('created', { id: 'sub_2', status: 'active' }))
    expect(made('POST', '/payments/v1/refunds').map((c) => c.body)).toEqual([{ subscription: 'sub_2', reason: 'duplicate' }])
  })

  it('the other unknown to the provider, or of no plan: 500 and the event forgotten, so that Stripe retries', async () => {
    subscription({ id: 'sub_2', created: NOW - 60 })
    applyAnswers.push(() => json(200, { result: 'conflict', other: 'sub_gone', other_created_at: null }))
    expect(await send(subscriptionEvent('created', { id: 'sub_2', status: 'active' }))).toEqual({ status: 500, body: { error: 'Could not store the event' } })
    expect(made('DELETE', '/rest/v1/payment_events').map((c) => c.path)).toEqual([`/rest/v1/payment_events?id=eq.evt_${serial}`])
    expect(String(logged.at(-1)?.[1])).toContain("the row's active subscription sub_gone is unknown to the provider")
    subscription({ id: 'sub_gone', metadata: {}, items: { data: [] } })
    expect((await send(subscriptionEvent('created', { id: 'sub_2', status: 'active' }))).status).toBe(500)
    expect(String(logged.at(-1)?.[1])).toContain("the row's active subscription sub_gone is unknown to the provider")
    expect(made('POST', '/payments/v1/refunds')).toEqual([])
  })

  it('a provider that keeps answering a new duplicate: ten rounds, then 500 and the event forgotten', async () => {
    subscription({ id: 'sub_2', created: NOW - 60 })
    subscription({ id: 'sub_1', status: 'canceled', created: NOW - 600 })
    applyAnswers.push((s) => (s.subscription_id === 'sub_2' ? json(200, { result: 'conflict', other: 'sub_1', other_created_at: null }) : undefined))
    expect((await send(subscriptionEvent('created', { id: 'sub_2', status: 'active' }))).status).toBe(500)
    expect(applied().filter((a) => a.snapshot.subscription_id === 'sub_2')).toHaveLength(10)
    expect(String(logged.at(-1)?.[1])).toContain('subscription sub_2: duplicates could not be settled in ten rounds')
    expect(made('DELETE', '/rest/v1/payment_events')).toHaveLength(1)
  })
})

describe('storage that fails', () => {
  it('the event cannot be recorded: 500, nothing read or written, so that Stripe retries', async () => {
    routes.unshift(on('POST', /^\/rest\/v1\/rpc\/record_payment_event$/, () => json(503, { message: 'down' })))
    subscription()
    expect(await send(subscriptionEvent('updated', { id: 'sub_1', status: 'active' }))).toEqual({ status: 500, body: { error: 'Could not store the event' } })
    expect(calls.map((c) => c.path)).toEqual(['/rest/v1/rpc/record_payment_event'])
    expect(String(logged.at(-1)?.[1])).toMatch(/^Error: record event: PostgREST answered 503 .*down/)
  })

  it('an event recorded before (a redelivery): 200 duplicate, nothing read', async () => {
    routes.unshift(on('POST', /^\/rest\/v1\/rpc\/record_payment_event$/, () => json(200, null)))
    expect(await send(subscriptionEvent('updated', { id: 'sub_1', status: 'active' }))).toEqual({ status: 200, body: { received: true, result: 'duplicate' } })
    expect(calls).toHaveLength(1)
  })

  it('the reading cannot be written: 500 and the event forgotten; a failure to forget still answers 500', async () => {
    subscription()
    routes.unshift(on('POST', /^\/rest\/v1\/rpc\/apply_subscription_snapshot$/, () => json(500, { message: 'deadlock detected' })))
    expect(await send(subscriptionEvent('updated', { id: 'sub_1', status: 'active' }))).toEqual({ status: 500, body: { error: 'Could not store the event' } })
    expect(String(logged.at(-1)?.[1])).toMatch(/^Error: apply reading: PostgREST answered 500 .*deadlock detected/)
    expect(made('DELETE', '/rest/v1/payment_events').map((c) => c.path)).toEqual([`/rest/v1/payment_events?id=eq.evt_${serial}`])

    routes.unshift(on('DELETE', /^\/rest\/v1\/payment_events/, () => json(500, { message: 'gone away' })))
    expect((await send(subscriptionEvent('updated', { id: 'sub_1', status: 'active' }))).status).toBe(500)
    expect(String(logged.at(-1)?.[0])).toBe(`[stripe-webhook] could not forget evt_${serial}`)
    expect(String(logged.at(-1)?.[1])).toMatch(/^Error: forget event: PostgREST answered 500/)
  })

  it('a version that cannot be drawn, or an outcome that cannot be noted: 500 and the event forgotten', async () => {
    subscription({ id: 'sub_2', created: NOW - 60 })
    applyAnswers.push(() => json(200, { result: 'conflict', other: 'sub_1', other_created_at: null }))
    routes.unshift(on('POST', /^\/rest\/v1\/rpc\/next_subscription_version$/, () => json(500, {})))
    expect((await send(subscriptionEvent('created', { id: 'sub_2', status: 'active' }))).status).toBe(500)
    expect(String(logged.at(-1)?.[1])).toMatch(/^Error: next version: PostgREST answered 500/)

    routes.unshift(on('PATCH', /^\/rest\/v1\/payment_events/, () => json(500, {})))
    expect((await send(subscriptionEvent('updated', { id: 'sub_gone', status: 'active' }))).status).toBe(500)
    expect(String(logged.at(-1)?.[1])).toMatch(/^Error: note outcome: PostgREST answered 500/)
    expect(made('DELETE', '/rest/v1/payment_events')).toHaveLength(2)
  })

  it('each RPC is called with the service role, and only next_subscription_version without arguments', async () => {
    const headers: Headers[] = []
    const inner = globalThis.fetch
    vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
      headers.push(new Headers(init.headers))
      return inner(input, init)
    })
    subscription({ id: 'sub_2', created: NOW - 60 })
    subscription({ id: 'sub_1', status: 'canceled', created: NOW - 600 })
    applyAnswers.push((s) => (s.subscription_id === 'sub_2' && applied().length === 1 ? json(200, { result: 'conflict', other: 'sub_1', other_created_at: null }) : undefined))
    await send(subscriptionEvent('created', { id: 'sub_2', status: 'active' }))
    expect(rpcs('next_subscription_version')).toEqual([{}, {}])
    expect(headers.every((h) => h.get('authorization') === 'Bearer service')).toBe(true)
  })
})

describe('the request itself', () => {
  it('a validly signed event that is not one: a wrong id, no type, a time Stripe cannot mean, no object → 400, nothing touched', async () => {
    const base = subscriptionEvent('updated', { id: 'sub_1', status: 'active' })
    for (const changed of [
      { id: 'ev_1' },
      { id: 7 },
      { type: 7 },
      { created: 0 },
      { created: '1764158400' },
      { data: {} },
      { data: { object: [] } },
      { data: { object: 'sub_1' } },
      { data: { object: null } },
      { data: null },
    ]) {
      expect(await send({ ...base, ...changed })).toEqual({ status: 400, body: { error: 'Malformed event' } })
    }
    expect(calls).toEqual([])
  })

  it('signatures: missing → 400 naming it; wrong, malformed or stale → 400 with the reason; dated more than 300 s ahead → 400', async () => {
    const event = JSON.stringify(subscriptionEvent('updated', { id: 'sub_1', status: 'active' }))
    const post = (header: string | null, body = event) =>
      handler(new Request('http://functions.test/stripe-webhook', { method: 'POST', headers: header === null ? {} : { 'Stripe-Signature': header }, body }), env)
    expect(await answer(await post(null))).toEqual({ status: 400, body: { error: 'Missing Stripe-Signature header' } })
    expect(await answer(await post(''))).toEqual({ status: 400, body: { error: 'Missing Stripe-Signature header' } })
    const wrong = await answer(await post(await Stripe.webhooks.generateTestHeaderStringAsync({ payload: event, secret: 'whsec_other', timestamp: NOW, cryptoProvider: crypto })))
    expect(wrong.status).toBe(400)
    expect(wrong.body.error).toMatch(/^Invalid signature: No signatures found matching the expected signature/)
    expect((await answer(await post(await signature(event, NOW - 301)))).body.error).toMatch(/^Invalid signature: Timestamp outside the tolerance zone/)
    expect((await post(await signature(event, NOW - 300))).status).toBe(200)
    expect(await answer(await post(await signature(event, NOW + 301)))).toEqual({ status: 400, body: { error: 'Invalid signature: Timestamp outside the tolerance zone' } })
    expect((await post(await signature(event, NOW + 300))).status).toBe(200)
    // Stripe's header lists t= first; a v0 scheme or a second v1 (during a secret roll) may follow.
    const ahead = await signature(event, NOW + 3600)
    expect((await post(`${ahead},v0=00`)).status).toBe(400)
    // The SDK verifies against the last t= it finds (and only an exact "t" key): a t= of now added
    // before or after a captured future-dated header must not pass the check the SDK leaves out.
    expect((await post(`t=${NOW},${ahead}`)).status).toBe(400)
    expect((await post(`${ahead}, t=${NOW}`)).status).toBe(400)
    expect(made('POST', '/rest/v1/rpc/record_payment_event')).toHaveLength(2)
  })

  it('the future check reads t= as the SDK does (last exact "t" item, parseInt): t=+T and t= T an hour ahead → 400; a t that is no number → 400', async () => {
    const event = JSON.stringify(subscriptionEvent('updated', { id: 'sub_1', status: 'active' }))
    const post = (header: string) =>
      handler(new Request('http://functions.test/stripe-webhook', { method: 'POST', headers: { 'Stripe-Signature': header }, body: event }), env)
    const ahead = await signature(event, NOW + 3600)
    expect(ahead.startsWith(`t=${NOW + 3600},`)).toBe(true)
    // The SDK reads each spelling as NOW + 3600 and finds the genuine v1 over `${NOW + 3600}.<body>`.
    for (const header of [ahead, ahead.replace('t=', 't=+'), ahead.replace('t=', 't= '), ahead.replace('t=', 't=0'), `${ahead},t=+${NOW + 3600}`]) {
      expect({ header: header.slice(0, 16), answer: await answer(await post(header)) }).toEqual({
        header: header.slice(0, 16),
        answer: { status: 400, body: { error: 'Invalid signature: Timestamp outside the tolerance zone' } },
      })
    }
    // A t the SDK reads as NaN takes its signature over `NaN.<body>` and passes its (one-sided)
    // tolerance: only the secret's holder can make one, and it is refused all the same.
    const v1 = await crypto.computeHMACSignatureAsync(`NaN.${event}`, SECRET)
    await expect(Stripe.webhooks.constructEventAsync(event, `t=soon,v1=${v1}`, SECRET, 300, crypto)).resolves.toMatchObject({ type: 'customer.subscription.updated' })
    for (const header of [`t=soon,v1=${v1}`, `t=,v1=${v1}`, `t,v1=${v1}`, `${ahead},t=x,v1=${v1}`]) {
      expect({ header, answer: await answer(await post(header)) }).toEqual({ header, answer: { status: 400, body: { error: 'Invalid signature: Unable to read the timestamp' } } })
    }
    // No t at all: the SDK refuses it.
    expect((await post(ahead.replace(/^t=\d+,/, ''))).status).toBe(400)
    expect(calls).toEqual([])
  })

  it('the tolerance counts whole seconds of the clock, as Stripe signs them', async () => {
    const event = JSON.stringify(subscriptionEvent('updated', { id: 'sub_1', status: 'active' }))
    vi.setSystemTime(NOW * 1000 + 999)
    const res = await handler(new Request('http://functions.test/stripe-webhook', { method: 'POST', headers: { 'Stripe-Signature': await signature(event, NOW + 300) }, body: event }), env)
    expect(res.status).toBe(200)
  })

  it('without a signing secret: 503; the health check says so', async () => {
    const noSecret = { ...env, STRIPE_WEBHOOK_SECRET: '' }
    expect(await answer(await handler(await signed(subscriptionEvent('updated', { id: 'sub_1', status: 'active' })), noSecret))).toEqual({
      status: 503,
      body: { error: 'Webhook is not configured' },
    })
    const health = (e: FunctionEnv, body = JSON.stringify({ test: 'health_check' })) =>
      handler(new Request('http://functions.test/stripe-webhook', { method: 'POST', headers: { Origin: 'https://vekstlinje.no' }, body }), e)
    const down = await health(noSecret)
    expect(down.headers.get('access-control-allow-origin')).toBe('https://vekstlinje.no')
    expect(await answer(down)).toEqual({ status: 503, body: { ok: false, function: 'stripe-webhook', signature_check: 'not configured', provider: 'local' } })
    expect(await answer(await health({ ...env, LOCAL_PAYMENTS_URL: undefined }))).toEqual({
      status: 200,
      body: { ok: false, function: 'stripe-webhook', signature_check: 'configured', provider: 'not configured' },
    })
    const up = await health(env)
    expect(up.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(await answer(up)).toEqual({ status: 200, body: { ok: true, function: 'stripe-webhook', signature_check: 'configured', provider: 'local' } })
    // Anything else unsigned is an event without a signature.
    for (const body of ['{"test":"other"}', '[{"test":"health_check"}]', 'null', 'not json', '']) {
      expect(await answer(await health(env, body))).toEqual({ status: 400, body: { error: 'Missing Stripe-Signature header' } })
    }
    expect(calls).toEqual([])
  })

  it('a signed health-check body is an event like any other (and not one)', async () => {
    expect(await send({ test: 'health_check' })).toEqual({ status: 400, body: { error: 'Malformed event' } })
  })

  it('not configured for storage: 500 so that Stripe retries once it is; no provider: 500 before anything is recorded', async () => {
    for (const missing of ['SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY']) {
      expect(await send(subscriptionEvent('updated', { id: 'sub_1', status: 'active' }), { [missing]: ' ' })).toEqual({ status: 500, body: { error: 'Webhook is not configured' } })
      expect(String(logged.at(-1)?.[0])).toContain(`[stripe-webhook] not configured: missing ${missing}`)
    }
    expect(await send(subscriptionEvent('updated', { id: 'sub_1', status: 'active' }), { LOCAL_PAYMENTS_URL: undefined })).toEqual({
      status: 500,
      body: { error: 'Webhook is not configured' },
    })
    expect(String(logged.at(-1)?.[0])).toMatch(/^\[stripe-webhook\] not configured: missing STRIPE_SECRET_KEY/)
    // An event it ignores needs no provider.
    expect((await send(envelope('customer.created', { id: 'cus_1' }), { LOCAL_PAYMENTS_URL: undefined })).status).toBe(200)
    expect(calls).toEqual([])
  })

  it('OPTIONS → 200 with CORS; other methods → 405 naming the allowed ones; a body over 512 KiB → 413; an unreadable one → 400', async () => {
    const preflight = await handler(new Request('http://functions.test/stripe-webhook', { method: 'OPTIONS', headers: { Origin: 'https://vekstlinje.no' } }), env)
    expect([preflight.status, await preflight.text(), preflight.headers.get('access-control-allow-origin')]).toEqual([200, 'ok', 'https://vekstlinje.no'])
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST')
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await handler(new Request('http://functions.test/stripe-webhook', { method }), env)
      expect([res.status, res.headers.get('allow'), res.headers.get('vary')]).toEqual([405, 'POST, OPTIONS', 'Origin'])
    }
    const big = JSON.stringify(envelope('invoice.paid', { id: 'in_1', pad: 'x'.repeat(512 * 1024) }))
    expect(await answer(await handler(await signed(big), env))).toEqual({ status: 413, body: { error: 'Payload too large' } })
    const atLimit = JSON.stringify(envelope('customer.created', { id: 'cus_1', pad: '' }))
    const padded = atLimit.replace('"pad":""', `"pad":"${'x'.repeat(512 * 1024 - atLimit.length)}"`)
    expect(new TextEncoder().encode(padded).byteLength).toBe(512 * 1024)
    expect(await answer(await handler(await signed(padded), env))).toEqual({ status: 200, body: { received: true, result: 'ignored' } })
    const broken = new ReadableStream({ pull: (controller) => controller.error(new Error('connection reset')) })
    const unreadable = new Request('http://functions.test/stripe-webhook', { method: 'POST', body: broken, duplex: 'half' } as RequestInit)
    expect(await answer(await handler(unreadable, env))).toEqual({ status: 400, body: { error: 'Unreadable body' } })
  })
})
