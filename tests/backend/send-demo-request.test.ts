// The send-demo-request function: through the local stack with supabase-js as the app invokes it,
// and its handler called directly with the stack's env (to vary secrets and break things).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type DemoField, demoFieldTable, LIMITS } from '../../supabase/functions/_shared/demo-request.ts'
import inProcessHandler, { MAX_BODY_BYTES } from '../../supabase/functions/send-demo-request/handler.ts'
import { functionHandler } from './function-runtime.ts'
import { client, type LocalStack, mails, startTestStack, uniqueEmail } from './helpers.ts'
import { storedFields, validValues } from '../demo-samples.ts'

/** The handler under test, in this run's runtime (Node, or Deno from the upload copy). */
const handler = functionHandler('send-demo-request')

let stack: LocalStack
const SALES = 'salg@vekstlinje.no'
const SITE = 'http://localhost:5173'

beforeAll(async () => {
  stack = await startTestStack()
})
afterAll(() => stack.stop())

type Env = Record<string, string | undefined>

const baseEnv = (): Env => ({
  SUPABASE_URL: stack.url,
  SUPABASE_ANON_KEY: stack.anonKey,
  SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
  SITE_URL: SITE,
  LOCAL_MAILBOX_URL: `${stack.url}/mailbox/send`,
  DEMO_NOTIFY_RETRY_AFTER_SECONDS: '3600',
})

/** Every field of the field table filled in right (tests/demo-samples.ts), with an address of its own. */
const valid = (overrides: Record<string, unknown> = {}) => ({
  ...validValues,
  email: uniqueEmail('demo'),
  need: 'lead_generation',
  ...overrides,
})

let ipCounter = 0
const freshIp = () => {
  ipCounter += 1
  return `203.0.113.${ipCounter}`
}

function post(body: unknown, { env = {}, headers = {} }: { env?: Env; headers?: Record<string, string> } = {}) {
  const req = new Request('http://functions.local/send-demo-request', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: SITE, 'cf-connecting-ip': freshIp(), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return handler(req, { ...baseEnv(), ...env })
}

type Row = Record<DemoField, string> & { id: string; notified_at: Date | null }

async function rowsFor(email: string): Promise<Row[]> {
  const { rows } = await stack.db.query<Row>('select * from public.demo_requests where email = $1 order by created_at', [email.toLowerCase()])
  return rows
}

async function totalRows(): Promise<number> {
  const { rows } = await stack.db.query<{ n: number }>('select count(*)::int as n from public.demo_requests')
  return rows[0]!.n
}

async function mailsAbout(email: string) {
  return (await mails(stack, SALES)).filter((mail) => mail.text.includes(email.toLowerCase()))
}

describe('send-demo-request through the local stack', () => {
  it('stores a valid request exactly once, normalised, every field of the table in it, and notifies the sales inbox of each', async () => {
    const body = valid({ email: `  Mixed.Case-${Date.now()}@Example.NO `, linkedin: 'www.linkedin.com/in/ase-odegard/?trk=x' })
    // With the bot check's token, as the site's widget hands it over (config.toml has the check on).
    const { data, error } = await client(stack).functions.invoke('send-demo-request', { body: { ...body, captcha_token: stack.botCheckToken() } })
    expect(error).toBeNull()
    expect(data).toEqual({ ok: true })

    const email = body.email.trim().toLowerCase()
    const rows = await rowsFor(email)
    expect(rows).toHaveLength(1)
    // A field whose column a migration forgot would be missing here (the database function stores
    // the keys that name a column, and drops the others).
    const stored = { ...storedFields(validValues), email, need: 'lead_generation' }
    expect(rows[0]).toMatchObject(stored)
    expect(rows[0]!.notified_at).not.toBeNull()
    const sent = await mailsAbout(email)
    expect(sent).toHaveLength(1)
    expect(sent[0]!.subject).toBe(`Demo request: ${stored.name} (${stored.company})`)
    // Each field by its label in the table: a line, or a block of its own for a longer text.
    for (const spec of demoFieldTable) {
      const shown = spec.kind === 'need' ? 'Leadgenerering (Lead Generation)' : stored[spec.name]
      expect(sent[0]!.text).toContain(`\n${spec.notifyAs}:${spec.kind === 'long' ? '\n' : ' '}${shown}\n`)
    }
  })

  it('answers a refused request with its status and body, readable from the error context', async () => {
    const { data, error } = await client(stack).functions.invoke('send-demo-request', { body: valid({ email: 'not-an-address' }) })
    expect(data).toBeNull()
    const response = (error as { context: Response }).context
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ ok: false, error: 'invalid', fields: { email: 'email' } })
  })
})

