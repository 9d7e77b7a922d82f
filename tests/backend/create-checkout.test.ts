// The create-checkout function: through the local stack with supabase-js as the app invokes it,
// its handler directly against a fake Stripe API server (node:http; the real stripe SDK talks to
// it over HTTP), and the local payment page end to end (Pay → signed webhook events → row).
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { functionHandler, RUNTIME } from './function-runtime.ts'
import { confirmedUser, expectNotSignedIn, functionError, type LocalStack, startTestStack, TEST_BUYER } from './helpers.ts'

/** The handler under test, in this run's runtime (Node, or Deno from the upload copy). */
const handler = functionHandler('create-checkout')

let stack: LocalStack
const SITE = 'http://localhost:5173'

beforeAll(async () => {
  stack = await startTestStack()
})
afterAll(() => stack.stop())

type Env = Record<string, string | undefined>
type Signed = Awaited<ReturnType<typeof confirmedUser>>

const baseEnv = (): Env => ({
  SUPABASE_URL: stack.url,
  SUPABASE_ANON_KEY: stack.anonKey,
  SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
  SITE_URL: SITE,
  LOCAL_PAYMENTS_URL: `${stack.url}/local-payments/sessions`,
  BRREG_API_URL: `${stack.url}/local-brreg/enhetsregisteret/api`,
})

function call(body: unknown, options: { token?: string; env?: Env; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Origin: SITE, ...options.headers }
  if (options.token) headers.Authorization = `Bearer ${options.token}`
  return handler(
    new Request('http://functions.local/create-checkout', { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) }),
    { ...baseEnv(), ...options.env },
  )
}

async function rows(userId: string) {
  const { rows } = await stack.db.query<{ product_name: string; status: string; current_period_end: Date | null; stripe_customer_id: string | null; stripe_subscription_id: string | null }>(
    'select * from public.subscriptions where user_id = $1',
    [userId],
  )
  return rows
}

async function giveSubscription(userId: string, values: { status: string; customer?: string }) {
  await stack.db.query(
    `insert into public.subscriptions (user_id, product_name, status, stripe_customer_id, stripe_subscription_id, provider_updated_at)
     values ($1, 'pro', $2, $3, $4, now())`,
    [userId, values.status, values.customer ?? null, `sub_seed_${Math.random().toString(36).slice(2)}`],
  )
}

const invokeError = (sb: SupabaseClient, body: unknown) => functionError(sb, 'create-checkout', body)

describe('create-checkout: who may buy', () => {
  it('without a session → 401, through the stack and to the handler', async () => {
    await expectNotSignedIn(stack, 'create-checkout', { productType: 'pro', buyer: TEST_BUYER }, (token) => call({ productType: 'pro', buyer: TEST_BUYER }, { token }))
  })

  it('after sign-out, the old access token no longer buys anything → 401', async () => {
    const user = await confirmedUser(stack)
    await user.sb.auth.signOut()
    expect((await call({ productType: 'pro', buyer: TEST_BUYER }, { token: user.session.access_token })).status).toBe(401)
  })

  describe('with a signed-in user', () => {
    let user: Signed
    beforeAll(async () => {
      user = await confirmedUser(stack, 'Kari Nordmann')
    })

    for (const [title, body] of [
      ['another product', { productType: 'enterprise', buyer: TEST_BUYER }],
      ['no product', { lang: 'nb' }],
      ['an unknown language', { productType: 'pro', lang: 'de' }],
      ['a product of the wrong type', { productType: ['pro'] }],
      ['a JSON array', [{ productType: 'pro', buyer: TEST_BUYER }]],
      ['malformed JSON', '{"productType":'],
    ] as const) {
      it(`${title} → 400 { error }`, async () => {
        const res = await call(body, { token: user.session.access_token })
        expect(res.status).toBe(400)
        expect((await res.json()).error).toEqual(expect.any(String))
      })
    }

    it('wrong product through supabase-js → 400, the message readable from error.context', async () => {
      const { status, body } = await invokeError(user.sb, { productType: 'basic', buyer: TEST_BUYER })
      expect(status).toBe(400)
      expect(body.error).toMatch(/^Invalid request: productType/)
    })

    it('GET → 405', async () => {
      const res = await handler(new Request('http://functions.local/create-checkout', { headers: { Authorization: `Bearer ${user.session.access_token}` } }), baseEnv())
      expect(res.status).toBe(405)
    })
  })

  it('already on Pro → 409 { code: "already_on_plan", plan: "pro" }; a canceled Pro does not count', async () => {
    const user = await confirmedUser(stack)
    await giveSubscription(user.user.id, { status: 'canceled' })
    expect((await call({ productType: 'pro', buyer: TEST_BUYER }, { token: user.session.access_token })).status).toBe(200)
    await giveSubscription(user.user.id, { status: 'active' })
    expect(await invokeError(user.sb, { productType: 'pro', buyer: TEST_BUYER })).toEqual({ status: 409, body: { code: 'already_on_plan', plan: 'pro', error: 'Already on Pro' } })
  })
})

