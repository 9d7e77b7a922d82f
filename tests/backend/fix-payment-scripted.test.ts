// fix-payment where the real stack cannot easily be made to answer otherwise: the handler runs
// in-process against a scripted PostgREST and payment stand-in, so which subscription it trusts,
// which page it opens and what it asks of each are asserted. The journeys through the real local
// stack (a declined renewal, 3-D Secure, the portal) are in renewals.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import fixPayment from '../../supabase/functions/fix-payment/handler.ts'
import type { FunctionEnv } from '../../supabase/functions/_shared/env.ts'
import { type Call, json, on, type Route, stubFetch, undoStubs } from './scripted-backend.ts'

const env: FunctionEnv = {
  SUPABASE_URL: 'http://stack.test',
  SUPABASE_ANON_KEY: 'anon',
  SUPABASE_SERVICE_ROLE_KEY: 'service',
  SITE_URL: 'https://site.test/',
  LOCAL_PAYMENTS_URL: 'http://stack.test/payments/v1/',
}
const USER = { id: 'u-1', email: 'kari@example.com' }
const PORTAL = 'http://stack.test/payments/v1/portal/ps_1'
const HOSTED = 'http://stack.test/payments/v1/invoice-pages/in_1'

type Sub = { id: string; status: string; customer: string | { id: string }; latest_invoice: string | { id: string } | null }
let calls: Call[]
let routes: Route[]

/** The account as the database and the provider have it. */
function account({
  customer = 'cus_1' as string | null,
  rows = [] as Array<string | null>,
  subscriptions = [] as Sub[],
  invoice = null as null | { status: string; hosted_invoice_url: string | null; intent: string | null },
} = {}) {
  routes.push(
    on('GET', /^\/rest\/v1\/billing_customers\?/, () => json(200, customer ? [{ stripe_customer_id: customer }] : [])),
    on('GET', /^\/rest\/v1\/subscriptions\?/, () => json(200, rows.map((id) => ({ stripe_subscription_id: id })))),
    on('GET', /^\/payments\/v1\/subscriptions\//, (call) => {
      const found = subscriptions.find((s) => call.path.endsWith(`/${s.id}`))
      return found ? json(200, found) : json(404, { error: 'No such subscription' })
    }),
    on('GET', /^\/payments\/v1\/invoices\/in_1$/, () => (invoice ? json(200, { id: 'in_1', status: invoice.status, hosted_invoice_url: invoice.hosted_invoice_url }) : json(404, {}))),
    on('GET', /^\/payments\/v1\/invoice_payments\?/, () =>
      json(200, { data: invoice?.intent ? [{ payment: { payment_intent: { status: invoice.intent, payment_method: 'pm_1' } } }] : [] }),
    ),
    on('POST', /^\/payments\/v1\/portal-sessions$/, () => json(200, { url: PORTAL })),
  )
}

beforeEach(() => {
  calls = []
  routes = [on('GET', /^\/auth\/v1\/user$/, () => json(200, USER))]
  vi.spyOn(console, 'error').mockImplementation(() => {})
  stubFetch(
    () => routes,
    (call) => void calls.push(call),
  )
})
afterEach(undoStubs)

const post = (body?: unknown, authorization: string | null = 'Bearer t') =>
  new Request('http://functions.test/fix-payment', {
    method: 'POST',
    headers: authorization ? { Authorization: authorization } : {},
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  })
const answerOf = async (res: Response) => ({ status: res.status, body: await res.json() })
const made = (method: string, prefix: string) => calls.filter((c) => c.method === method && c.path.startsWith(prefix))
const owing = (id: string, more: Partial<Sub> = {}): Sub => ({ id, status: 'past_due', customer: 'cus_1', latest_invoice: 'in_1', ...more })