describe('send-demo-request: bad input gets a clear answer and nothing is stored', () => {
  const cases: Array<[string, Record<string, unknown>, Record<string, string>]> = [
    ['name missing', { name: undefined }, { name: 'required' }],
    ['name blank', { name: '   ' }, { name: 'required' }],
    ['name too long', { name: 'x'.repeat(LIMITS.name + 1) }, { name: 'tooLong' }],
    ['email missing', { email: undefined }, { email: 'required' }],
    ['email malformed', { email: 'ola@' }, { email: 'email' }],
    ['email too long', { email: `${'a'.repeat(250)}@example.no` }, { email: 'tooLong' }],
    ['company too long', { company: 'c'.repeat(LIMITS.company + 1) }, { company: 'tooLong' }],
    ['linkedin not on linkedin.com', { linkedin: 'https://example.com/in/ola' }, { linkedin: 'url' }],
    ['linkedin not a URL', { linkedin: 'ola nordmann' }, { linkedin: 'url' }],
    ['linkedin too long', { linkedin: `https://www.linkedin.com/in/${'a'.repeat(LIMITS.linkedin)}` }, { linkedin: 'tooLong' }],
    ['need missing', { need: undefined }, { need: 'required' }],
    ['need unknown', { need: 'Leadgenerering' }, { need: 'choice' }],
    ['notes too long', { notes: 'n'.repeat(LIMITS.notes + 1) }, { notes: 'tooLong' }],
    ['a field of the wrong type', { company: 42 }, { company: 'invalid' }],
  ]
  for (const [title, overrides, fields] of cases) {
    it(`${title} → 400 with the field's problem`, async () => {
      const before = await totalRows()
      const res = await post(valid(overrides))
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ ok: false, error: 'invalid', fields })
      expect(await totalRows()).toBe(before)
    })
  }

  it('several bad fields → every problem at once', async () => {
    const res = await post({ name: '', email: 'x', need: 'nope', linkedin: 'x.com/y' })
    expect(await res.json()).toEqual({
      ok: false,
      error: 'invalid',
      fields: { name: 'required', email: 'email', need: 'choice', linkedin: 'url' },
    })
  })

  it(`a body over ${MAX_BODY_BYTES / 1024} KB → 413, by Content-Length`, async () => {
    const before = await totalRows()
    const res = await post(valid({ notes: 'x'.repeat(MAX_BODY_BYTES) }))
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ ok: false, error: 'payload_too_large' })
    expect(await totalRows()).toBe(before)
  })

  it('a streamed body over 16 KB without Content-Length → 413', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(4096))
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1
        if (sent > 6) controller.close()
        else controller.enqueue(chunk)
      },
    })
    const req = new Request('http://functions.local/send-demo-request', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: SITE },
      body: stream,
      duplex: 'half',
    } as RequestInit)
    const res = await handler(req, baseEnv())
    expect(res.status).toBe(413)
  })

  it('a body of 16 KB exactly is read (and judged on its content)', async () => {
    const json = JSON.stringify(valid({ notes: '' }))
    const bytes = new TextEncoder().encode(json).byteLength
    const padded = json.replace(/}$/, `,"pad":"${'p'.repeat(MAX_BODY_BYTES - bytes - ',"pad":""'.length)}"}`)
    expect(new TextEncoder().encode(padded).byteLength).toBe(MAX_BODY_BYTES)
    const res = await post(padded)
    expect(res.status).toBe(200)
  })

  for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '']) {
    it(`Content-Type "${type}" → 415`, async () => {
      const before = await totalRows()
      const res = await post(JSON.stringify(valid()), { headers: { 'Content-Type': type } })
      expect(res.status).toBe(415)
      expect(await res.json()).toEqual({ ok: false, error: 'unsupported_media_type' })
      expect(await totalRows()).toBe(before)
    })
  }

  for (const [title, raw] of [
    ['malformed JSON', '{"name": "Ola",'],
    ['a JSON array', '[1, 2]'],
    ['JSON null', 'null'],
    ['an empty body', ''],
  ] as const) {
    it(`${title} → 400 invalid_json`, async () => {
      const res = await post(raw)
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ ok: false, error: 'invalid_json' })
    })
  }

  it('another method → 405', async () => {
    const res = await handler(new Request('http://functions.local/send-demo-request', { method: 'GET', headers: { Origin: SITE } }), baseEnv())
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('POST, OPTIONS')
  })
})

