// Malformed and hostile input gets the answer PostgREST or GoTrue would give, and the database
// stays as it was.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { sign } from '../jwt.ts'
import { client, confirmedUser, type LocalStack, serviceClient, STARTUP_TIMEOUT, startTestStack } from './helpers.ts'

let stack: LocalStack
let userToken: string
let userId: string
let snapshot: string

async function databaseState(): Promise<string> {
  const { rows } = await stack.db.query<{ state: string }>(`
    select concat_ws('|',
      (select count(*) from auth.users), (select count(*) from auth.sessions),
      (select count(*) from public.demo_requests), (select count(*) from public.payment_events),
      (select md5(coalesce(string_agg(s::text, ',' order by s.id), '')) from public.subscriptions s),
      (select count(*) from pg_class where relnamespace = 'public'::regnamespace)) as state`)
  return rows[0]!.state
}

beforeAll(async () => {
  stack = await startTestStack()
  const user = await confirmedUser(stack)
  userToken = user.session.access_token
  userId = user.user.id
  await serviceClient(stack).from('subscriptions').insert({ user_id: userId, product_name: 'pro', status: 'active' })
}, STARTUP_TIMEOUT)
beforeEach(async () => {
  snapshot = await databaseState()
})
afterAll(() => stack.stop())

const rest = (path: string, init: RequestInit & { token?: string } = {}) =>
  fetch(`${stack.url}/rest/v1/${path}`, {
    ...init,
    headers: {
      apikey: stack.anonKey,
      Authorization: `Bearer ${init.token ?? stack.serviceRoleKey}`,
      'Content-Type': 'application/json',
      ...(init.headers as Record<string, string>),
    },
  })

async function expectError(res: Response, status: number, code: string | null) {
  expect(res.status).toBe(status)
  const body = (await res.json()) as Record<string, unknown>
  expect(body).toHaveProperty('message')
  if (code !== null) expect(body.code).toBe(code)
  expect(await databaseState()).toBe(snapshot)
  return body
}

