// Hostile input gets a clear 4xx and stores nothing: every function and every auth endpoint the app
// uses, through the local stack as a browser or script reaches them, with arbitrary JSON, strings
// holding NUL, lone surrogates, right-to-left and zero-width characters, huge values and wrong
// types. The property: never a 5xx, and nothing stored when the answer is a 4xx. Seeded, bounded.
import fc from 'fast-check'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_FIELDS, validateDemoRequest } from '../../supabase/functions/_shared/demo-request.ts'
import { HANDLED_EVENTS } from '../../supabase/functions/stripe-webhook/handler.ts'
import { confirmedUser, type LocalStack, STARTUP_TIMEOUT, startTestStack, uniqueEmail, TEST_BUYER } from '../backend/helpers.ts'

const SEED = Number(process.env.HOSTILE_INPUT_SEED ?? 13)
const RUNS = Number(process.env.HOSTILE_INPUT_RUNS ?? 30)
const SITE = 'http://localhost:5173'

let stack: LocalStack
let user: Awaited<ReturnType<typeof confirmedUser>>
beforeAll(async () => {
  stack = await startTestStack()
  user = await confirmedUser(stack)
}, STARTUP_TIMEOUT)
afterAll(() => stack.stop())

/** Everything a request could have stored, in one string. */
async function stored(): Promise<string> {
  const { rows } = await stack.db.query<{ state: string }>(`
    select concat_ws('|',
      (select count(*) from auth.users), (select count(*) from auth.identities), (select count(*) from auth.sessions),
      (select count(*) from auth.refresh_tokens), (select count(*) from auth.flow_state), (select count(*) from local_stack.mailbox),
      (select md5(coalesce(string_agg(concat_ws(',', u.email, u.encrypted_password, u.raw_user_meta_data::text, u.confirmation_token, u.recovery_token), ';' order by u.id), '')) from auth.users u),
      (select count(*) from public.demo_requests), (select count(*) from public.payment_events), (select count(*) from public.billing_customers),
      (select md5(coalesce(string_agg(s::text, ',' order by s.id), '')) from public.subscriptions s)) as state`)
  return rows[0]!.state
}

/** Sends, then checks the property: no 5xx, and a 4xx stored nothing. */
async function probe(send: () => Promise<Response>): Promise<number> {
  const before = await stored()
  const res = await send()
  const text = await res.text()
  expect(res.status, `answered ${res.status}: ${text.slice(0, 300)}`).toBeLessThan(500)
  if (res.status >= 400) expect(await stored(), `a ${res.status} stored something`).toBe(before)
  return res.status
}

// ---------- hostile values ----------

const nasty = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uDC00y',
  '\u202E',
  '\u202Emoc.elpmaxe@ecila',
  '\u200B',
  '\u200B\u200C\u200D\u2060\uFEFF',
  '\u200F\u200E',
  'ﷺ',
  '👩‍💻',
  '\u0007\u001B[31m',
  '\r\n',
  "'; drop table auth.users; --",
  '%00',
  '<script>alert(1)</script>',
)
const hostileString = fc.oneof(
  { arbitrary: fc.array(fc.oneof(nasty, fc.string({ unit: 'binary', maxLength: 20 })), { maxLength: 6 }).map((parts) => parts.join('')), weight: 6 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 200 }), weight: 2 },
  { arbitrary: fc.constantFrom('x'.repeat(70_000), `${'a'.repeat(300)}@example.com`, `a@${'.'.repeat(20_000)} x`), weight: 1 },
)
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 5 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 3 },
  { arbitrary: fc.constantFrom(null, true, 0, -1, 1e308, [], {}, [[[[[[[[]]]]]]]]), weight: 1 },
)
/** A body with the fields an endpoint reads, each hostile or left out, plus stray ones. */
const bodyWith = (...fields: string[]) =>
  fc.oneof(
    { arbitrary: fc.record(Object.fromEntries(fields.map((f) => [f, hostileValue])), { requiredKeys: [] }), weight: 4 },
    { arbitrary: fc.dictionary(hostileString, hostileValue, { maxKeys: 4 }), weight: 1 },
    { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
  )

const json = (body: unknown) => JSON.stringify(body) ?? 'null'

// ---------- requests ----------

const auth = (path: string, body: unknown, init: { method?: string; token?: string } = {}) => () =>
  fetch(`${stack.url}/auth/v1/${path}`, {
    method: init.method ?? 'POST',
    headers: { apikey: stack.anonKey, 'Content-Type': 'application/json', ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}) },
    ...(init.method === 'GET' ? {} : { body: json(body) }),
  })

