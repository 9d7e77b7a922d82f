// The nightly reconciliation in-process: the provider's side is in memory, PostgREST a scripted
// backend, so what the run takes for a drift, what it writes again, what it replays and counts, and
// the record it keeps are asserted field by field. The run through the real local stack (lost
// webhooks of a declined renewal, two runs at once, pg_cron's job) is in renewals.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import reconcilePayments, { KEEP_RUNS_DAYS, REPLAY_SECONDS, reconcile } from '../../supabase/functions/reconcile-payments/handler.ts'
import type { FunctionEnv } from '../../supabase/functions/_shared/env.ts'
import { HANDLED_EVENTS } from '../../supabase/functions/_shared/payment-ledger.ts'
import type { ProviderSubscription } from '../../supabase/functions/_shared/payment-provider.ts'
import { type Call, json, on, providerStub, type Route, recordedCalls, stubFetch, undoStubs } from './scripted-backend.ts'

const NOW = Date.parse('2026-11-28T02:37:00Z')
const SECONDS = NOW / 1000
const DAY = 86_400
const USER = '0f8fad5b-d9cb-469f-a165-70867728950e'
const env: FunctionEnv = { SUPABASE_URL: 'http://stack.test', SUPABASE_SERVICE_ROLE_KEY: 'service', STRIPE_PRICE_PRO: 'price_pro' }

type Row = { stripe_subscription_id: string; user_id: string | null; status: string; cancel_at_period_end: boolean; canceled_at: string | null; current_period_end: string | null }
type Event = { id: string; type: string; created: number; data: { object: Record<string, unknown> } }

let calls: Call[]
let routes: Route[]
let warned: string[]
let version: number
let listed: ProviderSubscription[]
let rows: Map<string, Row>
let events: Event[]
let settingsOff: string[]
/** Subscriptions whose write changes nothing (the row had it already). */
let unchanged: Set<string>
let asked: { since?: number; types?: readonly string[] }

const provider = providerStub({
  retrieveSubscription: async (id) => structuredClone(listed.find((s) => s.id === id) ?? null),
  listSubscriptions: async function* () {
    yield* structuredClone(listed)
  },
  missingSettings: async () => settingsOff,
  undeliveredEvents: async function* (since, types) {
    asked = { since, types }
    yield* events
  },
})

const iso = (seconds: number) => new Date(seconds * 1000).toISOString()
const END = SECONDS + 20 * DAY

/** A Pro subscription at the provider, and (unless `row` is null) its row as the database has it. */
function pro(id: string, values: Partial<ProviderSubscription> = {}, row: Partial<Row> | null = {}) {
  const sub: ProviderSubscription = {
    id,
    customer: 'cus_1',
    status: 'active',
    cancel_at_period_end: false,
    canceled_at: null,
    created: SECONDS - 40 * DAY,
    metadata: { user_id: USER, plan: 'pro' },
    items: { data: [{ price: { id: 'price_pro' }, current_period_end: END }] },
    latest_invoice: null,
    ...values,
  }
  listed.push(sub)
  if (row) {
    // The database writes its times with an offset of its own: the same instant still matches.
    rows.set(id, { stripe_subscription_id: id, user_id: USER, status: 'active', cancel_at_period_end: false, canceled_at: null, current_period_end: iso(END).replace('Z', '+00:00'), ...row })
  }
  return sub
}

