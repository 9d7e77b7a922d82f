// Functions mounted from a folder, the mailbox, CORS, persistence between restarts and the CLI.
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { FunctionsHttpError } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FUNCTIONS_DIR, functionsWithoutJwtCheck, loadFunctions } from '../functions.ts'
import { sign } from '../jwt.ts'
import { startStack } from '../stack.ts'
import { client, confirmedUser, type LocalStack, mails, STARTUP_TIMEOUT, startTestStack, uniqueEmail } from './helpers.ts'

const FIXTURES = resolve(import.meta.dirname, 'fixtures/functions')
let stack: LocalStack

beforeAll(async () => {
  // The fixtures' functions, and the project's auth-hooks, which writes the auth e-mails.
  const handlers = await loadFunctions(FIXTURES)
  handlers.set('auth-hooks', (await loadFunctions(FUNCTIONS_DIR)).get('auth-hooks')!)
  stack = await startTestStack({
    handlers,
    siteUrl: 'http://localhost:4000',
    env: { CUSTOM_SECRET: 's3cret' },
  })
}, STARTUP_TIMEOUT)
afterAll(() => stack.stop())

describe('functions', () => {
  it('closes a keep-alive connection whose request body a function left unread, so the next request does not fail on it', async () => {
    const { request, Agent } = await import('node:http')
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const url = new URL(stack.url)
    const post = (path: string, body: string) =>
      new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', port: url.port, path, method: 'POST', agent, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${stack.anonKey}` } },
          (res) => {
            res.resume()
            res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }))
          },
        )
        req.on('error', reject)
        req.end(body)
      })
    try {
      expect(await post('/functions/v1/refuse-early', JSON.stringify({ pad: 'x'.repeat(300_000) }))).toEqual({ status: 413, connection: 'close' })
      expect((await post('/functions/v1/echo', '{"after":1}')).status).toBe(200)
      // A body the function read keeps the connection alive.
      expect(await post('/functions/v1/echo', '{"again":1}')).toEqual({ status: 200, connection: 'keep-alive' })
    } finally {
      agent.destroy()
    }
  })

  it('invokes a mounted handler with the caller JWT, and gives it the stack env and secrets', async () => {
    const { sb } = await confirmedUser(stack)
    const { data, error } = await sb.functions.invoke('echo', { body: { hello: 'world' } })
    expect(error).toBeNull()
    expect(data).toEqual({
      ok: true,
      method: 'POST',
      path: '/functions/v1/echo',
      body: { hello: 'world' },
      authorization: 'Bearer ',
      env: {
        SUPABASE_URL: stack.url,
        SITE_URL: 'http://localhost:4000',
        hasAnonKey: true,
        hasServiceRoleKey: true,
        CUSTOM_SECRET: 's3cret',
      },
    })
    const anon = await client(stack).functions.invoke('echo', { body: { as: 'anon' } })
    expect(anon.data.ok).toBe(true)
  })

  it('answers the preflight with CORS before any JWT check', async () => {
    const res = await fetch(`${stack.url}/functions/v1/echo`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'apikey,authorization,content-type,x-client-info',
      },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('access-control-allow-headers')).toBe('apikey,authorization,content-type,x-client-info')
    expect(res.headers.get('access-control-allow-methods')).toContain('POST')
  })

  it('refuses a missing, forged or expired JWT with 401', async () => {
    const none = await fetch(`${stack.url}/functions/v1/echo`, { method: 'POST', body: '{}' })
    expect(none.status).toBe(401)
    expect(await none.json()).toEqual({ code: 401, message: 'Missing authorization header' })
    expect(none.headers.get('access-control-allow-origin')).toBe('*')

    const forged = client(stack, { key: await sign({ role: 'anon', exp: 9_999_999_999 }, 'forged') })
    const { error } = await forged.functions.invoke('echo', { body: {} })
    expect(error).toBeInstanceOf(FunctionsHttpError)
    expect(await (error as FunctionsHttpError).context.json()).toEqual({ code: 401, message: 'Invalid JWT' })

    const expired = await sign({ role: 'authenticated', sub: crypto.randomUUID(), exp: 1 }, stack.jwtSecret)
    const old = await fetch(`${stack.url}/functions/v1/echo`, { method: 'POST', headers: { Authorization: `Bearer ${expired}` } })
    expect(old.status).toBe(401)
  })

  it('opens the functions config.toml marks verify_jwt = false (the payment webhook)', async () => {
    const res = await fetch(`${stack.url}/functions/v1/stripe-webhook`, {
      method: 'POST',
      headers: { 'Stripe-Signature': 't=1,v1=abc' },
      body: '{"id":"evt_1"}',
    })
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('webhook got t=1,v1=abc')
    expect(functionsWithoutJwtCheck('[functions.a]\nverify_jwt = false\n[functions.b]\nverify_jwt = true\n')).toEqual(
      new Set(['a']),
    )
  })

  it('passes a handler’s error response through, and turns a throw into a 500', async () => {
    const sb = client(stack)
    const failed = await sb.functions.invoke('echo', { body: { fail: true } })
    expect(failed.error).toBeInstanceOf(FunctionsHttpError)
    expect(failed.response?.status).toBe(422)
    expect(await (failed.error as FunctionsHttpError).context.json()).toEqual({ ok: false, error: 'asked to fail' })
    const thrown = await sb.functions.invoke('echo', { body: { throw: true } })
    expect(thrown.response?.status).toBe(500)
  })

  it('mounts only folders with a handler.ts', async () => {
    for (const name of ['not-a-function', '_shared', 'nothing']) {
      const res = await fetch(`${stack.url}/functions/v1/${name}`, { method: 'POST', headers: { Authorization: `Bearer ${stack.anonKey}` } })
      expect(res.status).toBe(404)
    }
  })
})

