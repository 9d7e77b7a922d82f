// request-email-change where the real stack cannot easily be made to answer otherwise: the handler
// runs in-process against a scripted auth service and PostgREST, so each step's request (whose
// token, what body) and each refusal's code are asserted. The journeys through the real local stack
// are in account-ownership.test.ts and email-links.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import requestEmailChange from '../../supabase/functions/request-email-change/handler.ts'
import type { FunctionEnv } from '../../supabase/functions/_shared/env.ts'
import { type Call, json, on, type Route, stubFetch, undoStubs } from './scripted-backend.ts'

// Slashes after the address, as a project's URL may be written: every request still goes to /auth/v1.
const env: FunctionEnv = { SUPABASE_URL: 'http://stack.test//', SUPABASE_ANON_KEY: 'anon', SUPABASE_SERVICE_ROLE_KEY: 'service' }
const USER = { id: 'u-1', email: 'Kari@Example.com' }
const NEW = 'kari.ny@example.com'
const form = { email: ` ${NEW.toUpperCase()} `, password: 'current-pw-1', captcha_token: 'bot-ok' }

let calls: Call[]
let routes: Route[]

beforeEach(() => {
  calls = []
  routes = [
    on('GET', /^\/auth\/v1\/user$/, () => json(200, USER)),
    on('POST', /^\/auth\/v1\/token\?grant_type=password$/, () => json(200, { access_token: 'check-token' })),
    on('POST', /^\/auth\/v1\/logout\?scope=local$/, () => new Response(null, { status: 204 })),
    on('POST', /^\/rest\/v1\/email_change_requests$/, () => new Response(null, { status: 201 })),
    on('PUT', /^\/auth\/v1\/user$/, () => json(200, { id: USER.id })),
  ]
  vi.spyOn(console, 'error').mockImplementation(() => {})
  stubFetch(
    () => routes,
    (call) => void calls.push(call),
  )
})
afterEach(undoStubs)