describe('send-demo-request: bots and floods', () => {
  it('a filled-in honeypot → silently { ok: true }, nothing stored, nobody notified', async () => {
    const body = valid({ website: 'https://spam.example' })
    const res = await post(body)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ok: true })
    expect(await rowsFor(body.email)).toHaveLength(0)
    expect(await mailsAbout(body.email)).toHaveLength(0)
  })

  it('the honeypot wins even over invalid fields, so bots learn nothing', async () => {
    const res = await post({ name: '', website: 'x' })
    expect(res.status).toBe(200)
  })

  it('per IP: requests past the limit → 429 with Retry-After, and are not stored', async () => {
    const env = { DEMO_RATE_LIMIT_PER_IP: '2', DEMO_RATE_LIMIT_WINDOW_SECONDS: '600' }
    const headers = { 'cf-connecting-ip': '198.51.100.7' }
    expect((await post(valid(), { env, headers })).status).toBe(200)
    expect((await post(valid(), { env, headers })).status).toBe(200)
    const third = valid()
    const res = await post(third, { env, headers })
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('600')
    expect(await res.json()).toEqual({ ok: false, error: 'rate_limited' })
    expect(await rowsFor(third.email)).toHaveLength(0)
    // Another address is not held back.
    expect((await post(valid(), { env, headers: { 'cf-connecting-ip': '198.51.100.8' } })).status).toBe(200)
  })

  it('per e-mail address, whatever the IP and letter case', async () => {
    const env = { DEMO_RATE_LIMIT_PER_EMAIL: '1' }
    const email = uniqueEmail('flood')
    expect((await post(valid({ email }), { env })).status).toBe(200)
    const res = await post(valid({ email: email.toUpperCase() }), { env })
    expect(res.status).toBe(429)
    expect(await rowsFor(email)).toHaveLength(1)
  })

  it('stores the IP only as a keyed hash', async () => {
    const body = valid()
    await post(body, { headers: { 'cf-connecting-ip': '192.0.2.44' } })
    const { rows } = await stack.db.query<{ ip_hash: string }>('select ip_hash from public.demo_requests where email = $1', [body.email])
    expect(rows[0]!.ip_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(rows[0]!.ip_hash).not.toContain('192.0.2.44')
  })
})

describe('send-demo-request: nothing is lost', () => {
  const broken = { LOCAL_MAILBOX_URL: 'http://127.0.0.1:9/mailbox/send' }

  it('a failing notification → still { ok: true }, the row stored and left for a retry', async () => {
    const body = valid()
    const res = await post(body, { env: broken })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ok: true })
    const rows = await rowsFor(body.email)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.notified_at).toBeNull()
    expect(await mailsAbout(body.email)).toHaveLength(0)
  })

  it('with no e-mail provider and no mailbox → 500 not_configured, before anything is stored', async () => {
    const body = valid()
    const res = await post(body, { env: { LOCAL_MAILBOX_URL: undefined } })
    expect(res.status).toBe(500)
    expect(await res.json()).toEqual({ ok: false, error: 'not_configured' })
    expect(await rowsFor(body.email)).toHaveLength(0)
  })

  it('without the service role → 500 not_configured; BREVO_API_KEY counts as a way to notify', async () => {
    const body = valid()
    const res = await post(body, { env: { SUPABASE_SERVICE_ROLE_KEY: undefined, LOCAL_MAILBOX_URL: undefined, BREVO_API_KEY: 'xkeysib-test' } })
    expect(res.status).toBe(500)
    expect(await res.json()).toEqual({ ok: false, error: 'not_configured' })
    expect(await rowsFor(body.email)).toHaveLength(0)
  })

  it('the next accepted request retries earlier failed notifications', async () => {
    const first = valid()
    await post(first, { env: broken })
    expect((await rowsFor(first.email))[0]!.notified_at).toBeNull()
    await post(valid(), { env: { DEMO_NOTIFY_RETRY_AFTER_SECONDS: '0' } })
    expect((await rowsFor(first.email))[0]!.notified_at).not.toBeNull()
    expect(await mailsAbout(first.email)).toHaveLength(1)
  })

  it('the retry job: the service role asks for every waiting notification', async () => {
    const waiting = valid()
    await post(waiting, { env: broken })
    const job = await post({ action: 'retry-notifications' }, { headers: { Authorization: `Bearer ${stack.serviceRoleKey}` } })
    expect(job.status).toBe(200)
    expect((await job.json()).ok).toBe(true)
    expect((await rowsFor(waiting.email))[0]!.notified_at).not.toBeNull()
    expect(await mailsAbout(waiting.email)).toHaveLength(1)
    // The anon key cannot run it: that is just an (invalid) request.
    const anon = await post({ action: 'retry-notifications' }, { headers: { Authorization: `Bearer ${stack.anonKey}` } })
    expect(anon.status).toBe(400)
  })

  it('a failing store → 500 { ok: false } and no notification', async () => {
    const body = valid()
    await stack.db.query('revoke insert on public.demo_requests from service_role')
    try {
      const res = await post(body)
      expect(res.status).toBe(500)
      expect(await res.json()).toEqual({ ok: false, error: 'storage_failed' })
    } finally {
      await stack.db.query('grant insert on public.demo_requests to service_role')
    }
    expect(await rowsFor(body.email)).toHaveLength(0)
    expect(await mailsAbout(body.email)).toHaveLength(0)
  })

  it('an unreachable database → 500 { ok: false }', async () => {
    const res = await post(valid(), { env: { SUPABASE_URL: 'http://127.0.0.1:9' } })
    expect(res.status).toBe(500)
    expect(await res.json()).toEqual({ ok: false, error: 'storage_failed' })
  })
})