describe('REST', () => {
  it('malformed JSON', async () => {
    const body = await expectError(await rest('subscriptions', { method: 'POST', body: '{"user_id": ' }), 400, 'PGRST102')
    expect(body.message).toBe('Empty or invalid json')
    await expectError(await rest('subscriptions?id=eq.1', { method: 'PATCH', body: '[1,2]' }), 400, 'PGRST102')
    // As PostgREST reads a body that is neither an object nor an array of objects: no rows, nothing written.
    for (const body of ['"just a string"', '[]']) {
      const res = await rest('subscriptions', { method: 'POST', body, headers: { Prefer: 'return=representation' } })
      expect([res.status, await res.json()]).toEqual([201, []])
      expect(await databaseState()).toBe(snapshot)
    }
  })

  it('oversize bodies are refused before they are read in full', async () => {
    const huge = JSON.stringify({ notes: 'x'.repeat(1024 * 1024 + 1) })
    await expectError(await rest('demo_requests', { method: 'POST', body: huge }), 413, 'PGRST413')
    const auth = await fetch(`${stack.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'big@example.com', password: 'x'.repeat(2 * 1024 * 1024) }),
    })
    await expectError(auth, 413, 'request_too_large')
  })

  it('unknown tables and columns, through the real client', async () => {
    const sb = client(stack)
    const table = await sb.from('no_such_table').select('*')
    expect(table.status).toBe(404)
    expect(table.error).toMatchObject({
      code: 'PGRST205',
      message: "Could not find the table 'public.no_such_table' in the schema cache",
    })
    const auth = await sb.from('users').select('*')
    expect(auth.error?.code).toBe('PGRST205')

    const service = serviceClient(stack)
    const column = await service.from('subscriptions').select('id, nope')
    expect(column.status).toBe(400)
    expect(column.error).toMatchObject({ code: '42703', message: 'column subscriptions.nope does not exist' })
    const filter = await service.from('subscriptions').select('*').eq('nope', 1)
    expect(filter.error?.code).toBe('42703')
    const insert = await service.from('subscriptions').insert({ user_id: userId, status: 'active', nope: 1 })
    expect(insert.status).toBe(400)
    expect(insert.error).toMatchObject({ code: 'PGRST204', message: "Could not find the 'nope' column of 'subscriptions' in the schema cache" })
    const embed = await service.from('subscriptions').select('*, users(*)')
    expect(embed.error?.code).toBe('PGRST200')
    expect(await databaseState()).toBe(snapshot)
  })

  it('filter injection attempts stay values, or are refused as names', async () => {
    const service = serviceClient(stack)
    const value = await service.from('subscriptions').select('*').eq('status', "active' or '1'='1")
    expect(value).toMatchObject({ status: 200, data: [] })
    const like = await service.from('subscriptions').select('*').like('status', "%'; delete from subscriptions; --")
    expect(like.data).toEqual([])
    const uuid = await service.from('subscriptions').select('*').eq('user_id', "x'); drop table subscriptions; --")
    expect(uuid.status).toBe(400)
    expect(uuid.error?.code).toBe('22P02')

    const attempts: [string, number, string][] = [
      [`subscriptions?select=id&${encodeURIComponent('no such column')}=eq.x`, 400, '42703'],
      [`subscriptions?select=${encodeURIComponent('id,(select 1)')}`, 400, 'PGRST100'],
      [`subscriptions?select=${encodeURIComponent('id"; drop table subscriptions; --')}`, 400, 'PGRST100'],
      [`subscriptions?order=${encodeURIComponent('id;drop table subscriptions')}`, 400, 'PGRST100'],
      [`subscriptions?order=id.sideways`, 400, 'PGRST100'],
      [`subscriptions?status=exec.whatever`, 400, 'PGRST100'],
      [`subscriptions?or=${encodeURIComponent('(status.eq.active,id.eq.1)')}`, 400, '22P02'],
      [`${encodeURIComponent('subscriptions; drop table subscriptions')}`, 404, 'PGRST205'],
    ]
    for (const [path, status, code] of attempts) {
      await expectError(await rest(path), status, code)
    }
    // PostgREST reads what its grammar takes and ignores the rest of a parameter: these are the
    // filters `status=eq.x`, `status=in.(active)`, `status=is.null`, and no limit.
    for (const path of [
      `subscriptions?select=id&${encodeURIComponent('status;drop table subscriptions')}=eq.x`,
      `subscriptions?status=${encodeURIComponent('in.(paused);drop table subscriptions')}`,
      `subscriptions?status=is.${encodeURIComponent('null; drop table subscriptions')}`,
    ]) {
      const res = await rest(path)
      expect([res.status, await res.json()]).toEqual([200, []])
    }
    const unlimited = await rest(`subscriptions?select=status&limit=${encodeURIComponent('1; drop table subscriptions')}`)
    expect([unlimited.status, await unlimited.json()]).toEqual([200, [{ status: 'active' }]])
    const odd = await rest(`subscriptions?status=in.(${encodeURIComponent('"a,b",c\'')})`)
    expect(odd.status).toBe(200)
    expect(await odd.json()).toEqual([])
    expect(await databaseState()).toBe(snapshot)
  })

  it('a schema other than public is not exposed', async () => {
    const res = await rest('users', { headers: { 'Accept-Profile': 'auth' } })
    await expectError(res, 406, 'PGRST106')
  })

  it('forged, expired and over-privileged JWTs', async () => {
    const claims = JSON.parse(Buffer.from(userToken.split('.')[1]!, 'base64url').toString())
    const forged = await sign({ ...claims, role: 'service_role' }, 'guessed-secret')
    const res = await rest('subscriptions', { token: forged })
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/)
    await expectError(res, 401, 'PGRST301')

    const expired = await sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 }, stack.jwtSecret)
    const old = await expectError(await rest('subscriptions', { token: expired }), 401, 'PGRST303')
    expect(old.message).toBe('JWT expired')

    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')
    const payload = Buffer.from(JSON.stringify({ ...claims, role: 'service_role' })).toString('base64url')
    await expectError(await rest('subscriptions', { token: `${header}.${payload}.` }), 401, 'PGRST301')

    const superuser = await sign({ ...claims, role: 'postgres' }, stack.jwtSecret)
    await expectError(await rest('subscriptions', { token: superuser, method: 'DELETE' }), 401, 'PGRST301')

    const tampered = `${userToken.split('.')[0]}.${payload}.${userToken.split('.')[2]}`
    await expectError(await rest('subscriptions', { token: tampered, method: 'DELETE' }), 401, 'PGRST301')
  })

  it('the gateway wants a valid apikey', async () => {
    const none = await fetch(`${stack.url}/rest/v1/subscriptions`)
    expect(none.status).toBe(401)
    expect(await none.json()).toMatchObject({ message: 'No API key found in request' })
    const wrong = await fetch(`${stack.url}/rest/v1/subscriptions`, {
      headers: { apikey: await sign({ role: 'anon' }, 'other-secret') },
    })
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toMatchObject({ message: 'Invalid API key' })
  })
})

describe('auth', () => {
  const auth = (path: string, body: string) =>
    fetch(`${stack.url}/auth/v1/${path}`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'Content-Type': 'application/json;charset=UTF-8' },
      body,
    })

  it('malformed JSON and wrong shapes', async () => {
    for (const path of ['signup', 'token?grant_type=password', 'recover']) {
      const res = await auth(path, '{"email":')
      expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01')
      const body = await expectError(res, 400, 'bad_json')
      expect(body.error_code).toBe('bad_json')
    }
    await expectError(await auth('signup', '[1,2,3]'), 400, 'bad_json')
    // Past the bot check (which reads only its token): the shapes are refused.
    const botCheck = () => ({ gotrue_meta_security: { captcha_token: stack.botCheckToken() } })
    await expectError(await auth('signup', JSON.stringify({ email: ['a@b.c'], password: { x: 1 }, ...botCheck() })), 422, 'validation_failed')
    await expectError(await auth('token?grant_type=magic', '{}'), 400, 'validation_failed')
    await expectError(await auth('token?grant_type=pkce', JSON.stringify({ auth_code: 'x', code_verifier: 'y' })), 404, 'flow_state_not_found')
    await expectError(await auth('token?grant_type=refresh_token', JSON.stringify({ refresh_token: "' or 1=1 --" })), 400, 'refresh_token_not_found')
    await expectError(await auth('resend', JSON.stringify({ type: 'bogus', email: 'a@example.com', ...botCheck() })), 400, 'validation_failed')
  })

  it('a bad verify link redirects with the error, not a session', async () => {
    const res = await fetch(`${stack.url}/auth/v1/verify?token=${encodeURIComponent("' or 1=1 --")}&type=signup`, {
      redirect: 'manual',
    })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toContain('error_code=otp_expired')
    expect(await databaseState()).toBe(snapshot)
  })
})