beforeEach(() => {
  calls = []
  warned = []
  version = 100
  listed = []
  rows = new Map()
  events = []
  settingsOff = []
  unchanged = new Set()
  asked = {}
  routes = [
    on('GET', /^\/rest\/v1\/subscriptions\?select=stripe_subscription_id,user_id,status,cancel_at_period_end,canceled_at,current_period_end&stripe_subscription_id=in\.\(/, (call) => {
      const ids = /in\.\(([^)]*)\)$/.exec(call.path)![1]!.split(',')
      return json(200, ids.flatMap((id) => rows.get(id) ?? []))
    }),
    on('POST', /^\/rest\/v1\/rpc\/next_subscription_version$/, () => json(200, ++version)),
    on('POST', /^\/rest\/v1\/rpc\/record_payment_event$/, (call) => json(200, (call.body as { event_id: string }).event_id.startsWith('evt_seen') ? null : ++version)),
    on('POST', /^\/rest\/v1\/rpc\/apply_subscription_snapshot$/, (call) => {
      const { snapshot } = call.body as { snapshot: { subscription_id: string } }
      return json(200, { result: 'applied', changed: !unchanged.has(snapshot.subscription_id) })
    }),
    on('POST', /^\/rest\/v1\/payment_reconciliations$/, () => new Response(null, { status: 201 })),
    on('DELETE', /^\/rest\/v1\/payment_reconciliations\?/, () => new Response(null, { status: 204 })),
  ]
  vi.spyOn(console, 'warn').mockImplementation((line) => void warned.push(String(line)))
  vi.spyOn(console, 'error').mockImplementation((line) => void warned.push(String(line)))
  stubFetch(
    () => routes,
    (call) => void calls.push(call),
  )
})
afterEach(undoStubs)

const { made, applied } = recordedCalls(() => calls)
const written = () => applied().map((a) => a.snapshot.subscription_id)
const rowQueries = () => made('GET', '/rest/v1/subscriptions?').map((c) => /in\.\(([^)]*)\)$/.exec(c.path)![1]!.split(','))
const subscriptionEvent = (id: string, subscription: string): Event => ({ id, type: 'customer.subscription.updated', created: SECONDS - DAY, data: { object: { id: subscription, metadata: { user_id: USER } } } })

