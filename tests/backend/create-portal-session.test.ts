// The create-portal-session function: through the local stack with supabase-js as the dashboard
// invokes it, and its handler directly, against a fake Stripe API (the real stripe SDK over HTTP)
// and against the local stack's stand-in portal. The portal is always the caller's own customer's,
// from storage: never an id from the request.
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type FakeStripe, startFakeStripe } from './fake-stripe.ts'
import { functionHandler, RUNTIME } from './function-runtime.ts'
import { confirmedUser, expectNotSignedIn, functionError, type LocalStack, SITE, STARTUP_TIMEOUT, startTestStack, TEST_BUYER } from './helpers.ts'

const handler = functionHandler('create-portal-session')

let stack: LocalStack
let stripe: FakeStripe
beforeAll(async () => {
  ;[stack, stripe] = await Promise.all([startTestStack(), startFakeStripe()])
}, STARTUP_TIMEOUT)
afterAll(() => Promise.all([stack.stop(), stripe.close()]))

type Env = Record<string, string | undefined>
type Signed = Awaited<ReturnType<typeof confirmedUser>>

const baseEnv = (): Env => ({
  SUPABASE_URL: stack.url,
  SUPABASE_ANON_KEY: stack.anonKey,
  SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
  SITE_URL: SITE,
  LOCAL_PAYMENTS_URL: `${stack.url}/local-payments/sessions`,
})
const stripeEnv = (): Env => ({ ...stripe.env(), LOCAL_PAYMENTS_URL: undefined })

function call(body: unknown, options: { token?: string; env?: Env; headers?: Record<string, string>; method?: string } = {}) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Origin: SITE, ...options.headers }
  if (options.token) headers.Authorization = `Bearer ${options.token}`
  const method = options.method ?? 'POST'
  return handler(
    new Request('http://functions.local/create-portal-session', {
      method,
      headers,
      ...(method === 'GET' || method === 'OPTIONS' ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    }),
    { ...baseEnv(), ...options.env },
  )
}

/** A customer stored for the user, and known to the fake Stripe. */
async function storeCustomer(user: Signed, id = `cus_portal_${user.user.id.slice(0, 8)}`): Promise<string> {
  await stack.db.query('insert into public.billing_customers (user_id, stripe_customer_id) values ($1, $2)', [user.user.id, id])
  stripe.customers.set(`stored-${id}`, { id, userId: user.user.id, email: user.email })
  return id
}

const invokeError = (sb: SupabaseClient, body: unknown) => functionError(sb, 'create-portal-session', body)

describe('create-portal-session: who may open a portal', () => {
  it('without a session → 401 { error: "Not signed in" }, through the stack and to the handler', async () => {
    await expectNotSignedIn(stack, 'create-portal-session', { lang: 'nb' }, (token) => call({ lang: 'nb' }, { token }))
  })

  it('after sign-out, the old access token opens nothing → 401', async () => {
    const user = await confirmedUser(stack)
    await storeCustomer(user)
    await user.sb.auth.signOut()
    expect((await call({}, { token: user.session.access_token })).status).toBe(401)
  })

  it('a user who never bought anything (no customer stored) → 404 { error: "No subscription to manage" }', async () => {
    const user = await confirmedUser(stack)
    expect(await invokeError(user.sb, { lang: 'en' })).toEqual({ status: 404, body: { error: 'No subscription to manage' } })
    const before = stripe.portalSessions.length
    const res = await call({ lang: 'nb' }, { token: user.session.access_token, env: stripeEnv() })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: 'No subscription to manage' })
    expect(stripe.portalSessions.length).toBe(before)
  })

  it('each user gets their own customer’s portal, whatever the body names; without one, 404', async () => {
    const kari = await confirmedUser(stack, 'Kari')
    const ola = await confirmedUser(stack, 'Ola')
    const nils = await confirmedUser(stack, 'Nils')
    const kariCustomer = await storeCustomer(kari)
    const olaCustomer = await storeCustomer(ola)

    const res = await call({ lang: 'nb', customer: kariCustomer, user_id: kari.user.id }, { token: ola.session.access_token, env: stripeEnv() })
    expect(res.status).toBe(200)
    expect(stripe.portalSessions.at(-1)!.form.customer).toBe(olaCustomer)

    const before = stripe.portalSessions.length
    const none = await call({ customer: kariCustomer }, { token: nils.session.access_token, env: stripeEnv() })
    expect(none.status).toBe(404)
    expect(stripe.portalSessions.length).toBe(before)
  })
})

