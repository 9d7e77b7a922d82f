// delete-account and export-account where the real stack cannot easily be made to fail: each
// handler runs in-process against a scripted backend (auth, PostgREST, the payment stand-in) that
// answers what a test chooses, so every failure path, every filter and every header is asserted.
// The happy paths through the real local stack are in account-functions.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import deleteAccount from '../../supabase/functions/delete-account/handler.ts'
import exportAccount from '../../supabase/functions/export-account/handler.ts'
import type { FunctionEnv } from '../../supabase/functions/_shared/env.ts'
import { type Call, json, on, type Route, stubFetch, undoStubs } from './scripted-backend.ts'

const env: FunctionEnv = {
  SUPABASE_URL: 'http://stack.test',
  SUPABASE_ANON_KEY: 'anon',
  SUPABASE_SERVICE_ROLE_KEY: 'service',
  LOCAL_PAYMENTS_URL: 'http://stack.test/payments/v1/',
}

const USER = { id: 'u-1', email: 'kari@example.com', created_at: '2026-01-02T00:00:00Z', encrypted_password: 'hash', app_metadata: { provider: 'email' } }


let calls: Call[]
let routes: Route[]
let logged: unknown[][]



beforeEach(() => {
  calls = []
  logged = []
  routes = [on('GET', /^\/auth\/v1\/user$/, () => json(200, USER))]
  vi.spyOn(console, 'error').mockImplementation((...args) => void logged.push(args))
  stubFetch(
    () => routes,
    (call) => void calls.push(call),
  )
})
afterEach(undoStubs)

