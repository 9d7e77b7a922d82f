// The pieces of the auth service that its routes share: user rows and their JSON, sessions and
// tokens, e-mailed links, redirect checks, rate limits and GoTrue's error shape.
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { getConnInfo } from '@hono/node-server/conninfo'
import bcrypt from 'bcryptjs'
import type { Context } from 'hono'
import type { StackContext } from './context.ts'
import { BodyError, isPlainObject, readJson } from './http.ts'
import { bearer, sign, verify } from './jwt.ts'
import { AuthError } from './auth-errors.ts'
import { addAmrClaim, factorJson, factorsOf, sessionAssurance } from './auth-factors.ts'
import { isRedirectAllowed } from './auth-redirect.ts'
import { type Db, type IdentityRow, type UserRow, userJson } from './auth-users.ts'
import { createAuthMailer, oneTimeCode } from './auth-mail.ts'

export type { Db }
export type { FlowRow, IdentityRow, UserRow } from './auth-users.ts'

export const API_VERSION = '2024-01-01'
export { isEmailAddress, MAX_EMAIL_LENGTH } from './email-address.ts'
/** GoTrue's MaxPasswordLength: bcrypt reads 72 bytes; GoTrue refuses more rather than cut. */
export const MAX_PASSWORD_BYTES = 72

export const FLOW_LIFETIME_S = 600
/** GoTrue's limiters refill per five minutes. */
export const RATE_WINDOW_MS = 5 * 60 * 1000
/** Deepest JSON nesting a request body may have (PostgreSQL's jsonb refuses deep documents). */
export const MAX_JSON_DEPTH = 64

export { AuthError }

export const str = (value: unknown): string => (typeof value === 'string' ? value : '')
export const randomToken = () => randomBytes(16).toString('base64url')
/** The hash that GoTrue's links carry and its database keeps of an e-mailed code: hex SHA-224 of the
 * address followed by the code (crypto.GenerateTokenHash). */
export const tokenHashOf = (email: string, code: string) => createHash('sha224').update(email + code).digest('hex')
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