describe('create-portal-session: the request', () => {
  let user: Signed
  beforeAll(async () => {
    user = await confirmedUser(stack)
    await storeCustomer(user)
  })

  for (const [title, body] of [
    ['an unknown language', { lang: 'de' }],
    ['a language of the wrong type', { lang: ['nb'] }],
    ['a JSON array', [{ lang: 'nb' }]],
    ['JSON null', 'null'],
    ['a JSON string', '"nb"'],
    ['malformed JSON', '{"lang":'],
    ['a body over 4 KB', JSON.stringify({ lang: 'nb', padding: 'x'.repeat(5000) })],
  ] as const) {
    it(`${title} → 400 { error }`, async () => {
      const res = await call(body, { token: user.session.access_token, env: stripeEnv() })
      expect(res.status).toBe(400)
      expect((await res.json()).error).toEqual(expect.any(String))
    })
  }

  it('a wrong language through supabase-js → 400, the message readable from error.context', async () => {
    const { status, body } = await invokeError(user.sb, { lang: 'sv' })
    expect(status).toBe(400)
    expect(body.error).toMatch(/^Invalid request: lang/)
  })

  it('GET → 405 with Allow', async () => {
    const res = await call(undefined, { token: user.session.access_token, method: 'GET' })
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('POST, OPTIONS')
  })
})

describe('create-portal-session: CORS for the site', () => {
  it('answers the preflight for a site origin with the gateway headers', async () => {
    const res = await call(undefined, { method: 'OPTIONS', headers: { Origin: 'http://localhost:5183', 'Access-Control-Request-Method': 'POST' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5183')
    expect(res.headers.get('access-control-allow-headers')).toContain('x-client-info')
    expect(res.headers.get('access-control-expose-headers')).toContain('x-relay-error')
  })

  it('refuses another origin (preflight and POST), and names the site (never *) even on a 401', async () => {
    const user = await confirmedUser(stack)
    await storeCustomer(user)
    const evil = { Origin: 'https://evil.example' }
    expect((await call(undefined, { method: 'OPTIONS', headers: evil })).status).toBe(403)
    const before = stripe.portalSessions.length
    const res = await call({ lang: 'nb' }, { token: user.session.access_token, headers: evil, env: stripeEnv() })
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ error: 'Origin not allowed' })
    expect(stripe.portalSessions.length).toBe(before)
    const unauth = await call({ lang: 'nb' })
    expect(unauth.status).toBe(401)
    expect(unauth.headers.get('access-control-allow-origin')).toBe(SITE)
  })
})

describe('create-portal-session with Stripe configured (a fake Stripe API over HTTP)', () => {
  it('opens Stripe’s portal for the stored customer, back to the dashboard in the language asked for', async () => {
    const user = await confirmedUser(stack)
    const customer = await storeCustomer(user)

    const en = await call({ lang: 'en' }, { token: user.session.access_token, env: stripeEnv() })
    expect(en.status).toBe(200)
    const made = stripe.portalSessions.at(-1)!
    expect(await en.json()).toEqual({ url: `https://billing.stripe.com/p/session/test_${made.id}` })
    expect(made.authorization).toBe(`Bearer ${stripe.env().STRIPE_SECRET_KEY}`)
    expect(made.form).toEqual({ customer, return_url: `${SITE}/en/app`, locale: 'en' })

    for (const body of [{ lang: 'nb' }, {}, '']) {
      const nb = await call(body, { token: user.session.access_token, env: stripeEnv() })
      expect(nb.status).toBe(200)
      expect(stripe.portalSessions.at(-1)!.form).toEqual({ customer, return_url: `${SITE}/app`, locale: 'nb' })
    }
  })

  it('SITE_URL with a trailing slash still returns to /app', async () => {
    const user = await confirmedUser(stack)
    await storeCustomer(user)
    const res = await call({ lang: 'en' }, { token: user.session.access_token, env: { ...stripeEnv(), SITE_URL: `${SITE}/` } })
    expect(res.status).toBe(200)
    expect(stripe.portalSessions.at(-1)!.form.return_url).toBe(`${SITE}/en/app`)
  })

  it('every call opens a new session (as Stripe’s sessions are short-lived)', async () => {
    const user = await confirmedUser(stack)
    await storeCustomer(user)
    const urls = new Set<string>()
    for (let i = 0; i < 3; i += 1) {
      const res = await call({ lang: 'nb' }, { token: user.session.access_token, env: stripeEnv() })
      expect(res.status).toBe(200)
      urls.add((await res.json()).url)
    }
    expect(urls.size).toBe(3)
  })

  it('Stripe refusing (a customer it does not know) → 502 { error }, nothing of Stripe’s answer leaked', async () => {
    const user = await confirmedUser(stack)
    await stack.db.query('insert into public.billing_customers (user_id, stripe_customer_id) values ($1, $2)', [user.user.id, 'cus_unknown_to_stripe'])
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const res = await call({ lang: 'nb' }, { token: user.session.access_token, env: stripeEnv() })
      expect(res.status).toBe(502)
      expect(await res.json()).toEqual({ error: 'The payment provider could not open the portal' })
    } finally {
      errors.mockRestore()
    }
  })
})