describe('mailbox', () => {
  it('a function sends mail to the local mailbox through the shared helper', async () => {
    const to = uniqueEmail('fn')
    const { error } = await client(stack).functions.invoke('echo', { body: { mailTo: to } })
    expect(error).toBeNull()
    const [mail] = await mails(stack, to)
    expect(mail).toMatchObject({ to, subject: 'From a function', links: ['https://example.com/x'], html: null })
  })

  it('POST /mailbox/send takes the service role key only, and checks the message', async () => {
    const send = (token: string, body: unknown) =>
      fetch(`${stack.url}/mailbox/send`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      })
    const message = { to: 'ops@example.com', subject: '<script>alert(1)</script>', text: 'New demo request' }
    expect((await send(stack.anonKey, message)).status).toBe(401)
    expect((await send(stack.serviceRoleKey, { to: 'nope', subject: 'x', text: 'y' })).status).toBe(400)
    expect((await send(stack.serviceRoleKey, '{"to":')).status).toBe(400)
    const ok = await send(stack.serviceRoleKey, { ...message, html: '<p><a href="https://example.com/a?b=1&amp;c=2">x</a></p>' })
    expect(ok.status).toBe(201)
    const [mail] = await mails(stack, 'ops@example.com')
    expect(mail?.links).toEqual(['https://example.com/a?b=1&c=2'])

    const page = await fetch(`${stack.url}/mailbox`)
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
    const html = await page.text()
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).not.toContain('<script>')
  })

  it('lists newest first', async () => {
    const to = uniqueEmail('order')
    await client(stack).auth.signUp({ email: to, password: 'correct-horse-1' })
    await stack.db.query(`update auth.users set confirmation_sent_at = now() - interval '1 minute' where email = $1`, [to])
    await client(stack).auth.resend({ type: 'signup', email: to })
    const list = await mails(stack, to)
    expect(list).toHaveLength(2)
    expect(list[0]!.id).toBeGreaterThan(list[1]!.id)
  })
})

describe('CORS on the APIs', () => {
  it('answers preflights and exposes the headers the client reads', async () => {
    const pre = await fetch(`${stack.url}/rest/v1/subscriptions`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'GET' },
    })
    expect(pre.status).toBe(200)
    expect(pre.headers.get('access-control-allow-origin')).toBe('*')
    expect(pre.headers.get('access-control-allow-headers')).toContain('x-supabase-api-version')
    const res = await fetch(`${stack.url}/auth/v1/settings`, { headers: { apikey: stack.anonKey } })
    expect(res.headers.get('access-control-expose-headers')).toBe('X-Supabase-Api-Version, Content-Range, x-relay-error')
  })
})

describe('persistence and the CLI', () => {
  const dir = mkdtempSync(join(tmpdir(), 'local-stack-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('keeps users, rows and keys in the data directory across restarts', async () => {
    const state = join(dir, '.local')
    const options = { port: 0, quiet: true, stateDir: state, dataDir: join(state, 'db'), auth: { autoconfirm: true } }
    const email = uniqueEmail('persist')
    const first = await startStack(options)
    const signUp = await client(first).auth.signUp({ email, password: 'correct-horse-1' })
    expect(signUp.error).toBeNull()
    const port = Number(new URL(first.url).port)
    await expect(startStack({ ...options, port: 0 })).rejects.toThrow(/is in use by process/)
    await expect(startStack({ port, dataDir: null, quiet: true })).rejects.toThrow(`Port ${port} is in use`)
    await first.stop()

    const second = await startStack(options)
    expect(second.anonKey).toBe(first.anonKey)
    expect(second.jwtSecret).toBe(first.jwtSecret)
    const signIn = await client(second).auth.signInWithPassword({ email, password: 'correct-horse-1' })
    expect(signIn.error).toBeNull()
    await second.stop()

    const root = resolve(import.meta.dirname, '../../..')
    const { stdout } = await promisify(execFile)(
      join(root, 'node_modules/.bin/tsx'),
      [join(root, 'supabase/local/cli.ts'), 'status'],
      { cwd: dir, env: { ...process.env, SUPABASE_LOCAL_PORT: '54999' } },
    )
    expect(JSON.parse(stdout)).toEqual({
      api_url: 'http://localhost:54999',
      anon_key: first.anonKey,
      service_role_key: first.serviceRoleKey,
      mailbox_url: 'http://localhost:54999/mailbox',
    })
  }, STARTUP_TIMEOUT)
})