describe('create-checkout: CORS for the site', () => {
  it('answers the preflight for a site origin with the gateway headers', async () => {
    const res = await handler(
      new Request('http://functions.local/create-checkout', { method: 'OPTIONS', headers: { Origin: 'http://localhost:5183', 'Access-Control-Request-Method': 'POST' } }),
      baseEnv(),
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5183')
    expect(res.headers.get('access-control-allow-headers')).toContain('x-client-info')
    expect(res.headers.get('access-control-expose-headers')).toContain('x-relay-error')
  })

  it('refuses another origin, and names the site (never *) even on a 401', async () => {
    const preflight = await handler(new Request('http://functions.local/create-checkout', { method: 'OPTIONS', headers: { Origin: 'https://evil.example' } }), baseEnv())
    expect(preflight.status).toBe(403)
    const res = await call({ productType: 'pro', buyer: TEST_BUYER }, { headers: { Origin: 'https://evil.example' } })
    expect(res.status).toBe(403)
    const unauth = await call({ productType: 'pro', buyer: TEST_BUYER })
    expect(unauth.status).toBe(401)
    expect(unauth.headers.get('access-control-allow-origin')).toBe(SITE)
  })
})

// ---------------------------------------------------------------------------------------------

type Captured = { method: string; path: string; headers: IncomingMessage['headers']; form: URLSearchParams }

/** A stand-in for api.stripe.com: records each request and answers with a Checkout Session. */
async function fakeStripe(reply: (req: Captured) => { status: number; body: unknown }) {
  const requests: Captured[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const captured = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')) }
      requests.push(captured)
      const { status, body } = reply(captured)
      res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${requests.length}` })
      res.end(JSON.stringify(body))
    })
  })
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready))
  const { port } = server.address() as AddressInfo
  return { base: `http://127.0.0.1:${port}`, requests, close: () => new Promise<void>((done) => server.close(() => done())) }
}

const session = (id: string) => ({ status: 200, body: { id, object: 'checkout.session', mode: 'subscription', url: `https://checkout.stripe.com/c/pay/${id}` } })
const customer = (req: Captured) => ({ status: 200, body: { id: `cus_test_${req.form.get('metadata[user_id]')?.slice(0, 8)}`, object: 'customer' } })

/** The fake's answers: a customer, a tax ID (none listed), the session. */
const stripeReply = (req: Captured) => {
  if (req.path === '/v1/customers') return customer(req)
  if (/\/tax_ids(\?|$)/.test(req.path)) {
    return req.method === 'GET'
      ? { status: 200, body: { object: 'list', data: [], has_more: false, url: req.path } }
      : { status: 200, body: { id: 'txi_1', object: 'tax_id', type: req.form.get('type'), value: req.form.get('value') } }
  }
  if (req.path.startsWith('/v1/customers/')) return { status: 200, body: { id: req.path.split('/')[3], object: 'customer' } }
  return session('cs_test_a1')
}

describe('create-checkout with Stripe configured (a fake Stripe API over HTTP)', () => {
  let stripe: Awaited<ReturnType<typeof fakeStripe>>
  beforeAll(async () => {
    stripe = await fakeStripe(stripeReply)
  })
  afterAll(() => stripe.close())
  const stripeEnv = () => ({ STRIPE_SECRET_KEY: 'sk_test_fake_123', STRIPE_PRICE_PRO: 'price_pro_nok_2499', STRIPE_TAX_RATE_MVA: 'txr_mva_25', STRIPE_API_BASE: stripe.base })
  const since = (before: number) => stripe.requests.slice(before)
  const formOf = (req: Captured | undefined) => Object.fromEntries(req?.form ?? [])

  it('creates a subscription-mode Checkout Session for the price, the user and the language, with 25 % MVA for a Norwegian company', async () => {
    const user = await confirmedUser(stack)
    const before = stripe.requests.length
    const res = await call({ productType: 'pro', lang: 'en', buyer: { country: 'NO', orgNumber: '923 456 783' } }, { token: user.session.access_token, env: stripeEnv() })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ url: 'https://checkout.stripe.com/c/pay/cs_test_a1' })
    const customerId = `cus_test_${user.user.id.slice(0, 8)}`
    expect(since(before).map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/customers',
      `POST /v1/customers/${customerId}`,
      `GET /v1/customers/${customerId}/tax_ids?limit=100`,
      `POST /v1/customers/${customerId}/tax_ids`,
      'POST /v1/checkout/sessions',
    ])
    const [made, updated, , taxId, sent] = since(before) as Captured[]

    // First the user's one customer (an idempotency key per user: two tabs get the same one), in the
    // buyer's language (Stripe writes its own e-mails to the customer in it) …
    expect(made!.headers['idempotency-key']).toBe(`customer-for-user-${user.user.id}`)
    expect(formOf(made)).toEqual({ email: user.email, 'preferred_locales[0]': 'en', 'metadata[user_id]': user.user.id })
    const { rows: kept } = await stack.db.query('select stripe_customer_id from public.billing_customers where user_id = $1', [user.user.id])
    expect(kept).toEqual([{ stripe_customer_id: customerId }])
    // … named as the register names the company (not as the browser may say), with its business
    // address, its invoices' fields (the seller's register and VAT number, the buyer's number) …
    expect(formOf(updated)).toEqual({
      name: 'FJORDLYS RÅDGIVNING AS',
      'address[line1]': 'Storgata 12',
      'address[postal_code]': '0155',
      'address[city]': 'OSLO',
      'address[country]': 'NO',
      'preferred_locales[0]': 'en',
      tax_exempt: 'none',
      'invoice_settings[custom_fields][0][name]': 'Foretaksregisteret',
      'invoice_settings[custom_fields][0][value]': 'Vekstlinje AS, org.nr. 931 482 610 MVA',
      'invoice_settings[custom_fields][1][name]': "Buyer's org. no.",
      'invoice_settings[custom_fields][1][value]': '923456783',
      'invoice_settings[footer]': '',
      'metadata[org_number]': '923456783',
      'metadata[tax_treatment]': 'standard',
    })
    // … its Norwegian VAT number (it is in the VAT register) …
    expect(formOf(taxId)).toEqual({ type: 'no_vat', value: '923456783MVA' })
    // … then the session, whose price gets the MVA rate: a VAT number does not make a Norwegian buyer exempt.
    expect(sent!.headers.authorization).toBe('Bearer sk_test_fake_123')
    expect(formOf(sent)).toEqual({
      mode: 'subscription',
      'line_items[0][price]': 'price_pro_nok_2499',
      'line_items[0][quantity]': '1',
      'line_items[0][tax_rates][0]': 'txr_mva_25',
      customer: customerId,
      client_reference_id: user.user.id,
      'metadata[user_id]': user.user.id,
      'metadata[plan]': 'pro',
      'subscription_data[metadata][user_id]': user.user.id,
      'subscription_data[metadata][plan]': 'pro',
      locale: 'en',
      success_url: `${SITE}/en/app?success=true`,
      cancel_url: `${SITE}/en/app?canceled=true`,
    })
  })

  it('a Norwegian company outside the VAT register pays MVA too, and has no VAT number to keep', async () => {
    const user = await confirmedUser(stack)
    const before = stripe.requests.length
    const res = await call({ productType: 'pro', buyer: { country: 'NO', orgNumber: '934567897' } }, { token: user.session.access_token, env: stripeEnv() })
    expect(res.status).toBe(200)
    const requests = since(before)
    expect(requests.some((r) => r.path.includes('/tax_ids'))).toBe(false)
    expect(formOf(requests[1])).toMatchObject({ name: 'NORDKYST REGNSKAP AS', tax_exempt: 'none', 'invoice_settings[custom_fields][1][name]': 'Kjøpers org.nr.', 'preferred_locales[0]': 'nb' })
    expect(formOf(requests.at(-1))['line_items[0][tax_rates][0]']).toBe('txr_mva_25')
  })

  it('an EU business with a VAT number is zero-rated: reverse charge, its VAT number, no tax rate', async () => {
    const user = await confirmedUser(stack)
    const before = stripe.requests.length
    const buyer = { country: 'DE', vatNumber: 'de 123 456 789', companyName: 'Beispiel  GmbH', addressLine: 'Hauptstraße 5', postalCode: '10115', city: 'Berlin' }
    const res = await call({ productType: 'pro', lang: 'en', buyer }, { token: user.session.access_token, env: stripeEnv() })
    expect(res.status).toBe(200)
    const requests = since(before)
    expect(formOf(requests[1])).toMatchObject({
      name: 'Beispiel GmbH',
      'address[line1]': 'Hauptstraße 5',
      'address[country]': 'DE',
      tax_exempt: 'reverse',
      'invoice_settings[footer]': 'Exempt from Norwegian VAT under the Norwegian VAT Act § 6-22 (2). Reverse charge: VAT to be accounted for by the recipient.',
      'metadata[tax_treatment]': 'reverse_charge',
      // Emptied, so that a customer who bought as a Norwegian company before keeps no old number.
      'metadata[org_number]': '',
    })
    expect(formOf(requests[1])).not.toHaveProperty('invoice_settings[custom_fields][1][name]')
    expect(formOf(requests.find((r) => r.method === 'POST' && r.path.endsWith('/tax_ids')))).toEqual({ type: 'eu_vat', value: 'DE123456789' })
    expect(Object.keys(formOf(requests.at(-1))).filter((key) => key.includes('tax'))).toEqual([])
  })

  it('an organization number the register does not know, or has deleted, is refused: nothing reaches Stripe', async () => {
    const user = await confirmedUser(stack)
    const before = stripe.requests.length
    for (const orgNumber of ['913579135', '987654325']) {
      const res = await call({ productType: 'pro', buyer: { country: 'NO', orgNumber } }, { token: user.session.access_token, env: stripeEnv() })
      expect(res.status).toBe(422)
      expect(await res.json()).toEqual({ code: 'unknown_org_number', error: 'No such organization number' })
    }
    expect(stripe.requests.length).toBe(before)
    // A wrong check digit, a missing VAT number, a country the product does not sell to: 400.
    for (const buyer of [{ country: 'NO', orgNumber: '923456784' }, { country: 'SE', companyName: 'AB', addressLine: 'Gatan 1', postalCode: '111 22', city: 'Stockholm' }, { country: 'US', orgNumber: '923456783' }]) {
      expect((await call({ productType: 'pro', buyer }, { token: user.session.access_token, env: stripeEnv() })).status).toBe(400)
    }
    expect(stripe.requests.length).toBe(before)
  })

  it('reuses the user’s Stripe customer; Norwegian returns to /app', async () => {
    const user = await confirmedUser(stack)
    await giveSubscription(user.user.id, { status: 'canceled', customer: 'cus_existing_42' })
    await stack.db.query('insert into public.billing_customers (user_id, stripe_customer_id) values ($1, $2)', [user.user.id, 'cus_existing_42'])
    const before = stripe.requests.length
    const res = await call({ productType: 'pro', buyer: TEST_BUYER }, { token: user.session.access_token, env: stripeEnv() })
    expect(res.status).toBe(200)
    expect(stripe.requests.slice(before).map((r) => r.path)).toEqual([
      '/v1/customers/cus_existing_42',
      '/v1/customers/cus_existing_42/tax_ids?limit=100',
      '/v1/customers/cus_existing_42/tax_ids',
      '/v1/checkout/sessions',
    ])
    const form = stripe.requests.at(-1)!.form
    expect(form.get('customer')).toBe('cus_existing_42')
    expect(form.get('locale')).toBe('nb')
    expect(form.has('customer_email')).toBe(false)
    expect(form.get('success_url')).toBe(`${SITE}/app?success=true`)
    expect(form.get('cancel_url')).toBe(`${SITE}/app?canceled=true`)
  })

  it('keeps one of each tax ID: one the customer has already is not added again; another value or type is', async () => {
    const listing = (data: Array<{ type: string; value: string }>) =>
      fakeStripe((req) => (req.method === 'GET' && /\/tax_ids\?/.test(req.path) ? { status: 200, body: { object: 'list', data, has_more: false, url: req.path } } : stripeReply(req)))
    const posted = async (data: Array<{ type: string; value: string }>) => {
      const fake = await listing(data)
      try {
        const user = await confirmedUser(stack)
        expect((await call({ productType: 'pro', buyer: TEST_BUYER }, { token: user.session.access_token, env: { ...stripeEnv(), STRIPE_API_BASE: fake.base } })).status).toBe(200)
        return fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/tax_ids')).map(formOf)
      } finally {
        await fake.close()
      }
    }
    expect(await posted([{ type: 'eu_vat', value: 'DE123456789' }, { type: 'no_vat', value: '923456783MVA' }])).toEqual([])
    expect(await posted([{ type: 'eu_vat', value: '923456783MVA' }, { type: 'no_vat', value: '999999999MVA' }])).toEqual([{ type: 'no_vat', value: '923456783MVA' }])
  })

  it('a session Stripe answers without a URL → 502', async () => {
    const noUrl = await fakeStripe((req) => (req.path === '/v1/checkout/sessions' ? { status: 200, body: { id: 'cs_test_no_url', object: 'checkout.session', url: null } } : stripeReply(req)))
    try {
      const user = await confirmedUser(stack)
      const res = await call({ productType: 'pro', buyer: TEST_BUYER }, { token: user.session.access_token, env: { ...stripeEnv(), STRIPE_API_BASE: noUrl.base } })
      expect([res.status, await res.json()]).toEqual([502, { error: 'The payment provider could not start the checkout' }])
    } finally {
      await noUrl.close()
    }
  })

  it('does not call Stripe for a user already on Pro', async () => {
    const user = await confirmedUser(stack)
    await giveSubscription(user.user.id, { status: 'active' })
    const before = stripe.requests.length
    expect((await call({ productType: 'pro', buyer: TEST_BUYER }, { token: user.session.access_token, env: stripeEnv() })).status).toBe(409)
    expect(stripe.requests.length).toBe(before)
  })

  it('Stripe refusing → 502 { error }, nothing leaked; no price configured → 500', async () => {
    const refusing = await fakeStripe(() => ({ status: 400, body: { error: { type: 'invalid_request_error', message: 'No such price: price_x' } } }))
    try {
      const user = await confirmedUser(stack)
      const res = await call({ productType: 'pro', buyer: TEST_BUYER }, { token: user.session.access_token, env: { ...stripeEnv(), STRIPE_API_BASE: refusing.base } })
      expect(res.status).toBe(502)
      const body = await res.json()
      expect(body).toEqual({ error: 'The payment provider could not start the checkout' })
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
      const unconfigured = await call({ productType: 'pro', buyer: TEST_BUYER }, { token: user.session.access_token, env: { ...stripeEnv(), STRIPE_PRICE_PRO: undefined } })
      expect(unconfigured.status).toBe(500)
      expect(await unconfigured.json()).toEqual({ error: 'Checkout is not configured' })
      const noRate = await call({ productType: 'pro', buyer: TEST_BUYER }, { token: user.session.access_token, env: { ...stripeEnv(), STRIPE_TAX_RATE_MVA: undefined } })
      expect(noRate.status).toBe(500)
      const noSite = await call({ productType: 'pro', buyer: TEST_BUYER }, { token: user.session.access_token, env: { ...stripeEnv(), SITE_URL: undefined } })
      expect([noSite.status, await noSite.json()]).toEqual([500, { error: 'Checkout is not configured' }])
      const lines = logged.mock.calls.map((c) => String(c[0]))
      logged.mockRestore()
      // The log line names what is missing (under Deno, in the Deno process's log).
      if (RUNTIME === 'node') {
        expect(lines).toEqual([
          '[create-checkout] not configured: STRIPE_PRICE_PRO is not set',
          '[create-checkout] not configured: STRIPE_TAX_RATE_MVA is not set',
          expect.stringContaining('SITE_URL'),
        ])
      }
    } finally {
      await refusing.close()
    }
  })
})

