// The pieces of the auth service that its routes share: request bodies, rate limits, redirect
// checks, PKCE parameters, the bot check, the caller of a request and GoTrue's error shape; and
// createAuthCore, which binds them, the users and sessions (auth-sessions.ts) and the e-mails
// (auth-mail.ts) to one stack.
import { createHash } from 'node:crypto'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import type { AuthConfig, StackContext } from './context.ts'
import { BodyError, isPlainObject, readJson } from './http.ts'
import { bearer, verify } from './jwt.ts'
import { AuthError } from './auth-errors.ts'
import { isRedirectAllowed } from './auth-redirect.ts'
import { createAuthMailer, emailSender } from './auth-mail.ts'
export { tokenHashOf } from './auth-mail.ts'
import { findUser, identitiesOf, passwordRules, publicUser, sessionIssuer } from './auth-sessions.ts'
import { isEmailAddress, MAX_EMAIL_LENGTH } from './email-address.ts'

export type { Db, FlowRow, IdentityRow, UserRow } from './auth-users.ts'

export const API_VERSION = '2024-01-01'
export { isEmailAddress, MAX_EMAIL_LENGTH }
export { MAX_PASSWORD_BYTES, randomToken } from './auth-sessions.ts'

export const FLOW_LIFETIME_S = 600
/** GoTrue's limiters refill per five minutes. */
export const RATE_WINDOW_MS = 5 * 60 * 1000
/** Deepest JSON nesting a request body may have (PostgreSQL's jsonb refuses deep documents). */
export const MAX_JSON_DEPTH = 64

export { AuthError }

export const str = (value: unknown): string => (typeof value === 'string' ? value : '')
export const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/** A parsed request body as GoTrue's JSON decoder leaves it: lone surrogates become U+FFFD. A NUL
 * character (PostgreSQL text cannot hold one) or nesting deeper than MAX_JSON_DEPTH is refused
 * with a 400 instead of failing in the database. Iterative, so no input can exhaust the stack. */
export function cleanJson(root: unknown): unknown {
  const fix = (text: string) => {
    if (text.includes('\u0000')) throw new AuthError(400, 'validation_failed', 'Request contains a NUL character (\\u0000)')
    return text.replace(LONE_SURROGATE, '\uFFFD')
  }
  if (typeof root === 'string') return fix(root)
  if (typeof root !== 'object' || root === null) return root
  const out: unknown = Array.isArray(root) ? [] : {}
  const stack: Array<{ from: unknown; to: Record<string, unknown> | unknown[]; depth: number }> = [
    { from: root, to: out as Record<string, unknown>, depth: 1 },
  ]
  while (stack.length > 0) {
    const { from, to, depth } = stack.pop()!
    if (depth > MAX_JSON_DEPTH) throw new AuthError(400, 'validation_failed', 'Request body is nested too deeply')
    for (const [key, value] of Object.entries(from as object)) {
      let copy: unknown = value
      if (typeof value === 'string') copy = fix(value)
      else if (typeof value === 'object' && value !== null) {
        copy = Array.isArray(value) ? [] : {}
        stack.push({ from: value, to: copy as Record<string, unknown>, depth: depth + 1 })
      }
      ;(to as Record<string, unknown>)[fix(key)] = copy
    }
  }
  return out
}

export type RateBucket = 'signups' | 'recover' | 'resend' | 'user' | 'token' | 'verify' | 'factor'

/** GoTrue's limiters (tollbooth): token buckets per client IP, full at `rateLimitBurst` requests,
 * refilled at the configured number per five minutes. One set of buckets per stack. */
export function rateLimiter(config: AuthConfig) {
  const buckets = new Map<string, { tokens: number; at: number }>()
  return function rateLimit(c: Context, bucket: RateBucket, perFiveMinutes: number) {
    const ip = getConnInfo(c).remote.address ?? 'unknown'
    const key = `${bucket}:${ip}`
    const now = Date.now()
    const burst = Math.max(1, config.rateLimitBurst)
    const entry = buckets.get(key) ?? { tokens: burst, at: now }
    entry.tokens = Math.min(burst, entry.tokens + (Math.max(0, now - entry.at) * perFiveMinutes) / RATE_WINDOW_MS)
    entry.at = now
    buckets.set(key, entry)
    if (entry.tokens < 1) throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached')
    entry.tokens -= 1
    if (buckets.size > 10_000) {
      for (const [k, v] of buckets) if (now - v.at > 60 * 60 * 1000) buckets.delete(k)
    }
  }
}