/** A request of the account page: its session's token (after two spaces, as a header may carry it). */
const post = (body: unknown, authorization: string | null = 'Bearer  caller-token') =>
  new Request('http://functions.test/request-email-change', {
    method: 'POST',
    headers: authorization ? { Authorization: authorization } : {},
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
const answerOf = async (res: Response) => ({ status: res.status, body: await res.json() })
/** The requests after the one that reads the caller's session. */
const beyondSession = () => calls.filter((c) => !(c.method === 'GET' && c.path === '/auth/v1/user'))
/** Puts an answer before the scripted one for this method and path. */
const answer = (method: string, path: RegExp, response: () => Response) => routes.unshift(on(method, path, response))

describe('request-email-change against a scripted backend', () => {
  it('checks the password with the bot token, ends that session, notes the change, and asks for it with the caller’s session', async () => {
    expect(await answerOf(await requestEmailChange(post(form), env))).toEqual({ status: 200, body: { requested: true } })
    const [, check, logout, noted, change] = calls
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /auth/v1/user',
      'POST /auth/v1/token?grant_type=password',
      'POST /auth/v1/logout?scope=local',
      'POST /rest/v1/email_change_requests',
      'PUT /auth/v1/user',
    ])
    expect(check!.body).toEqual({ email: USER.email, password: form.password, gotrue_meta_security: { captcha_token: 'bot-ok' } })
    expect(check!.headers).toMatchObject({ apikey: 'anon', 'content-type': 'application/json' })
    expect(check!.headers.authorization).toBeUndefined()
    expect(logout!.headers.authorization).toBe('Bearer check-token')
    expect(noted!.body).toEqual({ user_id: USER.id, new_email: NEW })
    expect(noted!.headers).toMatchObject({ prefer: 'return=minimal' })
    expect(change!.body).toEqual({ email: NEW })
    expect(change!.headers).toMatchObject({ authorization: 'Bearer caller-token', apikey: 'anon' })
  })

  it('without a session: 401, and nothing is asked of anyone', async () => {
    expect(await answerOf(await requestEmailChange(post(form, null), env))).toEqual({ status: 401, body: { error: 'Not signed in' } })
    expect(calls).toEqual([])
  })

  it('a body that is not JSON, too large or not the form: refused before the password is tried', async () => {
    expect(await answerOf(await requestEmailChange(post('{"email":'), env))).toEqual({ status: 400, body: { error: 'Send a JSON body', code: 'invalid_request' } })
    expect(await answerOf(await requestEmailChange(post({ ...form, notes: 'x'.repeat(5000) }), env))).toEqual({
      status: 413,
      body: { error: 'Send a JSON body', code: 'invalid_request' },
    })
    const wrong = await answerOf(await requestEmailChange(post({ ...form, email: 'not an address' }), env))
    expect(wrong.status).toBe(400)
    expect(wrong.body.code).toBe('invalid_request')
    expect(wrong.body.error).toContain('email')
    expect(beyondSession()).toEqual([])
  })

  it('the current address, in any case: same_address, and the password is not tried', async () => {
    expect(await answerOf(await requestEmailChange(post({ ...form, email: ' KARI@example.COM ' }), env))).toEqual({
      status: 400,
      body: { error: 'That is the current address', code: 'same_address' },
    })
    expect(beyondSession()).toEqual([])
  })

  it('hands on the auth service’s refusal of the password with its code, in either of its shapes', async () => {
    answer('POST', /^\/auth\/v1\/token/, () => json(400, { error_code: 'invalid_credentials', msg: 'Invalid login credentials' }))
    expect(await answerOf(await requestEmailChange(post(form), env))).toEqual({ status: 400, body: { error: 'Invalid login credentials', code: 'invalid_credentials' } })
    routes.shift()
    answer('POST', /^\/auth\/v1\/token/, () => json(400, { code: 'captcha_failed', message: 'captcha protection: request disallowed' }))
    expect(await answerOf(await requestEmailChange(post(form), env))).toEqual({
      status: 400,
      body: { error: 'captcha protection: request disallowed', code: 'captcha_failed' },
    })
    routes.shift()
    answer('POST', /^\/auth\/v1\/token/, () => json(429, {}))
    expect(await answerOf(await requestEmailChange(post(form), env))).toEqual({ status: 429, body: { error: 'Refused', code: 'unknown' } })
    // Nothing noted, nothing changed.
    expect(calls.filter((c) => c.path.startsWith('/rest/') || c.method === 'PUT')).toEqual([])
  })

  it('an auth service that fails (500, or an answer that is not JSON): 502', async () => {
    answer('POST', /^\/auth\/v1\/token/, () => json(500, { msg: 'database down' }))
    expect(await answerOf(await requestEmailChange(post(form), env))).toEqual({ status: 502, body: { error: 'database down', code: 'unknown' } })
    routes.shift()
    answer('POST', /^\/auth\/v1\/token/, () => new Response('<html>Bad gateway</html>', { status: 502 }))
    expect(await answerOf(await requestEmailChange(post(form), env))).toEqual({ status: 502, body: { error: 'Refused', code: 'unknown' } })
  })

  it('a change that cannot be noted is not asked for: 502', async () => {
    answer('POST', /^\/rest\/v1\/email_change_requests$/, () => json(503, { message: 'down' }))
    expect(await answerOf(await requestEmailChange(post(form), env))).toEqual({ status: 502, body: { error: 'Could not reach the auth service' } })
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([])
  })

  it('the auth service’s refusal of the change itself is handed on (an address taken: 422)', async () => {
    answer('PUT', /^\/auth\/v1\/user$/, () => json(422, { error_code: 'email_exists', msg: 'A user with this email address has already been registered' }))
    expect(await answerOf(await requestEmailChange(post(form), env))).toEqual({
      status: 422,
      body: { error: 'A user with this email address has already been registered', code: 'email_exists' },
    })
  })
})