describe('the nightly reconciliation against a scripted backend', () => {
  it('writes again only what differs from its row, and records the run', async () => {
    pro('sub_same')
    pro('sub_late', { status: 'past_due' })
    pro('sub_cancels', { cancel_at_period_end: true }, { cancel_at_period_end: true, status: 'active' })
    pro('sub_stops', { cancel_at_period_end: true })
    pro('sub_ended_at', { status: 'canceled', canceled_at: SECONDS - DAY }, { status: 'canceled' })
    pro('sub_longer', { items: { data: [{ price: { id: 'price_pro' }, current_period_end: END + 30 * DAY }] } })
    pro('sub_no_end', { items: { data: [{ price: { id: 'price_pro' } }] } })
    pro('sub_ended_before', { status: 'canceled', canceled_at: SECONDS - DAY }, { status: 'canceled', canceled_at: iso(SECONDS - DAY).replace('Z', '+00:00') })
    unchanged.add('sub_longer')

    const run = await reconcile(env, provider, NOW)
    expect(written()).toEqual(['sub_late', 'sub_stops', 'sub_ended_at', 'sub_longer', 'sub_no_end'])
    expect(run).toEqual({
      started_at: '2026-11-28T02:37:00.000Z',
      subscriptions_read: 8,
      events_replayed: 0,
      drift: [
        { subscription: 'sub_late', provider: { status: 'past_due', cancel_at_period_end: false, canceled_at: null, current_period_end: iso(END) }, database: expect.objectContaining({ status: 'active' }) },
        { subscription: 'sub_stops', provider: expect.objectContaining({ cancel_at_period_end: true }), database: expect.objectContaining({ cancel_at_period_end: false }) },
        { subscription: 'sub_ended_at', provider: expect.objectContaining({ canceled_at: iso(SECONDS - DAY) }), database: expect.objectContaining({ canceled_at: null }) },
        { subscription: 'sub_longer', provider: expect.objectContaining({ current_period_end: iso(END + 30 * DAY) }), database: expect.objectContaining({ current_period_end: iso(END).replace('Z', '+00:00') }) },
        { subscription: 'sub_no_end', provider: expect.objectContaining({ current_period_end: null }), database: expect.objectContaining({ current_period_end: iso(END).replace('Z', '+00:00') }) },
      ],
      // The write that changed nothing is not a change.
      changes: [{ subscription: 'sub_late' }, { subscription: 'sub_stops' }, { subscription: 'sub_ended_at' }, { subscription: 'sub_no_end' }],
      settings_off: [],
    })
    expect(made('POST', '/rest/v1/payment_reconciliations').map((c) => [c.body, c.headers.prefer])).toEqual([[run, 'return=minimal']])
    expect(made('DELETE', '/rest/v1/payment_reconciliations').map((c) => c.path)).toEqual([
      `/rest/v1/payment_reconciliations?started_at=lt.${new Date(NOW - KEEP_RUNS_DAYS * DAY * 1000).toISOString()}`,
    ])
    expect(warned).toContain('[reconcile-payments] drift: sub_late is past_due at the payment provider, active in the database: read again and written')
    expect(warned).toContain(
      '[reconcile-payments] drift: sub_stops is active (cancels at the period end) at the payment provider, active in the database: read again and written',
    )
  })

  it('one without a row is written if it names an account and still runs; a stranger’s, an ended one and another plan’s are left', async () => {
    pro('sub_new', {}, null)
    pro('sub_strangers', { metadata: { plan: 'pro' } }, null)
    pro('sub_over', { status: 'canceled' }, null)
    pro('sub_expired', { status: 'incomplete_expired' }, null)
    pro('sub_other_business', { metadata: { user_id: USER }, items: { data: [{ price: { id: 'price_else' } }] } }, { status: 'past_due' })
    const run = await reconcile(env, provider, NOW)
    expect(written()).toEqual(['sub_new'])
    expect(run.drift).toEqual([{ subscription: 'sub_new', provider: expect.objectContaining({ status: 'active' }), database: null }])
    expect(applied()[0]!.snapshot.user_id).toBe(USER)
    expect(warned).toContain('[reconcile-payments] drift: sub_new is active at the payment provider, missing in the database: read again and written')
  })

  it('writes a drifted subscription for its row’s account when the provider’s copy names none', async () => {
    pro('sub_unnamed', { status: 'past_due', metadata: { plan: 'pro' } })
    await reconcile(env, provider, NOW)
    expect(applied().map((a) => [a.snapshot.subscription_id, a.snapshot.user_id])).toEqual([['sub_unnamed', USER]])
  })

  it('reads the rows a hundred at a time, and asks only for ids a subscription can have', async () => {
    for (let i = 0; i < 150; i += 1) pro(`sub_${String(i).padStart(3, '0')}`)
    pro('x_sub_9', { metadata: {}, items: { data: [{ price: { id: 'price_else' } }] } }, null)
    pro('sub_9,sub_8', { metadata: {}, items: { data: [{ price: { id: 'price_else' } }] } }, null)
    const run = await reconcile(env, provider, NOW)
    expect(run.subscriptions_read).toBe(152)
    expect(rowQueries().map((ids) => ids.length)).toEqual([100, 50])
    expect(rowQueries()[1]!.at(-1)).toBe('sub_149')
    expect(run.drift).toEqual([])
  })

  it('replays the events of the last three days that were not delivered, counting those it handled', async () => {
    pro('sub_late', { status: 'past_due' }, { status: 'past_due' })
    unchanged.add('sub_late')
    pro('sub_fixed', {}, { status: 'past_due' })
    events = [
      subscriptionEvent('evt_1', 'sub_late'),
      subscriptionEvent('evt_seen_1', 'sub_late'),
      { id: 'evt_2', type: 'checkout.session.completed', created: SECONDS - DAY, data: { object: { mode: 'payment' } } },
      subscriptionEvent('evt_3', 'sub_fixed'),
    ]
    const run = await reconcile(env, provider, NOW)
    expect(asked).toEqual({ since: Math.floor(SECONDS) - REPLAY_SECONDS, types: HANDLED_EVENTS })
    // evt_1 and evt_3 handled (evt_1's write changed nothing); the one seen before and the one of no subscription not.
    expect(run.events_replayed).toBe(2)
    expect(run.changes).toEqual([{ subscription: 'sub_fixed' }, { subscription: 'sub_fixed', event: 'evt_3' }])
  })

  it('names the provider’s settings that are off, in the record and as an error', async () => {
    settingsOff = ['customer_portal.payment_method_update']
    const run = await reconcile(env, provider, NOW)
    expect(run.settings_off).toEqual(['customer_portal.payment_method_update'])
    // Nothing listed: no rows asked for.
    expect(rowQueries()).toEqual([])
    expect(warned.some((line) => line.startsWith("[reconcile-payments] the payment provider's setting customer_portal.payment_method_update is off"))).toBe(true)
  })

  it('a storage step that fails stops the run, naming the step', async () => {
    pro('sub_late', { status: 'past_due' })
    const failing = (method: string, path: RegExp) => routes.unshift(on(method, path, () => json(503, { message: 'down' })))
    failing('GET', /^\/rest\/v1\/subscriptions\?/)
    await expect(reconcile(env, provider, NOW)).rejects.toThrow(/^rows of the subscriptions: PostgREST answered 503/)
    routes.shift()
    failing('POST', /^\/rest\/v1\/payment_reconciliations$/)
    await expect(reconcile(env, provider, NOW)).rejects.toThrow(/^record the run: PostgREST answered 503/)
    routes.shift()
    failing('DELETE', /^\/rest\/v1\/payment_reconciliations\?/)
    await expect(reconcile(env, provider, NOW)).rejects.toThrow(/^forget old runs: PostgREST answered 503/)
  })
})