const fn = (name: string, body: unknown, token = stack.anonKey) => () =>
  fetch(`${stack.url}/functions/v1/${name}`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Origin: SITE },
    body: json(body),
  })

const check = (arb: fc.Arbitrary<unknown>, send: (value: never) => () => Promise<Response>) =>
  fc.assert(
    fc.asyncProperty(arb, async (value) => {
      await probe(send(value as never))
    }),
    { seed: SEED, numRuns: RUNS },
  )

describe('row 6: NUL and other hostile characters get a 4xx, not a 500', () => {
  it('auth: NUL in an e-mail, a password, a refresh token, user metadata or a link token', async () => {
    expect(await probe(auth('signup', { email: 'a\u0000b@example.com', password: 'correct-horse-1' }))).toBe(400)
    expect(await probe(auth('signup', { email: uniqueEmail('nul'), password: 'correct\u0000horse' }))).toBe(400)
    expect(await probe(auth('signup', { email: uniqueEmail('nul'), password: 'correct-horse-1', data: { full_name: 'Kari\u0000' } }))).toBe(400)
    expect(await probe(auth('token?grant_type=password', { email: 'x\u0000@example.com', password: 'x' }))).toBe(400)
    expect(await probe(auth('token?grant_type=password', { email: user.email, password: 'a\u0000' }))).toBe(400)
    expect(await probe(auth('token?grant_type=refresh_token', { refresh_token: 'abc\u0000' }))).toBe(400)
    expect(await probe(auth('recover', { email: 'a\u0000@example.com' }))).toBe(400)
    expect(await probe(auth('verify', { token_hash: '\u0000', type: 'signup' }))).toBe(400)
    expect(await probe(auth('user', { data: { note: '\u0000' } }, { method: 'PUT', token: user.session.access_token }))).toBe(400)
    expect(await probe(() => fetch(`${stack.url}/auth/v1/verify?token=%00&type=signup`, { redirect: 'manual' }))).toBe(400)
  })

  it('send-demo-request: NUL or a lone surrogate in a field → 400 invalid', async () => {
    for (const name of ['Kari\u0000', 'Kari\uD800', 'Kari\u001B']) {
      const res = await fn('send-demo-request', { name, email: uniqueEmail('demo'), need: 'content' })()
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ ok: false, error: 'invalid', fields: { name: 'invalid' } })
    }
  })
})

describe('row 7: a name made only of invisible characters is no name', () => {
  const invisible = fc.array(fc.constantFrom('\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u200E', '\u200F', '\u202A', '\u202E', '\u2066', '\u00AD', '\u034F', '\u3164', '\uFE0F', ' ', '\u00A0', '\u3000'), { minLength: 1, maxLength: 12 })

  it('the demo schema refuses it as required (form and function alike)', () => {
    fc.assert(
      fc.property(invisible, (chars) => {
        const result = validateDemoRequest({ name: chars.join(''), email: 'kari@example.no', need: 'content' })
        expect(result).toEqual({ ok: false, fields: { name: 'required' } })
      }),
      { seed: SEED, numRuns: 200 },
    )
    // Visible text with invisible characters around it is a name.
    expect(validateDemoRequest({ name: '\u200BKari\u200D', email: 'kari@example.no', need: 'content' }).ok).toBe(true)
  })

  it('the function answers 400 and stores nothing', async () => {
    const before = await stored()
    const res = await fn('send-demo-request', { name: '\u200B\u200D\u2060', email: uniqueEmail('ghost'), need: 'content' })()
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ ok: false, error: 'invalid', fields: { name: 'required' } })
    expect(await stored()).toBe(before)
  })
})