describe('send-demo-request: CORS only for the site', () => {
  const preflight = (origin: string, env: Env = {}) =>
    handler(
      new Request('http://functions.local/send-demo-request', {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'apikey,authorization,content-type,x-client-info' },
      }),
      { ...baseEnv(), ...env },
    )

  for (const origin of ['http://localhost:5173', 'http://localhost:5183']) {
    it(`the default origin ${origin} may call`, async () => {
      const res = await preflight(origin)
      expect(res.status).toBe(200)
      expect(res.headers.get('access-control-allow-origin')).toBe(origin)
      expect(res.headers.get('access-control-allow-headers')).toContain('apikey')
      expect(res.headers.get('vary')).toBe('Origin')
    })
  }

  it('another origin is refused, never answered with * or its own origin', async () => {
    const res = await preflight('https://evil.example')
    expect(res.status).toBe(403)
    expect(res.headers.get('access-control-allow-origin')).not.toBe('*')
    expect(res.headers.get('access-control-allow-origin')).not.toBe('https://evil.example')
    const body = valid()
    const post403 = await post(body, { headers: { Origin: 'https://evil.example' } })
    expect(post403.status).toBe(403)
    expect(await post403.json()).toEqual({ ok: false, error: 'origin_not_allowed' })
    expect(await rowsFor(body.email)).toHaveLength(0)
  })

  it('SITE_ORIGINS replaces the defaults; SITE_URL is always allowed', async () => {
    const env = { SITE_ORIGINS: 'https://vekstlinje.no, https://www.vekstlinje.no', SITE_URL: 'https://app.vekstlinje.no/' }
    expect((await preflight('https://www.vekstlinje.no', env)).headers.get('access-control-allow-origin')).toBe('https://www.vekstlinje.no')
    expect((await preflight('https://app.vekstlinje.no', env)).status).toBe(200)
    expect((await preflight('http://localhost:5173', env)).status).toBe(403)
  })

  it('through the stack, the answer to the site names the site, not *', async () => {
    const res = await fetch(`${stack.url}/functions/v1/send-demo-request`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', apikey: stack.anonKey, Authorization: `Bearer ${stack.anonKey}`, Origin: 'http://localhost:5183' },
      body: JSON.stringify({ ...valid(), captcha_token: stack.botCheckToken() }),
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5183')
  })

  it('requests without an Origin (servers, scripts) are not CORS requests and are served', async () => {
    const body = valid()
    const res = await post(body, { headers: { Origin: '' } })
    expect(res.status).toBe(200)
  })
})