describe('create-portal-session: not configured', () => {
  it('without SITE_URL, or without any payment provider → 500 { error: "Portal is not configured" }, one log line naming the secret', async () => {
    const user = await confirmedUser(stack)
    await storeCustomer(user)
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const noSite = await call({ lang: 'nb' }, { token: user.session.access_token, env: { ...stripeEnv(), SITE_URL: undefined } })
      expect(noSite.status).toBe(500)
      expect(await noSite.json()).toEqual({ error: 'Portal is not configured' })
      const noProvider = await call({ lang: 'nb' }, { token: user.session.access_token, env: { LOCAL_PAYMENTS_URL: undefined } })
      expect(noProvider.status).toBe(500)
      expect(await noProvider.json()).toEqual({ error: 'Portal is not configured' })
      // Under Deno the log goes to the Deno process (tests/backend/deploy.test.ts reads it there).
      if (RUNTIME === 'node') {
        expect(errors.mock.calls.map((args) => String(args[0]))).toEqual([
          expect.stringContaining('[create-portal-session] not configured: missing SITE_URL;'),
          expect.stringContaining('[create-portal-session] not configured: missing STRIPE_SECRET_KEY;'),
        ])
      }
    } finally {
      errors.mockRestore()
    }
  })
})

describe('create-portal-session without Stripe: the local stack’s stand-in portal', () => {
  async function paidUser(): Promise<Signed> {
    const user = await confirmedUser(stack)
    const { data, error } = await user.sb.functions.invoke('create-checkout', { body: { productType: 'pro', lang: 'nb', buyer: TEST_BUYER } })
    expect(error).toBeNull()
    const paid = await fetch((data as { url: string }).url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ decision: 'pay' }),
      redirect: 'manual',
    })
    expect(paid.status).toBe(303)
    return user
  }

  it('answers the URL of the stand-in’s portal page, through supabase-js as the dashboard calls it', async () => {
    const user = await paidUser()
    const { data, error } = await user.sb.functions.invoke('create-portal-session', { body: { lang: 'en' } })
    expect(error).toBeNull()
    const { url } = data as { url: string }
    expect(url).toMatch(new RegExp(`^${stack.url}/local-payments/portal/bps_local_[0-9a-f]{48}$`))
    const page = await fetch(url)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Vekstlinje Pro')
    expect(html).toContain(`href="${SITE}/en/app"`)
  })

  it('repeated calls give new, different sessions that all work; Norwegian returns to /app', async () => {
    const user = await paidUser()
    const urls: string[] = []
    for (let i = 0; i < 3; i += 1) {
      const res = await call({ lang: 'nb' }, { token: user.session.access_token })
      expect(res.status).toBe(200)
      urls.push((await res.json()).url)
    }
    expect(new Set(urls).size).toBe(3)
    for (const url of urls) {
      const page = await fetch(url)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain(`href="${SITE}/app"`)
    }
  })

  it('a stored customer the stand-in does not know → 502', async () => {
    const user = await confirmedUser(stack)
    await stack.db.query('insert into public.billing_customers (user_id, stripe_customer_id) values ($1, $2)', [user.user.id, 'cus_local_not_made_here'])
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const res = await call({ lang: 'nb' }, { token: user.session.access_token })
      expect(res.status).toBe(502)
      expect(await res.json()).toEqual({ error: 'The payment provider could not open the portal' })
    } finally {
      errors.mockRestore()
    }
  })

  it('the stand-in makes portal sessions for the service role only', async () => {
    const user = await paidUser()
    const { rows } = await stack.db.query<{ stripe_customer_id: string }>('select stripe_customer_id from public.billing_customers where user_id = $1', [user.user.id])
    for (const key of [user.session.access_token, stack.anonKey]) {
      const res = await fetch(`${stack.url}/local-payments/portal-sessions`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ customer: rows[0]!.stripe_customer_id, return_url: SITE }),
      })
      expect(res.status).toBe(401)
    }
  })
})
