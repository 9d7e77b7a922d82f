// request-email-change: the account page's change of e-mail address, checked on the server. The
// auth service asks for nothing but a session to change an address; so the site asks here:
//   1. the body fits the form's schema (_shared/email-change-request.ts);
//   2. the current password is right, by a password sign-in of the caller's address that carries
//      the form's bot-check token (the auth service checks the token as for every password
//      sign-in), ended at once;
//   3. the change is noted (email_change_requests), and the auth service is asked for it with the
//      caller's own session: its Send Email hook (auth-hooks) mails both addresses only for a
//      change noted here in the last two minutes, within 3 a day per account and per new address.
// A change asked of the auth service directly, without this, is refused by the hook and mails nothing.
//
// Request: POST { email, password, captcha_token } with the user's access token as bearer.
// Answers: 200 { requested: true } both addresses have their link
//        | 400 { error, code } invalid_request (the schema), same_address, invalid_credentials,
//          captcha_failed, or the auth service's own refusal (email_exists is 422)
//        | 401 { error: 'Not signed in' } | 403 origin, 'Second factor required' | 405
//        | 429 { error, code } the auth service's or the hook's limits
//        | 502 { error } the auth service could not be reached.
//
// Environment: SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY (Supabase provides them);
// SITE_URL, SITE_ORIGINS (CORS).
import { type } from 'arktype'
import { emailChangeRequestSchema } from '../_shared/email-change-request.ts'
import type { FunctionEnv } from '../_shared/env.ts'
import { BodyProblem, readLimitedText } from '../_shared/json-body.ts'
import { noStore } from '../_shared/no-store.ts'
import { serviceRest } from '../_shared/service-rest.ts'
import { json, signedInRequest } from '../_shared/signed-in-user.ts'

const NAME = 'request-email-change'
const MAX_BODY_BYTES = 4096

type AuthAnswer = { status: number; body: Record<string, unknown> }

async function auth(env: FunctionEnv, path: string, init: { method: string; token?: string; body?: unknown }): Promise<AuthAnswer> {
  const res = await fetch(`${(env.SUPABASE_URL ?? '').replace(/\/+$/, '')}/auth/v1${path}`, {
    method: init.method,
    headers: {
      apikey: env.SUPABASE_ANON_KEY ?? '',
      'Content-Type': 'application/json',
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  })
  const text = await res.text()
  let body: Record<string, unknown> = {}
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {}
  } catch {
    body = {}
  }
  return { status: res.status, body }
}

/** The auth service's refusal, handed on with its code and message. */
const refusal = (answer: AuthAnswer, cors: Record<string, string>) =>
  json(answer.status >= 500 ? 502 : answer.status, { error: String(answer.body.msg ?? answer.body.message ?? 'Refused'), code: String(answer.body.error_code ?? answer.body.code ?? 'unknown') }, cors)

async function handler(req: Request, env: FunctionEnv): Promise<Response> {
  const start = await signedInRequest(req, env, { name: NAME, required: [] })
  if (start instanceof Response) return start
  const { user, cors } = start
  const token = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '')![1]!

  let parsed: unknown
  try {
    parsed = JSON.parse(await readLimitedText(req, MAX_BODY_BYTES))
  } catch (error) {
    return json(error instanceof BodyProblem ? 413 : 400, { error: 'Send a JSON body', code: 'invalid_request' }, cors)
  }
  const request = emailChangeRequestSchema(parsed)
  if (request instanceof type.errors) return json(400, { error: request.summary, code: 'invalid_request' }, cors)
  if (request.email === user.email.toLowerCase()) return json(400, { error: 'That is the current address', code: 'same_address' }, cors)

  try {
    const check = await auth(env, '/token?grant_type=password', {
      method: 'POST',
      body: { email: user.email, password: request.password, gotrue_meta_security: { captcha_token: request.captcha_token } },
    })
    if (check.status !== 200) return refusal(check, cors)
    await auth(env, '/logout?scope=local', { method: 'POST', token: String(check.body.access_token) })

    const noted = await serviceRest(env, 'email_change_requests', {
      method: 'POST',
      headers: { Prefer: 'return=minimal' },
      body: JSON.stringify({ user_id: user.id, new_email: request.email }),
    })
    if (!noted.ok) throw new Error(`noting the request: ${noted.status} ${await noted.text()}`)

    const change = await auth(env, '/user', { method: 'PUT', token, body: { email: request.email } })
    if (change.status !== 200) return refusal(change, cors)
    return json(200, { requested: true }, cors)
  } catch (error) {
    console.error(`[${NAME}] ${(error as Error).message}`)
    return json(502, { error: 'Could not reach the auth service' }, cors)
  }
}

export default noStore(handler)