/** The request's JSON object, cleaned as GoTrue's decoder leaves it (cleanJson). */
export async function readBody(c: Context): Promise<Record<string, unknown>> {
  let parsed: unknown
  try {
    parsed = await readJson(c)
  } catch (error) {
    if (error instanceof BodyError && error.kind === 'too_large') {
      throw new AuthError(413, 'request_too_large', error.message)
    }
    throw new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${(error as Error).message}`)
  }
  if (!isPlainObject(parsed)) throw new AuthError(400, 'bad_json', 'Request body must be a JSON object')
  return cleanJson(parsed) as Record<string, unknown>
}

/** Where links and the Google page may send the browser (isRedirectAllowed), else the site. */
export function redirectTarget(ctx: StackContext, raw: string | undefined | null): string {
  return raw && isRedirectAllowed(raw, ctx.siteUrl, ctx.auth.redirectAllowList) ? raw : ctx.siteUrl
}

/** GoTrue's validateEmail: required, then the length, then the format. */
export function validEmail(raw: unknown, required = 'An email address is required'): string {
  const email = str(raw).trim().toLowerCase()
  if (!email) throw new AuthError(400, 'validation_failed', required)
  if (email.length > MAX_EMAIL_LENGTH) throw new AuthError(400, 'validation_failed', 'An email address is too long')
  if (!isEmailAddress(email)) throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format')
  return email
}

export function pkceParams(b: Record<string, unknown>): { challenge: string; method: string } | undefined {
  const challenge = str(b.code_challenge)
  if (!challenge) return undefined
  const method = str(b.code_challenge_method).toLowerCase() || 's256'
  if (method !== 's256' && method !== 'plain') {
    throw new AuthError(400, 'validation_failed', 'Unsupported code challenge method')
  }
  return { challenge, method }
}

/** GoTrue's verifyCaptcha, with the body its route has read: with the bot check on, the request
 * needs `gotrue_meta_security.captcha_token` that siteverify accepts (the service role needs none). */
export async function requireBotCheck(ctx: StackContext, c: Context, b: Record<string, unknown>) {
  if (!ctx.auth.botCheck) return
  const token = bearer(c.req.header('authorization'))
  const verified = token ? await verify(token, ctx.keys.jwtSecret) : null
  if (verified?.ok && verified.claims.role === 'service_role') return
  const security = isPlainObject(b.gotrue_meta_security) ? b.gotrue_meta_security : {}
  const response = str(security.captcha_token).trim()
  if (!response) throw new AuthError(400, 'captcha_failed', 'captcha protection: request disallowed (no captcha_token found)')
  const remoteip = getConnInfo(c).remote.address ?? ''
  const answer = ctx.botCheck.verify({ secret: ctx.botCheck.secret, response, remoteip })
  if (!answer.success) {
    throw new AuthError(400, 'captcha_failed', `captcha protection: request disallowed (${answer['error-codes'].join(', ')})`)
  }
}

/** The signed-in caller from the bearer token, with its live session. */
export async function callerOf(ctx: StackContext, c: Context) {
  const token = bearer(c.req.header('authorization'))
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token')
  const result = await verify(token, ctx.keys.jwtSecret)
  if (!result.ok) {
    const why = result.expired ? 'token has invalid claims: token is expired' : 'token is malformed'
    throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${why}`)
  }
  const { sub, session_id: sessionId } = result.claims
  if (!sub) throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim')
  const user = await findUser(ctx.db, 'id', sub)
  if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
  if (sessionId) {
    const { rows } = await ctx.db.query('select 1 from auth.sessions where id = $1', [sessionId])
    if (rows.length === 0) {
      throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist')
    }
  }
  return { user, sessionId: sessionId ?? null }
}

/** The implicit-flow fragment: the session for the browser, as GoTrue sends it. */
export function sessionFragment(s: { access_token: string; expires_at: number; expires_in: number; refresh_token: string }, extra: Record<string, string> = {}): string {
  return new URLSearchParams({
    access_token: s.access_token,
    expires_at: String(s.expires_at),
    expires_in: String(s.expires_in),
    refresh_token: s.refresh_token,
    token_type: 'bearer',
    ...extra,
    sb: '',
  }).toString()
}

/** The helpers above, the users and sessions, and the e-mails, bound to one stack. */
export function createAuthCore(ctx: StackContext) {
  const mailer = createAuthMailer(ctx)
  return {
    rateLimit: rateLimiter(ctx.auth),
    body: readBody,
    redirectTarget: (raw: string | undefined | null) => redirectTarget(ctx, raw),
    findUser,
    identitiesOf,
    publicUser,
    ...passwordRules(ctx.auth),
    ...sessionIssuer(ctx),
    ...emailSender(ctx, mailer),
    mailer,
    pkceParams,
    requireBotCheck: (c: Context, b: Record<string, unknown>) => requireBotCheck(ctx, c, b),
    caller: (c: Context) => callerOf(ctx, c),
    sessionFragment,
  }
}

export type AuthCore = ReturnType<typeof createAuthCore>
export type Session = Awaited<ReturnType<AuthCore['issueSession']>>