describe('fix-payment against a scripted backend', () => {
  it('a declined renewal: the portal, opened on the card update, coming back to the dashboard in the visitor’s language', async () => {
    account({ rows: ['sub_1'], subscriptions: [owing('sub_1')], invoice: { status: 'open', hosted_invoice_url: HOSTED, intent: 'requires_payment_method' } })
    expect(await answerOf(await fixPayment(post({ lang: 'en' }), env))).toEqual({ status: 200, body: { url: PORTAL, page: 'payment_method_update' } })
    expect(made('GET', '/rest/v1/subscriptions').map((c) => c.path)).toEqual([
      '/rest/v1/subscriptions?select=stripe_subscription_id&user_id=eq.u-1&status=in.(past_due,unpaid,incomplete)&order=stripe_created_at.desc.nullslast',
    ])
    expect(made('POST', '/payments/v1/portal-sessions').map((c) => c.body)).toEqual([
      {
        customer: 'cus_1',
        return_url: 'https://site.test/en/app',
        locale: 'en',
        flow_data: { type: 'payment_method_update', after_completion: { type: 'redirect', redirect: { return_url: 'https://site.test/en/app' } } },
      },
    ])
  })

  it('a bank waiting for the customer (3-D Secure): the invoice’s own page', async () => {
    account({ rows: ['sub_1'], subscriptions: [owing('sub_1', { latest_invoice: { id: 'in_1' } })], invoice: { status: 'open', hosted_invoice_url: HOSTED, intent: 'requires_action' } })
    expect(await answerOf(await fixPayment(post(), env))).toEqual({ status: 200, body: { url: HOSTED, page: 'invoice' } })
    expect(made('POST', '/payments/v1/portal-sessions')).toEqual([])
  })

  it('3-D Secure on an invoice that is no longer open, or has no page: the portal', async () => {
    account({ rows: ['sub_1'], subscriptions: [owing('sub_1')], invoice: { status: 'paid', hosted_invoice_url: HOSTED, intent: 'requires_action' } })
    expect((await answerOf(await fixPayment(post(), env))).body).toEqual({ url: PORTAL, page: 'payment_method_update' })
    routes.splice(1)
    account({ rows: ['sub_1'], subscriptions: [owing('sub_1')], invoice: { status: 'open', hosted_invoice_url: null, intent: 'requires_action' } })
    expect((await answerOf(await fixPayment(post(), env))).body).toEqual({ url: PORTAL, page: 'payment_method_update' })
  })

  it('an open invoice with no payment tried yet: the portal', async () => {
    account({ rows: ['sub_1'], subscriptions: [owing('sub_1')], invoice: { status: 'open', hosted_invoice_url: HOSTED, intent: null } })
    expect((await answerOf(await fixPayment(post(), env))).body).toEqual({ url: PORTAL, page: 'payment_method_update' })
  })

  it('no invoice to read, or none at all: the portal, in Norwegian by default', async () => {
    account({ rows: ['sub_1'], subscriptions: [owing('sub_1', { latest_invoice: null })] })
    expect((await answerOf(await fixPayment(post(), env))).body).toEqual({ url: PORTAL, page: 'payment_method_update' })
    expect(made('GET', '/payments/v1/invoices')).toEqual([])
    expect(made('POST', '/payments/v1/portal-sessions').map((c) => (c.body as { return_url: string; locale: string }).return_url)).toEqual(['https://site.test/app'])
  })

  it('trusts the provider, not the row: one it says is paid, one of another customer (by id or expanded) and a row without an id are passed over', async () => {
    account({
      rows: [null, 'sub_paid', 'sub_other', 'sub_other_expanded', 'sub_gone', 'sub_mine'],
      subscriptions: [
        owing('sub_paid', { status: 'active' }),
        owing('sub_other', { customer: 'cus_2' }),
        owing('sub_other_expanded', { customer: { id: 'cus_2' } }),
        owing('sub_mine', { customer: { id: 'cus_1' }, status: 'unpaid', latest_invoice: null }),
      ],
    })
    expect((await answerOf(await fixPayment(post(), env))).body).toEqual({ url: PORTAL, page: 'payment_method_update' })
    expect(made('GET', '/payments/v1/subscriptions/').map((c) => c.path.split('/').pop())).toEqual(['sub_paid', 'sub_other', 'sub_other_expanded', 'sub_gone', 'sub_mine'])
  })

  it('nothing owed at the provider, or no customer: 404, and no portal', async () => {
    account({ rows: ['sub_1'], subscriptions: [owing('sub_1', { status: 'active' })] })
    expect(await answerOf(await fixPayment(post(), env))).toEqual({ status: 404, body: { error: 'No payment to fix' } })
    routes.splice(1)
    calls = []
    account({ customer: null, rows: ['sub_1'], subscriptions: [owing('sub_1')] })
    expect(await answerOf(await fixPayment(post(), env))).toEqual({ status: 404, body: { error: 'No payment to fix' } })
    // Without a customer of theirs, the provider is not even asked.
    expect(calls.filter((c) => c.path.startsWith('/payments/'))).toEqual([])
  })

  it('without a session: 401; a bad body: 400 saying what is wrong; neither reads anything', async () => {
    account()
    expect(await answerOf(await fixPayment(post(undefined, null), env))).toEqual({ status: 401, body: { error: 'Not signed in' } })
    const bad = await answerOf(await fixPayment(post({ lang: 'de' }), env))
    expect(bad.status).toBe(400)
    expect(bad.body.error).toMatch(/^Invalid request: .*lang/)
    const malformed = await answerOf(await fixPayment(post('{"lang":'), env))
    expect(malformed.status).toBe(400)
    expect(malformed.body.error).not.toMatch(/^Invalid request/)
    expect(calls.filter((c) => c.path !== '/auth/v1/user')).toEqual([])
  })

  it('a provider that fails: 502', async () => {
    account({ rows: ['sub_1'], subscriptions: [owing('sub_1', { latest_invoice: null })] })
    routes.unshift(on('POST', /^\/payments\/v1\/portal-sessions$/, () => json(500, { error: 'down' })))
    expect(await answerOf(await fixPayment(post(), env))).toEqual({ status: 502, body: { error: 'The payment provider could not open the payment page' } })
  })
})