// ---------------------------------------------------------------------------------------------

/** The user's latest invoice at the stand-in, as its API answers it (with the service role). */
async function latestInvoice(userId: string): Promise<Record<string, unknown>> {
  const { rows: [sub] } = await stack.db.query<{ latest_invoice: string }>('select latest_invoice from local_stack.subscriptions where user_id = $1', [userId])
  const res = await fetch(`${stack.url}/local-payments/invoices/${sub!.latest_invoice}`, { headers: { Authorization: `Bearer ${stack.serviceRoleKey}` } })
  return (await res.json()) as Record<string, unknown>
}

/** Submits the local payment page's form as the browser does. */
function submit(url: string, decision: string) {
  return fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ decision }), redirect: 'manual' })
}

async function localCheckoutUrl(user: Signed, lang: 'nb' | 'en' = 'nb', buyer: Record<string, string> = TEST_BUYER): Promise<string> {
  const { data, error } = await user.sb.functions.invoke('create-checkout', { body: { productType: 'pro', lang, buyer } })
  expect(error).toBeNull()
  return (data as { url: string }).url
}

describe('create-checkout without Stripe: the local payment page', () => {
  it('answers the URL of the stack’s payment page, which shows the plan and price', async () => {
    const user = await confirmedUser(stack)
    const url = await localCheckoutUrl(user)
    expect(url).toMatch(new RegExp(`^${stack.url}/local-payments/checkout/cs_local_[0-9a-f]{24}$`))
    const page = await fetch(url)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
    const html = await page.text()
    for (const text of ["Local stand-in for the payment provider's checkout", 'Vekstlinje Pro', '2 499 NOK / month', '>Pay<', '>Cancel<', user.email]) {
      expect(html).toContain(text)
    }
    expect(html).not.toContain('<script')
  })

  it('Pay → the signed events reach the webhook → an active Pro row; back to the success URL', async () => {
    const user = await confirmedUser(stack)
    const url = await localCheckoutUrl(user, 'en')
    const res = await submit(url, 'pay')
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`${SITE}/en/app?success=true`)

    const [row, ...more] = await rows(user.user.id)
    expect(more).toHaveLength(0)
    expect(row).toMatchObject({ product_name: 'pro', status: 'active' })
    expect(row!.stripe_subscription_id).toMatch(/^sub_local_/)
    expect(row!.stripe_customer_id).toMatch(/^cus_local_/)
    const days = (row!.current_period_end!.getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(29.9)
    expect(days).toBeLessThanOrEqual(30)
    const { rows: events } = await stack.db.query<{ type: string }>('select type from public.payment_events where id like $1 order by processed_at', ['evt_local_%'])
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['checkout.session.completed', 'customer.subscription.created', 'customer.subscription.updated', 'invoice.payment_succeeded']))

    // Pay again (a double click, the back button): no second payment, straight to the dashboard.
    const again = await submit(url, 'pay')
    expect(again.headers.get('location')).toBe(`${SITE}/en/app?success=true`)
    expect(await rows(user.user.id)).toHaveLength(1)
    // And the function now refuses a second Pro.
    expect(await invokeError(user.sb, { productType: 'pro', buyer: TEST_BUYER })).toEqual({ status: 409, body: { code: 'already_on_plan', plan: 'pro', error: 'Already on Pro' } })
  })

  it('the user’s realtime channel sees the row arrive', async () => {
    const user = await confirmedUser(stack)
    const seen = new Promise<string>((resolve) => {
      user.sb
        .channel(`subs-${user.user.id}`)
        .on('postgres_changes', { event: '*', schema: 'public', table: 'subscriptions', filter: `user_id=eq.${user.user.id}` }, (change) => resolve((change.new as { status: string }).status))
        .subscribe()
    })
    await new Promise((r) => setTimeout(r, 300))
    await submit(await localCheckoutUrl(user), 'pay')
    expect(await seen).toBe('active')
    await user.sb.removeAllChannels()
  })

  it('the page bills the company; paid, a numbered invoice in the buyer’s language shows what a Norwegian invoice must', async () => {
    const user = await confirmedUser(stack)
    const url = await localCheckoutUrl(user, 'nb')
    const page = await (await fetch(url)).text()
    expect(page).toContain('FJORDLYS RÅDGIVNING AS, Storgata 12, 0155 OSLO, NO (923456783MVA)')
    expect(page).toContain('VAT (MVA) 25 %</dt><dd>624.75 NOK')
    expect(page).toContain('3 123.75 NOK')
    await submit(url, 'pay')
    const invoice = await latestInvoice(user.user.id)
    expect(invoice).toMatchObject({
      number: expect.stringMatching(/^VL-\d{4}$/),
      customer_name: 'FJORDLYS RÅDGIVNING AS',
      customer_tax_exempt: 'none',
      customer_tax_ids: [{ type: 'no_vat', value: '923456783MVA' }],
      subtotal: 249_900,
      total: 312_375,
      amount_paid: 312_375,
      total_taxes: [expect.objectContaining({ amount: 62_475, taxability_reason: 'standard_rated' })],
      footer: null,
    })
    const doc = await fetch(invoice.invoice_pdf as string)
    expect(doc.status).toBe(200)
    const html = (await doc.text()).replace(/\u00a0|\u202f/g, ' ')
    for (const text of ['<html lang="nb">', `Faktura ${invoice.number}`, 'Fakturadato', 'Forfallsdato', 'Leveringsperiode', 'Vekstlinje AS', 'Org.nr. 931 482 610 MVA', 'Foretaksregisteret', 'FJORDLYS RÅDGIVNING AS', 'Storgata 12', '0155 OSLO', 'Org.nr. 923456783MVA', 'Merverdiavgift 25 %</th><td>624,75', 'Sum eks. mva</th><td>2 499,00', 'Å betale inkl. mva</th><td>3 123,75', 'norske kroner (NOK)', 'Betalt med kort']) {
      expect(html).toContain(text)
    }
    expect(html).not.toContain('Omvendt avgiftsplikt')

    // The webhook kept it for the dashboard: its owner reads it, nobody else does (RLS).
    const { data: mine, error } = await user.sb.from('invoices').select('id, number, status, subtotal, tax, total, tax_treatment, buyer_name, buyer_tax_id, invoice_pdf')
    expect(error).toBeNull()
    expect(mine).toEqual([
      { id: invoice.id, number: invoice.number, status: 'paid', subtotal: 249_900, tax: 62_475, total: 312_375, tax_treatment: 'standard', buyer_name: 'FJORDLYS RÅDGIVNING AS', buyer_tax_id: '923456783MVA', invoice_pdf: invoice.invoice_pdf },
    ])
    const other = await confirmedUser(stack)
    expect((await other.sb.from('invoices').select('id')).data).toEqual([])
    expect((await other.sb.from('invoices').insert({ id: 'in_forged', stripe_customer_id: 'cus_x', number: 'X', status: 'paid', currency: 'nok', subtotal: 1, tax: 0, total: 1, tax_treatment: 'standard', issued_at: new Date().toISOString() })).error).not.toBeNull()
  })

  it('an EU business pays no Norwegian VAT: its invoice, in English, is zero-rated with the reverse-charge text', async () => {
    const user = await confirmedUser(stack)
    const buyer = { country: 'SE', vatNumber: 'SE556677889901', companyName: 'Exempel AB', addressLine: 'Storgatan 1', postalCode: '111 22', city: 'Stockholm' }
    await submit(await localCheckoutUrl(user, 'en', buyer), 'pay')
    const invoice = await latestInvoice(user.user.id)
    expect(invoice).toMatchObject({ customer_tax_exempt: 'reverse', total: 249_900, total_taxes: [], customer_tax_ids: [{ type: 'eu_vat', value: 'SE556677889901' }] })
    const html = await (await fetch(invoice.invoice_pdf as string)).text()
    for (const text of ['<html lang="en">', 'Exempel AB', 'VAT number SE556677889901', 'VAT 0 %</th><td>0.00', 'Amount due incl. VAT</th><td>2,499.00', 'Reverse charge: VAT to be accounted for by the recipient.', 'Org.nr. 931 482 610 MVA', 'Foretaksregisteret']) {
      expect(html).toContain(text)
    }
  })

  it('Cancel → back to the cancel URL, nothing written', async () => {
    const user = await confirmedUser(stack)
    const res = await submit(await localCheckoutUrl(user), 'cancel')
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`${SITE}/app?canceled=true`)
    expect(await rows(user.user.id)).toHaveLength(0)
  })

  it('a forged or unknown session pays nothing; only the service role creates sessions', async () => {
    const unknown = await submit(`${stack.url}/local-payments/checkout/cs_local_${'0'.repeat(24)}`, 'pay')
    expect(unknown.status).toBe(404)
    const user = await confirmedUser(stack)
    const forged = await fetch(`${stack.url}/local-payments/sessions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${user.session.access_token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ user_id: user.user.id, success_url: SITE, cancel_url: SITE }),
    })
    expect(forged.status).toBe(401)
    expect(await rows(user.user.id)).toHaveLength(0)
  })

  it('simulated failed renewal → past_due; simulated cancellation → canceled (service role only)', async () => {
    const user = await confirmedUser(stack)
    await submit(await localCheckoutUrl(user), 'pay')
    const simulate = (what: string, key: string) =>
      fetch(`${stack.url}/local-payments/simulate/${what}`, { method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ user_id: user.user.id }) })

    expect((await simulate('payment-failed', stack.anonKey)).status).toBe(401)
    const failed = await simulate('payment-failed', stack.serviceRoleKey)
    expect(failed.status).toBe(200)
    expect((await failed.json()).delivered.map((d: { type: string }) => d.type)).toEqual(['invoice.payment_failed', 'customer.subscription.updated'])
    expect((await rows(user.user.id))[0]!.status).toBe('past_due')

    expect((await simulate('canceled', stack.serviceRoleKey)).status).toBe(200)
    expect((await rows(user.user.id))[0]!.status).toBe('canceled')
    // Free again: the user may buy Pro once more.
    expect((await call({ productType: 'pro', buyer: TEST_BUYER }, { token: user.session.access_token })).status).toBe(200)
  })

  it('no payment page on the stack and no Stripe key → 500 { error }', async () => {
    const user = await confirmedUser(stack)
    const res = await call({ productType: 'pro', buyer: TEST_BUYER }, { token: user.session.access_token, env: { LOCAL_PAYMENTS_URL: undefined } })
    expect(res.status).toBe(500)
    expect(await res.json()).toEqual({ error: 'Checkout is not configured' })
  })
})