describe('the bot check (Turnstile siteverify; here the local stand-in)', () => {
  const botEnv = async (): Promise<Env> => ({
    TURNSTILE_SECRET_KEY: (await import('../../supabase/local/bot-check.ts')).localBotCheckSecret(stack.jwtSecret),
    TURNSTILE_SITEVERIFY_URL: `${stack.url}/local-bot-check/siteverify`,
  })

  it('refuses a request without a token, with a refused, forged or spent one; stores and notifies nothing for them', async () => {
    const env = await botEnv()
    const body = valid()
    const token = stack.botCheckToken()
    for (const captcha_token of [undefined, '', stack.botCheckToken('refuse'), 'XXXX.DUMMY.TOKEN.XXXX', 'x'.repeat(2049)]) {
      const res = await post({ ...body, captcha_token }, { env })
      expect(res.status, String(captcha_token).slice(0, 20)).toBe(400)
      expect(await res.json()).toEqual({ ok: false, error: 'bot_check_failed' })
    }
    expect(await rowsFor(body.email)).toHaveLength(0)
    const accepted = await post({ ...body, captcha_token: token }, { env })
    expect(await accepted.json()).toEqual({ ok: true })
    expect(await rowsFor(body.email)).toHaveLength(1)
    // Good for one check only.
    const again = await post({ ...valid(), captcha_token: token }, { env })
    expect(await again.json()).toEqual({ ok: false, error: 'bot_check_failed' })
    expect(await mailsAbout(body.email)).toHaveLength(1)
  })

  it('checks the fields first: a request refused for them spends no token', async () => {
    const env = await botEnv()
    const token = stack.botCheckToken()
    const invalid = await post({ ...valid({ email: 'not-an-address' }), captcha_token: token }, { env })
    expect(await invalid.json()).toMatchObject({ ok: false, error: 'invalid', fields: { email: 'email' } })
    expect(await (await post({ ...valid(), captcha_token: token }, { env })).json()).toEqual({ ok: true })
  })

  it('answers 503 when siteverify does not answer or refuses the secret, and stores nothing', async () => {
    const body = valid()
    const unreachable = await post({ ...body, captcha_token: stack.botCheckToken() }, { env: { ...(await botEnv()), TURNSTILE_SITEVERIFY_URL: `${stack.url}/local-bot-check/gone` } })
    expect(unreachable.status).toBe(503)
    expect(await unreachable.json()).toEqual({ ok: false, error: 'bot_check_unavailable' })
    const wrongSecret = await post({ ...body, captcha_token: stack.botCheckToken() }, { env: { ...(await botEnv()), TURNSTILE_SECRET_KEY: 'not-the-secret' } })
    expect(wrongSecret.status).toBe(503)
    expect(await rowsFor(body.email)).toHaveLength(0)
  })

  it('the local stack asks for it as config.toml [auth.captcha] says (on), as the auth service does', async () => {
    // This file's stack reads its auth settings from supabase/config.toml, as `npm start` does.
    const { authConfigOf } = await import('../../supabase/local/context.ts')
    expect(authConfigOf().botCheck).toBe(true)
    const body = valid()
    const refused = await client(stack).functions.invoke('send-demo-request', { body, headers: { Origin: SITE } })
    expect(await (refused.error as { context: Response }).context.json()).toEqual({ ok: false, error: 'bot_check_failed' })
    const failed = await client(stack).functions.invoke('send-demo-request', { body: { ...body, captcha_token: stack.botCheckToken('refuse') } })
    expect(await (failed.error as { context: Response }).context.json()).toEqual({ ok: false, error: 'bot_check_failed' })
    expect(await rowsFor(body.email)).toHaveLength(0)
    const accepted = await client(stack).functions.invoke('send-demo-request', { body: { ...body, captcha_token: stack.botCheckToken() } })
    expect(accepted.data).toEqual({ ok: true })
    expect(await rowsFor(body.email)).toHaveLength(1)
  })

  // Hosted: SUPABASE_URL is the project's https address (the platform sets it; no secret may be
  // named SUPABASE_…). Here such an address is passed through to this file's stack by a stubbed
  // fetch, run in-process, and Turnstile's siteverify answers as Cloudflare does for its test secrets.
  const HOSTED = 'https://abcdefghijklmnop.supabase.co'
  const TEST_SECRETS = ['1x0000000000000000000000000000000AA', '2x0000000000000000000000000000000AA', '3x0000000000000000000000000000000AA']
  async function asHosted(body: unknown, env: Env) {
    const realFetch = globalThis.fetch
    const sent: string[] = []
    const logged: string[] = []
    vi.spyOn(console, 'error').mockImplementation((...args) => void logged.push(args.map(String).join(' ')))
    vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input)
      sent.push(url)
      if (url.startsWith(HOSTED)) return realFetch(stack.url + url.slice(HOSTED.length), init)
      if (url === 'https://challenges.cloudflare.com/turnstile/v0/siteverify') {
        const secret = new URLSearchParams(String(init?.body)).get('secret')
        const passes = secret === TEST_SECRETS[0]
        return Response.json({ success: passes, 'error-codes': passes ? [] : [secret === TEST_SECRETS[2] ? 'timeout-or-duplicate' : 'invalid-input-response'] })
      }
      throw new Error(`unexpected request to ${url}`)
    })
    try {
      const req = new Request('http://functions.local/send-demo-request', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: SITE, 'cf-connecting-ip': freshIp() },
        body: JSON.stringify(body),
      })
      const res = await inProcessHandler(req, { ...baseEnv(), SUPABASE_URL: HOSTED, LOCAL_MAILBOX_URL: `${HOSTED}/mailbox/send`, ...env })
      return { status: res.status, body: await res.json(), sent, logged }
    } finally {
      vi.unstubAllGlobals()
      vi.restoreAllMocks()
    }
  }

  it('hosted, without TURNSTILE_SECRET_KEY: 500 not_configured, logged, before anything is stored or asked', async () => {
    // The same hosted set-up with the secret stores a request: it reaches the database.
    const { TURNSTILE_SECRET_KEY } = await botEnv()
    const control = valid()
    const stored = await asHosted(
      { ...control, captcha_token: stack.botCheckToken() },
      { TURNSTILE_SECRET_KEY, TURNSTILE_SITEVERIFY_URL: `${HOSTED}/local-bot-check/siteverify` },
    )
    expect(stored.status).toBe(200)
    expect(await rowsFor(control.email)).toHaveLength(1)

    for (const missing of [undefined, '', '  ']) {
      const body = valid()
      const res = await asHosted(body, { TURNSTILE_SECRET_KEY: missing })
      expect({ status: res.status, body: res.body }).toEqual({ status: 500, body: { ok: false, error: 'not_configured' } })
      expect(res.sent).toEqual([])
      expect(res.logged.join('\n')).toContain('[send-demo-request] not configured: missing TURNSTILE_SECRET_KEY')
      expect(await rowsFor(body.email)).toHaveLength(0)
    }
  })

  it('Turnstile’s test secrets count as none: 500 not_configured, hosted and on the local stack alike, nothing stored', async () => {
    for (const secret of TEST_SECRETS) {
      const body = valid()
      // Siteverify would pass every token with the first: without the refusal, this request is stored.
      const hosted = await asHosted({ ...body, captcha_token: 'XXXX.DUMMY.TOKEN.XXXX' }, { TURNSTILE_SECRET_KEY: ` ${secret} ` })
      expect({ secret, status: hosted.status, body: hosted.body }).toEqual({ secret, status: 500, body: { ok: false, error: 'not_configured' } })
      expect(hosted.sent).toEqual([])
      expect(hosted.logged.join('\n')).toContain('[send-demo-request] not configured: missing TURNSTILE_SECRET_KEY')
      const local = await post({ ...body, captcha_token: stack.botCheckToken() }, { env: { TURNSTILE_SECRET_KEY: secret } })
      expect({ secret, status: local.status, body: await local.json() }).toEqual({ secret, status: 500, body: { ok: false, error: 'not_configured' } })
      expect(await rowsFor(body.email)).toHaveLength(0)
    }
  })

  it('the check is off only against a Supabase on this machine (the local stack, which leaves the secret out while its check is off)', async () => {
    const { missingBotCheckSecret } = await import('../../supabase/functions/_shared/bot-check.ts')
    const without = (SUPABASE_URL: string | undefined) => missingBotCheckSecret({ SUPABASE_URL })
    for (const url of ['http://localhost:54321', 'http://127.0.0.1:54321', 'http://[::1]:54321', 'http://LOCALHOST:1/']) expect({ url, missing: without(url) }).toEqual({ url, missing: [] })
    for (const url of [HOSTED, 'http://kong:8000', 'http://localhost.example.com', 'http://127.0.0.1.nip.io', 'http://10.0.0.1', '', 'not a url', undefined]) {
      expect({ url, missing: without(url) }).toEqual({ url, missing: ['TURNSTILE_SECRET_KEY'] })
    }
    expect(missingBotCheckSecret({ SUPABASE_URL: HOSTED, TURNSTILE_SECRET_KEY: '0x4AAAAAAABkMYinukE8nzYS' })).toEqual([])
    // This file's local env has no secret: its requests are taken without a token.
    const body = valid()
    const res = await post(body)
    expect(await res.json()).toEqual({ ok: true })
    expect(await rowsFor(body.email)).toHaveLength(1)
  })
})