describe('fuzz: the functions', () => {
  // Every field of the demo field table, and the two the form adds.
  it('send-demo-request', () => check(bodyWith(...DEMO_FIELDS, 'language', 'website'), (body) => fn('send-demo-request', body)))
  it('create-checkout', () => check(bodyWith('productType', 'lang', 'buyer'), (body) => fn('create-checkout', body, user.session.access_token)))
  it('company-lookup', () => check(bodyWith('orgNumber'), (body) => fn('company-lookup', body, user.session.access_token)))
  it('create-portal-session', () => check(bodyWith('lang', 'customer'), (body) => fn('create-portal-session', body, user.session.access_token)))
  it('fix-payment', () => check(bodyWith('lang', 'customer', 'subscription'), (body) => fn('fix-payment', body, user.session.access_token)))
  it('reconcile-payments, without the service role', () => check(bodyWith('action'), (body) => fn('reconcile-payments', body, user.session.access_token)))
  it('export-account', () => check(bodyWith('user_id'), (body) => fn('export-account', body, user.session.access_token)))
  it('delete-account', () => check(bodyWith('confirm'), (body) => fn('delete-account', body, user.session.access_token)))
  it('stripe-webhook, unsigned', () => check(bodyWith('test', 'id', 'type', 'data'), (body) => fn('stripe-webhook', body)))
  it('stripe-webhook, signed: any event object the signature covers', () =>
    check(
      fc.record({
        id: fc.oneof(hostileString, fc.constant('evt_fuzz_1')),
        type: fc.oneof(fc.constantFrom(...HANDLED_EVENTS), hostileString),
        created: fc.oneof(fc.integer(), fc.constant(1e20), hostileValue),
        data: fc.record({ object: bodyWith('id', 'subscription', 'mode', 'client_reference_id', 'metadata', 'parent', 'customer') }),
      }),
      (event) => async () => {
        const payload = json(event)
        const signature = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: stack.webhookSecret, cryptoProvider: Stripe.createSubtleCryptoProvider() })
        return fetch(`${stack.url}/functions/v1/stripe-webhook`, { method: 'POST', headers: { 'Stripe-Signature': signature, 'Content-Type': 'application/json' }, body: payload })
      },
    ))
})

describe('fuzz: the local stand-in portal’s forms', () => {
  it('any fields, with or without the session’s token: never a 5xx, nothing changed', async () => {
    const buyer = await confirmedUser(stack)
    const checkout = await buyer.sb.functions.invoke('create-checkout', { body: { productType: 'pro', buyer: TEST_BUYER } })
    const pay = new URLSearchParams({ decision: 'pay' })
    await fetch((checkout.data as { url: string }).url, { method: 'POST', body: pay, redirect: 'manual' })
    const portal = await buyer.sb.functions.invoke('create-portal-session', { body: { lang: 'en' } })
    const url = (portal.data as { url: string }).url
    const token = /name="token" value="([^"]+)"/.exec(await (await fetch(url)).text())![1]!
    const before = await stored()
    await check(
      fc.record({ action: fc.constantFrom('cancel', 'resume', 'end-period'), withToken: fc.boolean(), subscription: hostileString, revision: hostileString, extra: hostileString }),
      (form) => () => {
        const { action, withToken, ...fields } = form as { action: string; withToken: boolean; subscription: string; revision: string; extra: string }
        const body = new URLSearchParams({ ...fields, ...(withToken ? { token } : {}) })
        return fetch(`${url}/${action}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body, redirect: 'manual' })
      },
    )
    expect(await stored()).toBe(before)
  })
})

describe('fuzz: the auth endpoints the app uses', () => {
  it('POST /signup', () => check(bodyWith('email', 'password', 'data', 'code_challenge', 'code_challenge_method'), (body) => auth('signup', body)))
  it('POST /token?grant_type=password', () => check(bodyWith('email', 'password'), (body) => auth('token?grant_type=password', body)))
  it('POST /token?grant_type=refresh_token', () => check(bodyWith('refresh_token'), (body) => auth('token?grant_type=refresh_token', body)))
  it('POST /recover', () => check(bodyWith('email', 'code_challenge'), (body) => auth('recover', body)))
  it('POST /resend', () => check(bodyWith('type', 'email'), (body) => auth('resend', body)))
  it('POST /verify', () => check(bodyWith('token_hash', 'type'), (body) => auth('verify', body)))
  it('GET /verify with any query', () =>
    check(fc.record({ token: hostileString, type: hostileString, redirect_to: hostileString }), (query) => () =>
      fetch(`${stack.url}/auth/v1/verify?${new URLSearchParams(query as Record<string, string>)}`, { redirect: 'manual' }),
    ))
  it('GET /user with any bearer', () =>
    check(fc.string({ unit: fc.constantFrom(...'abcXYZ019.-_'.split('')), maxLength: 300 }), (token) => auth('user', undefined, { method: 'GET', token: token || 'x' })))
  it('PUT /user', async () => {
    const own = await confirmedUser(stack)
    await check(bodyWith('email', 'password', 'data'), (body) => auth('user', body, { method: 'PUT', token: own.session.access_token }))
  })
  it('POST /logout with any scope', async () => {
    const own = await confirmedUser(stack)
    await check(hostileString, (scope) => auth(`logout?${new URLSearchParams({ scope })}`, undefined, { token: own.session.access_token }))
  })
})