/** Helpers bound to one stack. */
export function createAuthCore(ctx: StackContext) {
  const { db, keys, auth: config } = ctx
  // GoTrue's limiters (tollbooth) are token buckets per client IP: full at `rateLimitBurst`
  // requests, refilled at the configured number per five minutes.
  const buckets = new Map<string, { tokens: number; at: number }>()

  function rateLimit(c: Context, bucket: 'signups' | 'recover' | 'resend' | 'user' | 'token' | 'verify' | 'factor', perFiveMinutes: number) {
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

  async function body(c: Context): Promise<Record<string, unknown>> {
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
  function redirectTarget(raw: string | undefined | null): string {
    return raw && isRedirectAllowed(raw, ctx.siteUrl, ctx.auth.redirectAllowList) ? raw : ctx.siteUrl
  }

  async function findUser(tx: Db, where: 'id' | 'email', value: string): Promise<UserRow | undefined> {
    const column = where === 'id' ? 'id = $1::uuid' : 'lower(email) = lower($1)'
    const { rows } = await tx.query<UserRow>(`select * from auth.users where ${column} and deleted_at is null`, [
      value,
    ])
    return rows[0]
  }

  async function identitiesOf(tx: Db, userId: string): Promise<IdentityRow[]> {
    const { rows } = await tx.query<IdentityRow>(
      'select * from auth.identities where user_id = $1 order by created_at',
      [userId],
    )
    return rows
  }

  async function publicUser(tx: Db, user: UserRow) {
    const factors = (await factorsOf(tx, user.id)).map(factorJson)
    return { ...userJson(user, await identitiesOf(tx, user.id)), ...(factors.length > 0 ? { factors } : {}) }
  }

  /** GoTrue's checkPasswordStrength: lengths in bytes; over 72 bytes is refused, never cut. */
  function checkPassword(password: string) {
    const bytes = new TextEncoder().encode(password).byteLength
    if (bytes > MAX_PASSWORD_BYTES) {
      throw new AuthError(400, 'validation_failed', `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`)
    }
    if (bytes < config.minimumPasswordLength) {
      const message = `Password should be at least ${config.minimumPasswordLength} characters.`
      throw new AuthError(422, 'weak_password', message, { weak_password: { reasons: ['length'], message } })
    }
  }

  // A sign-in for an address nobody has spends the same bcrypt work as a wrong password, so the
  // answer's timing does not tell which addresses have accounts.
  let dummyHash: Promise<string> | undefined
  async function passwordMatches(password: string, hash: string | null | undefined): Promise<boolean> {
    if (hash) return bcrypt.compare(password, hash)
    dummyHash ??= bcrypt.hash(randomToken(), config.passwordHashCost)
    await bcrypt.compare(password, await dummyHash)
    return false
  }

  async function accessToken(user: UserRow, sessionId: string, assurance: { aal: string; amr: Array<{ method: string; timestamp: number }> }) {
    const now = Math.floor(Date.now() / 1000)
    const exp = now + config.jwtExpiry
    const token = await sign(
      {
        iss: `${ctx.apiUrl}/auth/v1`,
        sub: user.id,
        aud: 'authenticated',
        exp,
        iat: now,
        email: user.email,
        phone: '',
        app_metadata: user.raw_app_meta_data,
        user_metadata: user.raw_user_meta_data,
        role: 'authenticated',
        aal: assurance.aal,
        amr: assurance.amr,
        session_id: sessionId,
        is_anonymous: false,
      },
      keys.jwtSecret,
    )
    return { token, exp }
  }

  async function issueSession(tx: Db, userId: string, method: string) {
    const sessionId = randomUUID()
    const refresh = randomToken()
    await tx.query('update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1', [userId])
    await tx.query('insert into auth.sessions (id, user_id) values ($1, $2)', [sessionId, userId])
    await addAmrClaim(tx, sessionId, method)
    await tx.query('insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)', [
      refresh,
      userId,
      sessionId,
    ])
    return sessionResponse(tx, userId, sessionId, refresh, method)
  }

  /** The session's tokens; its aal and amr come from the methods it was authenticated with
   * (`_method` names the grant, as GoTrue's, which a refresh does not add to them). */
  async function sessionResponse(tx: Db, userId: string, sessionId: string, refresh: string, _method: string) {
    const user = (await findUser(tx, 'id', userId))!
    const { token, exp } = await accessToken(user, sessionId, await sessionAssurance(tx, sessionId))
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: config.jwtExpiry,
      expires_at: exp,
      refresh_token: refresh,
      user: await publicUser(tx, user),
    }
  }

  /** GoTrue's max_frequency: one e-mail of a kind to an address per interval. */
  function checkFrequency(sentAt: Date | null) {
    if (!sentAt || config.emailMaxFrequency <= 0) return
    const left = config.emailMaxFrequency * 1000 - (Date.now() - sentAt.getTime())
    if (left > 0) {
      throw new AuthError(
        429,
        'over_email_send_rate_limit',
        `For security purposes, you can only request this after ${Math.floor(left / 1000)} seconds.`,
      )
    }
  }

  const mailer = createAuthMailer(ctx)

  /** A confirmation or recovery e-mail with a new code, its hash (prefixed `pkce_` for a PKCE
   * request, as GoTrue's addFlowPrefixToToken) replacing any earlier one. The mail goes first (see
   * auth-mail.ts); the token is stored once it has gone, so a refused hook leaves nothing behind. */
  async function sendMail(user: UserRow, kind: 'confirmation' | 'recovery', redirectTo: string, pkce?: { challenge: string; method: string }) {
    const column = kind === 'confirmation' ? 'confirmation' : 'recovery'
    checkFrequency(kind === 'confirmation' ? user.confirmation_sent_at : user.recovery_sent_at)
    const code = oneTimeCode(config.otpLength)
    const token = (pkce ? 'pkce_' : '') + tokenHashOf(user.email, code)
    const type = kind === 'confirmation' ? 'signup' : 'recovery'
    await mailer.send(type, await publicUser(db, user), { token: code, token_hash: token, redirect_to: redirectTo })
    await db.transaction(async (tx) => {
      await tx.query(`update auth.users set ${column}_token = $2, ${column}_sent_at = now(), updated_at = now() where id = $1`, [user.id, token])
      if (pkce) {
        await tx.query(
          `insert into auth.flow_state (id, user_id, code_challenge, code_challenge_method, provider_type, authentication_method, redirect_to)
           values ($1, $2, $3, $4, 'email', $5, $6)`,
          [randomUUID(), user.id, pkce.challenge, pkce.method, kind === 'confirmation' ? 'email/signup' : 'recovery', redirectTo],
        )
      }
    })
  }

  /** GoTrue's sendEmailChange: a code for the new address and, when both must confirm, one for
   * the current address, in one call of the Send Email hook. Its fields are GoTrue's, swap
   * included (internal/api/mail.go): `token` is the current address's code and `token_hash_new`
   * its hash; `token_new` is the new address's code and `token_hash` its hash. */
  async function sendEmailChange(user: UserRow, newEmail: string, redirectTo: string) {
    checkFrequency(user.email_change_sent_at)
    const codeNew = oneTimeCode(config.otpLength)
    const tokenNew = tokenHashOf(newEmail, codeNew)
    const both = config.confirmEmailChangeOnBoth && !config.autoconfirm && Boolean(user.email)
    const codeCurrent = both ? oneTimeCode(config.otpLength) : ''
    const tokenCurrent = both ? tokenHashOf(user.email, codeCurrent) : null
    const fields = both
      ? { token: codeCurrent, token_hash: tokenNew, token_new: codeNew, token_hash_new: tokenCurrent!, redirect_to: redirectTo }
      : { token: codeNew, token_hash: tokenNew, redirect_to: redirectTo }
    await mailer.send('email_change', { ...(await publicUser(db, user)), new_email: newEmail }, fields)
    await db.query(
      `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = $4,
         email_change_confirm_status = 0, email_change_sent_at = now(), updated_at = now() where id = $1`,
      [user.id, newEmail, tokenNew, tokenCurrent],
    )
  }

  function pkceParams(b: Record<string, unknown>): { challenge: string; method: string } | undefined {
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
  async function requireBotCheck(c: Context, b: Record<string, unknown>) {
    if (!config.botCheck) return
    const token = bearer(c.req.header('authorization'))
    const verified = token ? await verify(token, keys.jwtSecret) : null
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
  async function caller(c: Context) {
    const token = bearer(c.req.header('authorization'))
    if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token')
    const result = await verify(token, keys.jwtSecret)
    if (!result.ok) {
      const why = result.expired ? 'token has invalid claims: token is expired' : 'token is malformed'
      throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${why}`)
    }
    const { sub, session_id: sessionId } = result.claims
    if (!sub) throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim')
    const user = await findUser(db, 'id', sub)
    if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
    if (sessionId) {
      const { rows } = await db.query('select 1 from auth.sessions where id = $1', [sessionId])
      if (rows.length === 0) {
        throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist')
      }
    }
    return { user, sessionId: sessionId ?? null }
  }

  /** The implicit-flow fragment: the session for the browser, as GoTrue sends it. */
  function sessionFragment(s: { access_token: string; expires_at: number; expires_in: number; refresh_token: string }, extra: Record<string, string> = {}): string {
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

  return {
    rateLimit,
    body,
    redirectTarget,
    findUser,
    identitiesOf,
    publicUser,
    checkPassword,
    passwordMatches,
    issueSession,
    sessionResponse,
    sendMail,
    sendEmailChange,
    mailer,
    pkceParams,
    requireBotCheck,
    caller,
    sessionFragment,
  }
}

export type AuthCore = ReturnType<typeof createAuthCore>
export type Session = Awaited<ReturnType<AuthCore['issueSession']>>