describe('reconcile-payments, the function', () => {
  const local: FunctionEnv = { ...env, LOCAL_PAYMENTS_URL: 'http://stack.test/payments/v1/' }
  const post = (token = 'service', method = 'POST') => new Request('http://functions.test/reconcile-payments', { method, headers: { Authorization: `Bearer ${token}` }, ...(method === 'POST' ? { body: '{"action":"reconcile"}' } : {}) })
  const standIn = (subscriptions: unknown) =>
    routes.push(
      on('GET', /^\/payments\/v1\/subscriptions\?/, () => json(200, { data: subscriptions, has_more: false })),
      on('GET', /^\/payments\/v1\/events\?/, () => json(200, { data: [] })),
    )

  it('runs for the service role, and answers what the run found', async () => {
    standIn([])
    const res = await reconcilePayments(post(), local)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ subscriptions_read: 0, events_replayed: 0, drift: [], changes: [], settings_off: [] })
    expect(made('POST', '/rest/v1/payment_reconciliations')).toHaveLength(1)
  })

  it('refuses anyone else, any other method, and runs nothing without its configuration', async () => {
    const anon = await reconcilePayments(post('anon'), local)
    expect([anon.status, await anon.json()]).toEqual([401, { error: 'The service role is required' }])
    const get = await reconcilePayments(post('service', 'GET'), local)
    expect([get.status, get.headers.get('Allow'), await get.json()]).toEqual([405, 'POST', { error: 'Method not allowed' }])
    const noProvider = await reconcilePayments(post(), env)
    expect([noProvider.status, await noProvider.json()]).toEqual([500, { error: 'Payments are not configured' }])
    expect((await reconcilePayments(post(), { ...local, SUPABASE_SERVICE_ROLE_KEY: undefined })).status).toBe(500)
    // Each log line names what is missing.
    expect(warned).toEqual([expect.stringMatching(/^\[reconcile-payments\] not configured: missing STRIPE_SECRET_KEY;/), expect.stringMatching(/^\[reconcile-payments\] not configured: missing SUPABASE_SERVICE_ROLE_KEY;/)])
    expect(calls).toEqual([])
  })

  it('runs for a request without a body too', async () => {
    standIn([])
    const res = await reconcilePayments(new Request('http://functions.test/reconcile-payments', { method: 'POST', headers: { Authorization: 'Bearer service' } }), local)
    expect(res.status).toBe(200)
  })

  it('a provider that fails: 502, and no run recorded', async () => {
    routes.push(on('GET', /^\/payments\/v1\/subscriptions\?/, () => json(500, { error: 'down' })))
    const res = await reconcilePayments(post(), local)
    expect([res.status, await res.json()]).toEqual([502, { error: 'The reconciliation could not finish' }])
    expect(made('POST', '/rest/v1/payment_reconciliations')).toEqual([])
  })
})