const post = (body?: unknown) =>
  new Request('http://functions.test/x', { method: 'POST', headers: { Authorization: 'Bearer t' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })

const bodyOf = async (res: Response) => ({ status: res.status, body: await res.json() })
const made = (method: string, prefix: string) => calls.filter((c) => c.method === method && c.path.startsWith(prefix))

describe('delete-account against a scripted backend', () => {
  function account({ subscriptions = [] as Array<{ status: string; stripe_subscription_id: string | null }>, customers = [] as string[] } = {}) {
    routes.push(
      on('GET', /^\/rest\/v1\/billing_customers\?/, () => json(200, customers.map((id) => ({ stripe_customer_id: id })))),
      on('GET', /^\/rest\/v1\/subscriptions\?/, () => json(200, subscriptions)),
      on('GET', /^\/payments\/v1\/sessions\?/, () => json(200, { data: [] })),
    )
  }
  const cancelAnswers = (status: number) => routes.push(on('DELETE', /^\/payments\/v1\/subscriptions\//, () => json(status, status < 300 ? { id: 'x' } : { error: 'down' })))
  function rpcAnswers(...answers: Array<Response | (() => Response)>) {
    routes.push(on('POST', /^\/rest\/v1\/rpc\/delete_account$/, () => {
      const next = answers.length > 1 ? answers.shift()! : answers[0]!
      return typeof next === 'function' ? next() : next.clone()
    }))
  }

  it('says what a bad body or a wrong address is, and touches nothing', async () => {
    account()
    expect(await bodyOf(await deleteAccount(post({ nope: 1 }), env))).toEqual({ status: 400, body: { error: 'Send { confirm: "<your e-mail address>" }' } })
    expect(await bodyOf(await deleteAccount(post({ confirm: 'ola@example.com' }), env))).toEqual({
      status: 400,
      body: { error: 'The e-mail address does not match the account' },
    })
    expect(calls.filter((c) => c.path !== '/auth/v1/user')).toEqual([])
  })

  it('cancels only the subscriptions the provider would still charge, and tells the database which', async () => {
    account({
      subscriptions: [
        { status: 'active', stripe_subscription_id: 'sub_active' },
        { status: 'past_due', stripe_subscription_id: 'sub_late' },
        { status: 'canceled', stripe_subscription_id: 'sub_over' },
        { status: 'incomplete_expired', stripe_subscription_id: 'sub_expired' },
        { status: 'active', stripe_subscription_id: null },
      ],
    })
    cancelAnswers(200)
    rpcAnswers(json(200, { result: 'deleted' }))
    expect(await bodyOf(await deleteAccount(post({ confirm: ' KARI@example.com ' }), env))).toEqual({ status: 200, body: { deleted: true } })
    expect(made('DELETE', '/payments/v1/subscriptions/').map((c) => c.path)).toEqual(['/payments/v1/subscriptions/sub_active', '/payments/v1/subscriptions/sub_late'])
    expect(made('POST', '/rest/v1/rpc/delete_account').map((c) => c.body)).toEqual([{ account: 'u-1', cancelled: ['sub_active', 'sub_late'] }])
  })

  it('a provider that cannot cancel: 502, and the database is never asked to delete', async () => {
    account({ subscriptions: [{ status: 'active', stripe_subscription_id: 'sub_active' }] })
    cancelAnswers(500)
    rpcAnswers(json(200, { result: 'deleted' }))
    expect(await bodyOf(await deleteAccount(post({ confirm: USER.email }), env))).toEqual({
      status: 502,
      body: { error: 'The payment provider could not cancel the subscription' },
    })
    expect(made('POST', '/rest/v1/rpc/')).toEqual([])
  })

  it('a subscription bought meanwhile is cancelled and the deletion repeated with it', async () => {
    account({ subscriptions: [{ status: 'active', stripe_subscription_id: 'sub_active' }] })
    cancelAnswers(200)
    rpcAnswers(json(200, { result: 'subscription_running', subscriptions: ['sub_new'] }), json(200, { result: 'gone' }))
    expect(await bodyOf(await deleteAccount(post({ confirm: USER.email }), env))).toEqual({ status: 200, body: { deleted: true } })
    expect(made('DELETE', '/payments/v1/subscriptions/').map((c) => c.path)).toEqual(['/payments/v1/subscriptions/sub_active', '/payments/v1/subscriptions/sub_new'])
    expect(made('POST', '/rest/v1/rpc/delete_account').map((c) => c.body)).toEqual([
      { account: 'u-1', cancelled: ['sub_active'] },
      { account: 'u-1', cancelled: ['sub_active', 'sub_new'] },
    ])
  })

  it('one bought meanwhile that cannot be cancelled: 502 after one round', async () => {
    account()
    routes.push(on('DELETE', /^\/payments\/v1\/subscriptions\//, () => json(503, { error: 'down' })))
    rpcAnswers(json(200, { result: 'subscription_running', subscriptions: ['sub_new'] }))
    expect(await bodyOf(await deleteAccount(post({ confirm: USER.email }), env))).toEqual({
      status: 502,
      body: { error: 'The payment provider could not cancel the subscription' },
    })
    expect(made('POST', '/rest/v1/rpc/delete_account')).toHaveLength(1)
  })

  it('subscriptions bought again and again: three rounds, then 500, and the log says why', async () => {
    account()
    cancelAnswers(200)
    let n = 0
    rpcAnswers(() => json(200, { result: 'subscription_running', subscriptions: [`sub_${++n}`] }))
    expect(await bodyOf(await deleteAccount(post({ confirm: USER.email }), env))).toEqual({ status: 500, body: { error: 'Could not delete the account' } })
    expect(made('POST', '/rest/v1/rpc/delete_account').map((c) => (c.body as { cancelled: string[] }).cancelled)).toEqual([[], ['sub_1'], ['sub_1', 'sub_2']])
    expect(String(logged.at(-1)?.[1])).toContain('subscriptions kept being bought')
  })

  it('a database that fails: 500, and the log names the call and the answer', async () => {
    account()
    rpcAnswers(json(500, { message: 'deadlock detected' }))
    expect(await bodyOf(await deleteAccount(post({ confirm: USER.email }), env))).toEqual({ status: 500, body: { error: 'Could not delete the account' } })
    expect(String(logged.at(-1)?.[1])).toMatch(/^Error: delete_account: PostgREST answered 500 .*deadlock detected/)
  })

  it('a read that fails before the provider is asked: 502, and the log names which read', async () => {
    account()
    routes.unshift(on('GET', /^\/rest\/v1\/subscriptions\?/, () => json(500, { message: 'read failed' })))
    expect((await deleteAccount(post({ confirm: USER.email }), env)).status).toBe(502)
    expect(String(logged.at(-1)?.[1])).toMatch(/^Error: subscriptions: PostgREST answered 500/)
    routes.unshift(on('GET', /^\/rest\/v1\/billing_customers\?/, () => json(500, { message: 'read failed' })))
    routes.splice(1, 1)
    expect((await deleteAccount(post({ confirm: USER.email }), env)).status).toBe(502)
    expect(String(logged.at(-1)?.[1])).toMatch(/^Error: customer: PostgREST answered 500/)
  })
})

describe('delete-account unconfigured', () => {
  it('without Stripe, the local stand-in is required: 500, and the log names the function and what is missing', async () => {
    const res = await deleteAccount(post({ confirm: USER.email }), { ...env, LOCAL_PAYMENTS_URL: '' })
    expect(await bodyOf(res)).toEqual({ status: 500, body: { error: 'Not configured' } })
    expect(String(logged.at(-1)?.[0])).toMatch(/^\[delete-account\] not configured: missing LOCAL_PAYMENTS_URL/)
    expect(calls).toEqual([])
  })
})

describe('export-account against a scripted backend', () => {
  function rows({ demo = [] as Array<{ email: string; name: string }> } = {}) {
    routes.push(
      on('GET', /^\/rest\/v1\/subscriptions\?/, () => json(200, [{ plan: 'pro', status: 'active' }])),
      on('GET', /^\/rest\/v1\/demo_requests\?/, () => json(200, demo)),
      on('GET', /^\/rest\/v1\/payment_events\?/, () => json(200, [{ id: 'evt_1', type: 'checkout.session.completed' }])),
      on('GET', /^\/rest\/v1\/billing_customers\?/, () => json(200, [{ stripe_customer_id: 'cus_1' }])),
    )
  }

  it('a download of the profile without secrets, the rows, and the demo requests of exactly this address', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-26T23:30:00Z'))
    rows({ demo: [{ email: 'KARI@example.com', name: 'Kari' }, { email: 'kari@example.com.evil', name: 'Other' }] })
    const res = await exportAccount(post(), env)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="vekstlinje-data-2026-11-26.json"')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.json()).toEqual({
      exported_at: '2026-11-26T23:30:00.000Z',
      profile: { id: 'u-1', email: 'kari@example.com', created_at: '2026-01-02T00:00:00Z' },
      subscriptions: [{ plan: 'pro', status: 'active' }],
      payment_customers: [{ stripe_customer_id: 'cus_1' }],
      demo_requests: [{ email: 'KARI@example.com', name: 'Kari' }],
      payment_events: [{ id: 'evt_1', type: 'checkout.session.completed' }],
    })
  })

  it('a user without an address: no demo requests are looked for', async () => {
    routes[0] = on('GET', /^\/auth\/v1\/user$/, () => json(200, { id: 'u-2', phone: '+4700000000' }))
    rows({ demo: [{ email: '', name: 'Anyone' }] })
    const res = await exportAccount(post(), env)
    expect((await res.json()).demo_requests).toEqual([])
    expect(made('GET', '/rest/v1/demo_requests')).toEqual([])
  })

  it('a read that fails: 500 in plain words, and the log names which read', async () => {
    rows()
    routes.unshift(on('GET', /^\/rest\/v1\/payment_events\?/, () => json(503, {})))
    expect(await bodyOf(await exportAccount(post(), env))).toEqual({ status: 500, body: { error: 'Could not read your data' } })
    expect(String(logged.at(-1)?.[1])).toMatch(/^Error: payment events of the user: PostgREST answered 503/)
    routes.shift()
    for (const [pattern, what] of [
      [/^\/rest\/v1\/subscriptions\?/, 'subscriptions of the user'],
      [/^\/rest\/v1\/demo_requests\?/, 'demo requests of the user'],
      [/^\/rest\/v1\/billing_customers\?/, 'payment provider customer of the user'],
    ] as const) {
      routes.unshift(on('GET', pattern, () => json(503, {})))
      expect((await exportAccount(post(), env)).status).toBe(500)
      expect(String(logged.at(-1)?.[1])).toContain(`Error: ${what}: PostgREST answered 503`)
      routes.shift()
    }
  })

  /** payment_events served as PostgREST pages them: `limit` and `offset`, at most `maxRows` a
   * page, the exact count in Content-Range unless `total` is false. */
  function pagedEvents(count: number, { maxRows = 1000, total = true } = {}) {
    const all = Array.from({ length: count }, (_, i) => ({ id: `evt_${i}`, type: 'invoice.paid' }))
    const prefer: Array<string | null> = []
    const scripted = globalThis.fetch
    vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
      if (String(input).includes('/payment_events?')) prefer.push(new Headers(init.headers).get('prefer'))
      return scripted(input, init)
    })
    routes.push(
      on('GET', /^\/rest\/v1\/payment_events\?/, (call) => {
        const query = new URLSearchParams(call.path.split('?')[1])
        const offset = Number(query.get('offset'))
        const page = all.slice(offset, offset + Math.min(Number(query.get('limit')), maxRows))
        const range = page.length ? `${offset}-${offset + page.length - 1}` : '*'
        return new Response(JSON.stringify(page), { status: 200, headers: { 'Content-Type': 'application/json', 'Content-Range': `${range}/${total ? count : '*'}` } })
      }),
    )
    rows()
    return { prefer, offsets: () => made('GET', '/rest/v1/payment_events').map((c) => new URLSearchParams(c.path.split('?')[1]).get('offset')) }
  }
  const exportedEvents = async () => ((await (await exportAccount(post(), env)).json()) as { payment_events: Array<{ id: string }> }).payment_events

  it('reads page after page with the exact count until it has every row, and no page more', async () => {
    const read = pagedEvents(2500)
    const events = await exportedEvents()
    expect(events.map((e) => e.id)).toEqual(Array.from({ length: 2500 }, (_, i) => `evt_${i}`))
    expect(read.offsets()).toEqual(['0', '1000', '2000'])
    expect(read.prefer).toEqual(['count=exact', 'count=exact', 'count=exact'])
    expect(made('GET', '/rest/v1/payment_events')[0]!.path).toContain('&limit=1000&offset=0')
  })

  it('a database that answers fewer rows than asked (a lower max_rows): the count says more are there', async () => {
    const read = pagedEvents(1000, { maxRows: 400 })
    expect(await exportedEvents()).toHaveLength(1000)
    expect(read.offsets()).toEqual(['0', '400', '800'])
  })

  it('an answer without a count ends at the first page shorter than asked for, or an empty one', async () => {
    const short = pagedEvents(1500, { total: false })
    expect(await exportedEvents()).toHaveLength(1500)
    expect(short.offsets()).toEqual(['0', '1000'])
  })

  it('exactly a page of rows without a count: one more read, empty, ends it', async () => {
    const read = pagedEvents(1000, { total: false })
    expect(await exportedEvents()).toHaveLength(1000)
    expect(read.offsets()).toEqual(['0', '1000'])
  })

  it('unconfigured: the log names the function and what is missing', async () => {
    const res = await exportAccount(post(), { ...env, SUPABASE_SERVICE_ROLE_KEY: '' })
    expect(res.status).toBe(500)
    expect(String(logged.at(-1)?.[0])).toMatch(/^\[export-account\] not configured: missing SUPABASE_SERVICE_ROLE_KEY/)
  })
})
