// GoTrue's API under /auth/v1, for the flows the app uses: e-mail sign-up with confirmation,
// password and PKCE grants, refresh-token rotation with reuse detection, user, logout scopes,
// verify links, recovery, resend, and Google through a local stand-in page.
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { PGlite, Transaction } from '@electric-sql/pglite'
import { getConnInfo } from '@hono/node-server/conninfo'
import bcrypt from 'bcryptjs'
import { type Context, Hono } from 'hono'
import type { StackContext } from './context.ts'
import { BodyError, isPlainObject, readJson, requireApiKey } from './http.ts'
import { bearer, sign, verify } from './jwt.ts'
import { googlePage, htmlResponse, messagePage } from './pages.ts'

type Db = PGlite | Transaction

type UserRow = {
  id: string
  email: string
  encrypted_password: string | null
  email_confirmed_at: Date | null
  confirmed_at: Date | null
  confirmation_token: string | null
  confirmation_sent_at: Date | null
  recovery_token: string | null
  recovery_sent_at: Date | null
  last_sign_in_at: Date | null
  raw_app_meta_data: Record<string, unknown>
  raw_user_meta_data: Record<string, unknown>
  created_at: Date
  updated_at: Date
}

type IdentityRow = {
  id: string
  provider_id: string
  user_id: string
  identity_data: Record<string, unknown>
  provider: string
  email: string | null
  last_sign_in_at: Date | null
  created_at: Date
  updated_at: Date
}

type FlowRow = {
  id: string
  user_id: string | null
  auth_code: string | null
  code_challenge: string | null
  code_challenge_method: string | null
  provider_type: string
  authentication_method: string
  redirect_to: string | null
  created_at: Date
}

const API_VERSION = '2024-01-01'
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const OTP_LIFETIME_S = 3600
const FLOW_LIFETIME_S = 600
const WINDOW_MS = 5 * 60 * 1000

class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
  }
}

const iso = (d: Date | null) => (d ? d.toISOString() : undefined)
const randomToken = () => randomBytes(16).toString('base64url')
const tokenHash = () => createHash('sha224').update(randomBytes(32)).digest('hex')
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')

function userJson(user: UserRow, identities: IdentityRow[]) {
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: '',
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    identities: identities.map((i) => ({
      identity_id: i.id,
      id: i.provider_id,
      user_id: i.user_id,
      identity_data: i.identity_data,
      provider: i.provider,
      last_sign_in_at: iso(i.last_sign_in_at),
      created_at: iso(i.created_at),
      updated_at: iso(i.updated_at),
      email: i.email ?? undefined,
    })),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: false,
  }
}

/** A user as supabase-js would receive it for an already registered address: no real data. */
function obfuscatedUser(email: string, data: Record<string, unknown>) {
  const now = new Date().toISOString()
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  }
}

export function authRoutes(ctx: StackContext): Hono {
  const { db, keys, auth: config } = ctx
  const app = new Hono()
  const hits = new Map<string, { count: number; resetAt: number }>()

  // ---------- helpers ----------

  function rateLimit(c: Context, bucket: string, limit: number) {
    const ip = getConnInfo(c).remote.address ?? 'unknown'
    const key = `${bucket}:${ip}`
    const now = Date.now()
    const entry = hits.get(key)
    if (!entry || entry.resetAt <= now) {
      hits.set(key, { count: 1, resetAt: now + WINDOW_MS })
      return
    }
    entry.count += 1
    if (entry.count > limit) throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached')
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
    return parsed
  }

  function str(value: unknown): string {
    return typeof value === 'string' ? value : ''
  }

  /** Where links and the Google page may send the browser: the site and any localhost port. */
  function redirectTarget(raw: string | undefined | null): string {
    if (raw) {
      try {
        const url = new URL(raw)
        const site = new URL(ctx.siteUrl)
        const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) && /^https?:$/.test(url.protocol)
        if (url.origin === site.origin || local) return url.toString()
      } catch {
        // not a URL: fall back to the site
      }
    }
    return ctx.siteUrl
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
    return userJson(user, await identitiesOf(tx, user.id))
  }

  function checkPassword(password: string) {
    if (password.length < config.minimumPasswordLength) {
      const message = `Password should be at least ${config.minimumPasswordLength} characters.`
      throw new AuthError(422, 'weak_password', message, { weak_password: { reasons: ['length'], message } })
    }
  }

  async function accessToken(user: UserRow, sessionId: string, method: string) {
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
        aal: 'aal1',
        amr: [{ method, timestamp: now }],
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
    await tx.query('insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)', [
      refresh,
      userId,
      sessionId,
    ])
    return sessionResponse(tx, userId, sessionId, refresh, method)
  }

  async function sessionResponse(tx: Db, userId: string, sessionId: string, refresh: string, method: string) {
    const user = (await findUser(tx, 'id', userId))!
    const { token, exp } = await accessToken(user, sessionId, method)
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: config.jwtExpiry,
      expires_at: exp,
      refresh_token: refresh,
      user: await publicUser(tx, user),
    }
  }

  async function sendMail(tx: Db, user: UserRow, kind: 'confirmation' | 'recovery', redirectTo: string, pkce?: { challenge: string; method: string }) {
    const column = kind === 'confirmation' ? 'confirmation' : 'recovery'
    const sentAt = kind === 'confirmation' ? user.confirmation_sent_at : user.recovery_sent_at
    if (sentAt && config.emailMaxFrequency > 0) {
      const wait = Math.ceil(config.emailMaxFrequency - (Date.now() - sentAt.getTime()) / 1000)
      if (wait > 0) {
        throw new AuthError(
          429,
          'over_email_send_rate_limit',
          `For security purposes, you can only request this after ${wait} seconds.`,
        )
      }
    }
    const token = (pkce ? 'pkce_' : '') + tokenHash()
    await tx.query(
      `update auth.users set ${column}_token = $2, ${column}_sent_at = now(), updated_at = now() where id = $1`,
      [user.id, token],
    )
    if (pkce) {
      await tx.query(
        `insert into auth.flow_state (id, user_id, code_challenge, code_challenge_method, provider_type, authentication_method, redirect_to)
         values ($1, $2, $3, $4, 'email', $5, $6)`,
        [randomUUID(), user.id, pkce.challenge, pkce.method, kind === 'confirmation' ? 'email/signup' : 'recovery', redirectTo],
      )
    }
    const type = kind === 'confirmation' ? 'signup' : 'recovery'
    const link = `${ctx.apiUrl}/auth/v1/verify?${new URLSearchParams({ token, type, redirect_to: redirectTo })}`
    const html = link.replace(/&/g, '&amp;')
    const mail =
      kind === 'confirmation'
        ? {
            subject: 'Confirm Your Signup',
            text: `Confirm your signup\n\nFollow this link to confirm your user:\n${link}\n`,
            html: `<h2>Confirm your signup</h2>\n<p>Follow this link to confirm your user:</p>\n<p><a href="${html}">Confirm your mail</a></p>`,
          }
        : {
            subject: 'Reset Your Password',
            text: `Reset Password\n\nFollow this link to reset the password for your user:\n${link}\n`,
            html: `<h2>Reset Password</h2>\n<p>Follow this link to reset the password for your user:</p>\n<p><a href="${html}">Reset Password</a></p>`,
          }
    await ctx.mailbox.send({ to: user.email, ...mail }, tx)
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

  // ---------- routes ----------

  app.onError((error, c) => {
    c.header('X-Supabase-Api-Version', API_VERSION)
    if (error instanceof AuthError) {
      return c.json(
        { code: error.code, error_code: error.code, msg: error.message, message: error.message, ...error.extra },
        error.status as 400,
      )
    }
    console.error('[local stack] auth error', error)
    return c.json({ code: 'unexpected_failure', error_code: 'unexpected_failure', message: 'Unexpected failure' }, 500)
  })

  app.use('*', async (c, next) => {
    await next()
    c.header('X-Supabase-Api-Version', API_VERSION)
  })

  // Browser navigations (and the stand-in page's form) carry no apikey; everything else does.
  const apiKey = requireApiKey(keys.jwtSecret)
  app.use('*', async (c, next) => {
    const path = c.req.path.replace(/^.*\/auth\/v1/, '')
    const navigation = c.req.method === 'GET' && ['/authorize', '/verify', '/callback'].includes(path)
    if (navigation || path === '/local-google') return next()
    return apiKey(c, next)
  })

  app.get('/health', (c) => c.json({ version: 'local', name: 'GoTrue', description: 'Local stand-in for GoTrue' }))

  app.get('/settings', (c) =>
    c.json({
      external: { email: true, phone: false, google: true },
      disable_signup: false,
      mailer_autoconfirm: config.autoconfirm,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  )

  app.post('/signup', async (c) => {
    rateLimit(c, 'sign_in_sign_ups', config.signInSignUps)
    const b = await body(c)
    const email = str(b.email).trim().toLowerCase()
    const password = str(b.password)
    const data = isPlainObject(b.data) ? b.data : {}
    if (!email) throw new AuthError(422, 'validation_failed', 'To signup, please provide your email')
    if (!EMAIL.test(email) || email.length > 255) {
      throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format')
    }
    if (!password) throw new AuthError(422, 'validation_failed', 'Signup requires a valid password')
    checkPassword(password)
    const redirectTo = redirectTarget(c.req.query('redirect_to'))
    const pkce = pkceParams(b)

    const result = await db.transaction(async (tx) => {
      const existing = await findUser(tx, 'email', email)
      if (existing?.email_confirmed_at) {
        if (config.autoconfirm) throw new AuthError(422, 'user_already_exists', 'User already registered')
        return obfuscatedUser(email, data)
      }
      if (existing) {
        // Signed up before but never confirmed: send the link again.
        await sendMail(tx, existing, 'confirmation', redirectTo, pkce)
        return publicUser(tx, (await findUser(tx, 'id', existing.id))!)
      }
      const id = randomUUID()
      const hash = await bcrypt.hash(password, 10)
      const metadata = { ...data, email, email_verified: false, phone_verified: false, sub: id }
      await tx.query(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data, email_confirmed_at)
         values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3, $4, $5, $6)`,
        [
          id,
          email,
          hash,
          JSON.stringify({ provider: 'email', providers: ['email'] }),
          JSON.stringify(metadata),
          config.autoconfirm ? new Date().toISOString() : null,
        ],
      )
      await tx.query(
        `insert into auth.identities (provider_id, user_id, identity_data, provider) values ($1::text, $1::uuid, $2, 'email')`,
        [id, JSON.stringify({ sub: id, email, email_verified: false, phone_verified: false })],
      )
      if (config.autoconfirm) return issueSession(tx, id, 'password')
      const user = (await findUser(tx, 'id', id))!
      await sendMail(tx, user, 'confirmation', redirectTo, pkce)
      return publicUser(tx, (await findUser(tx, 'id', id))!)
    })
    return c.json(result)
  })

  app.post('/token', async (c) => {
    const grant = c.req.query('grant_type')
    if (grant === 'password') return c.json(await passwordGrant(c))
    if (grant === 'refresh_token') return c.json(await refreshGrant(c))
    if (grant === 'pkce') return c.json(await pkceGrant(c))
    throw new AuthError(400, 'validation_failed', 'unsupported_grant_type')
  })

  async function passwordGrant(c: Context) {
    rateLimit(c, 'sign_in_sign_ups', config.signInSignUps)
    const b = await body(c)
    const email = str(b.email).trim().toLowerCase()
    const password = str(b.password)
    if (!email) throw new AuthError(400, 'validation_failed', 'missing email or phone')
    const user = await findUser(db, 'email', email)
    const ok = user?.encrypted_password ? await bcrypt.compare(password, user.encrypted_password) : false
    if (!user || !ok) throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials')
    if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed')
    return db.transaction((tx) => issueSession(tx, user.id, 'password'))
  }

  async function refreshGrant(c: Context) {
    rateLimit(c, 'token_refresh', config.tokenRefresh)
    const b = await body(c)
    const presented = str(b.refresh_token)
    if (!presented) throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
    const session = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{
        id: number
        token: string
        user_id: string
        session_id: string
        revoked: boolean
        updated_at: Date
      }>('select * from auth.refresh_tokens where token = $1', [presented])
      const row = rows[0]
      if (!row) throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
      if (row.revoked) {
        const { rows: active } = await tx.query<{ token: string }>(
          'select token from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1',
          [row.session_id],
        )
        const { rows: child } = await tx.query<{ token: string; revoked: boolean }>(
          'select token, revoked from auth.refresh_tokens where parent = $1',
          [row.token],
        )
        const withinInterval = Date.now() - row.updated_at.getTime() < config.refreshTokenReuseInterval * 1000
        const isParentOfActive = child[0] && !child[0].revoked && active[0]?.token === child[0].token
        if (withinInterval && isParentOfActive) {
          await tx.query('update auth.sessions set refreshed_at = now() where id = $1', [row.session_id])
          return sessionResponse(tx, row.user_id, row.session_id, child[0]!.token, 'token_refresh')
        }
        // Reuse of a rotated token outside the interval: treat the session as stolen (the
        // deletion commits; the error is raised after the transaction).
        await tx.query('delete from auth.sessions where id = $1', [row.session_id])
        return null
      }
      const next = randomToken()
      await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [row.id])
      await tx.query('insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)', [
        next,
        row.user_id,
        row.session_id,
        row.token,
      ])
      await tx.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [row.session_id])
      return sessionResponse(tx, row.user_id, row.session_id, next, 'token_refresh')
    })
    if (!session) throw new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used')
    return session
  }

  async function pkceGrant(c: Context) {
    rateLimit(c, 'sign_in_sign_ups', config.signInSignUps)
    const b = await body(c)
    const code = str(b.auth_code)
    const verifier = str(b.code_verifier)
    if (!code || !verifier) throw new AuthError(400, 'validation_failed', 'invalid request: both auth code and code verifier should be non-empty')
    return db.transaction(async (tx) => {
      const { rows } = await tx.query<FlowRow>('select * from auth.flow_state where auth_code = $1', [code])
      const flow = rows[0]
      if (!flow?.user_id) throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found')
      if (Date.now() - flow.created_at.getTime() > FLOW_LIFETIME_S * 1000) {
        await tx.query('delete from auth.flow_state where id = $1', [flow.id])
        throw new AuthError(422, 'flow_state_expired', 'invalid flow state, flow state has expired')
      }
      const expected = flow.code_challenge_method === 'plain' ? verifier : s256(verifier)
      if (expected !== flow.code_challenge) {
        throw new AuthError(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier')
      }
      await tx.query('delete from auth.flow_state where id = $1', [flow.id])
      const session = await issueSession(tx, flow.user_id, flow.provider_type === 'email' ? 'otp' : 'oauth')
      return flow.provider_type === 'google' ? { ...session, provider_token: `local-google-${randomToken()}` } : session
    })
  }

  app.get('/user', async (c) => {
    const { user } = await caller(c)
    return c.json(await publicUser(db, user))
  })

  app.put('/user', async (c) => {
    const { user } = await caller(c)
    const b = await body(c)
    if (b.email !== undefined && str(b.email).toLowerCase() !== user.email) {
      throw new AuthError(422, 'validation_failed', 'Changing the e-mail address is not supported by the local stack')
    }
    const updated = await db.transaction(async (tx) => {
      if (b.password !== undefined) {
        const password = str(b.password)
        checkPassword(password)
        if (user.encrypted_password && (await bcrypt.compare(password, user.encrypted_password))) {
          throw new AuthError(422, 'same_password', 'New password should be different from the old password.')
        }
        await tx.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [
          user.id,
          await bcrypt.hash(password, 10),
        ])
      }
      if (isPlainObject(b.data)) {
        await tx.query(
          'update auth.users set raw_user_meta_data = raw_user_meta_data || $2::jsonb, updated_at = now() where id = $1',
          [user.id, JSON.stringify(b.data)],
        )
      }
      return (await findUser(tx, 'id', user.id))!
    })
    return c.json(await publicUser(db, updated))
  })

  app.post('/logout', async (c) => {
    const scope = c.req.query('scope') ?? 'global'
    if (!['global', 'local', 'others'].includes(scope)) {
      throw new AuthError(400, 'validation_failed', `Unsupported logout scope "${scope}"`)
    }
    const { user, sessionId } = await caller(c)
    if (scope === 'global' || !sessionId) {
      await db.query('delete from auth.sessions where user_id = $1', [user.id])
    } else if (scope === 'local') {
      await db.query('delete from auth.sessions where id = $1', [sessionId])
    } else {
      await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, sessionId])
    }
    return c.body(null, 204)
  })

  // ---------- e-mail links ----------

  /** Confirms or recovers with a link token; returns the user and the flow to finish. */
  async function consumeToken(tx: Db, token: string, type: string) {
    const column = type === 'signup' || type === 'invite' ? 'confirmation' : type === 'recovery' || type === 'magiclink' ? 'recovery' : null
    if (!column || !token) return null
    const { rows } = await tx.query<UserRow>(`select * from auth.users where ${column}_token = $1`, [token])
    const user = rows[0]
    const sentAt = column === 'confirmation' ? user?.confirmation_sent_at : user?.recovery_sent_at
    if (!user || !sentAt || Date.now() - sentAt.getTime() > OTP_LIFETIME_S * 1000) return null
    await tx.query(
      `update auth.users set ${column}_token = null, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1`,
      [user.id],
    )
    await tx.query(
      `update auth.identities set identity_data = identity_data || '{"email_verified": true}', updated_at = now()
       where user_id = $1 and provider = 'email'`,
      [user.id],
    )
    await tx.query(
      `update auth.users set raw_user_meta_data = raw_user_meta_data || '{"email_verified": true}'
       where id = $1 and raw_user_meta_data ? 'email_verified'`,
      [user.id],
    )
    return user
  }

  app.get('/verify', async (c) => {
    const type = c.req.query('type') ?? ''
    const token = c.req.query('token') ?? ''
    const target = new URL(redirectTarget(c.req.query('redirect_to')))
    const outcome = await db.transaction(async (tx) => {
      const user = await consumeToken(tx, token, type)
      if (!user) return null
      if (token.startsWith('pkce_')) {
        const code = randomUUID()
        const { rows } = await tx.query<{ id: string }>(
          `update auth.flow_state set auth_code = $2, created_at = now(), updated_at = now()
           where id = (select id from auth.flow_state where user_id = $1 and provider_type = 'email' order by created_at desc limit 1)
           returning id`,
          [user.id, code],
        )
        return rows[0] ? { code } : null
      }
      return { session: await issueSession(tx, user.id, 'otp') }
    })
    if (!outcome) {
      target.hash = new URLSearchParams({
        error: 'access_denied',
        error_code: 'otp_expired',
        error_description: 'Email link is invalid or has expired',
        sb: '',
      }).toString()
    } else if ('code' in outcome) {
      target.searchParams.set('code', String(outcome.code))
    } else {
      const s = outcome.session
      target.hash = new URLSearchParams({
        access_token: s.access_token,
        expires_at: String(s.expires_at),
        expires_in: String(s.expires_in),
        refresh_token: s.refresh_token,
        token_type: 'bearer',
        type,
        sb: '',
      }).toString()
    }
    return c.redirect(target.toString(), 303)
  })

  app.post('/verify', async (c) => {
    rateLimit(c, 'sign_in_sign_ups', config.signInSignUps)
    const b = await body(c)
    const session = await db.transaction(async (tx) => {
      const user = await consumeToken(tx, str(b.token_hash), str(b.type))
      if (!user) throw new AuthError(403, 'otp_expired', 'Email link is invalid or has expired')
      return issueSession(tx, user.id, 'otp')
    })
    return c.json(session)
  })

  app.post('/recover', async (c) => {
    const b = await body(c)
    const email = str(b.email).trim().toLowerCase()
    if (!EMAIL.test(email)) throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format')
    const redirectTo = redirectTarget(c.req.query('redirect_to'))
    await db.transaction(async (tx) => {
      const user = await findUser(tx, 'email', email)
      if (user) await sendMail(tx, user, 'recovery', redirectTo, pkceParams(b))
    })
    return c.json({})
  })

  app.post('/resend', async (c) => {
    const b = await body(c)
    const type = str(b.type)
    if (!['signup', 'email_change', 'sms', 'phone_change'].includes(type)) {
      throw new AuthError(400, 'validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change')
    }
    const email = str(b.email).trim().toLowerCase()
    if (!EMAIL.test(email)) throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format')
    const redirectTo = redirectTarget(c.req.query('redirect_to'))
    await db.transaction(async (tx) => {
      const user = await findUser(tx, 'email', email)
      if (type === 'signup' && user && !user.email_confirmed_at) {
        await sendMail(tx, user, 'confirmation', redirectTo, pkceParams(b))
      }
    })
    return c.json({})
  })

  // ---------- Google, through the local stand-in page ----------

  app.get('/authorize', async (c) => {
    const provider = c.req.query('provider') ?? ''
    const redirectTo = redirectTarget(c.req.query('redirect_to'))
    if (provider !== 'google') {
      throw new AuthError(400, 'validation_failed', `Unsupported provider: provider ${provider} is not enabled`)
    }
    const challenge = c.req.query('code_challenge') ?? null
    const method = challenge ? (c.req.query('code_challenge_method') ?? 's256').toLowerCase() : null
    const state = randomUUID()
    await db.query(
      `insert into auth.flow_state (id, code_challenge, code_challenge_method, provider_type, authentication_method, redirect_to)
       values ($1, $2, $3, 'google', 'oauth', $4)`,
      [state, challenge, method, redirectTo],
    )
    return c.redirect(`${ctx.apiUrl}/auth/v1/local-google?state=${state}`, 302)
  })

  async function pendingFlow(state: string): Promise<FlowRow | undefined> {
    if (!/^[0-9a-f-]{36}$/.test(state)) return undefined
    const { rows } = await db.query<FlowRow>(
      `select * from auth.flow_state where id = $1 and provider_type = 'google' and auth_code is null
       and created_at > now() - make_interval(secs => $2)`,
      [state, FLOW_LIFETIME_S],
    )
    return rows[0]
  }

  const googleAction = () => `${ctx.apiUrl}/auth/v1/local-google`
  const expiredPage = () =>
    htmlResponse(messagePage('Sign-in expired', 'This sign-in attempt has expired. Go back to the site and start again.'), 400)

  app.get('/local-google', async (c) => {
    const state = c.req.query('state') ?? ''
    if (!(await pendingFlow(state))) return expiredPage()
    return htmlResponse(googlePage({ action: googleAction(), state }))
  })

  app.post('/local-google', async (c) => {
    const form = await c.req.parseBody()
    const state = typeof form.state === 'string' ? form.state : ''
    const email = typeof form.email === 'string' ? form.email.trim().toLowerCase() : ''
    const flow = await pendingFlow(state)
    if (!flow) return expiredPage()
    const target = new URL(flow.redirect_to ?? ctx.siteUrl)
    const pkce = flow.code_challenge !== null

    if (form.decision === 'cancel') {
      await db.query('delete from auth.flow_state where id = $1', [flow.id])
      const error = { error: 'access_denied', error_code: 'access_denied', error_description: 'The user cancelled the sign-in' }
      if (pkce) for (const [k, v] of Object.entries(error)) target.searchParams.set(k, v)
      target.hash = new URLSearchParams({ ...error, sb: '' }).toString()
      return c.redirect(target.toString(), 303)
    }
    if (!EMAIL.test(email) || email.length > 255) {
      return htmlResponse(googlePage({ action: googleAction(), state, email, error: 'Enter an e-mail address, like name@example.com.' }), 400)
    }

    const outcome = await db.transaction(async (tx) => {
      const userId = await googleUser(tx, email)
      if (pkce) {
        const code = randomUUID()
        await tx.query('update auth.flow_state set auth_code = $2, user_id = $3, updated_at = now() where id = $1', [
          flow.id,
          code,
          userId,
        ])
        return { code }
      }
      await tx.query('delete from auth.flow_state where id = $1', [flow.id])
      return { session: await issueSession(tx, userId, 'oauth') }
    })
    if ('code' in outcome) {
      target.searchParams.set('code', String(outcome.code))
    } else {
      const s = outcome.session
      target.hash = new URLSearchParams({
        access_token: s.access_token,
        expires_at: String(s.expires_at),
        expires_in: String(s.expires_in),
        provider_token: `local-google-${randomToken()}`,
        refresh_token: s.refresh_token,
        token_type: 'bearer',
        sb: '',
      }).toString()
    }
    return c.redirect(target.toString(), 303)
  })

  /** Finds or creates the user for a Google sign-in, linking the identity to an e-mail account. */
  async function googleUser(tx: Db, email: string): Promise<string> {
    const googleId = createHash('sha256').update(`google:${email}`).digest('hex').slice(0, 21)
    const fullName = email.split('@')[0] ?? email
    const identity = {
      iss: 'https://accounts.google.com',
      sub: googleId,
      provider_id: googleId,
      email,
      email_verified: true,
      phone_verified: false,
      name: fullName,
      full_name: fullName,
    }
    let user = await findUser(tx, 'email', email)
    if (!user) {
      const id = randomUUID()
      await tx.query(
        `insert into auth.users (instance_id, id, aud, role, email, raw_app_meta_data, raw_user_meta_data, email_confirmed_at)
         values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3, $4, now())`,
        [id, email, JSON.stringify({ provider: 'google', providers: ['google'] }), JSON.stringify(identity)],
      )
      user = (await findUser(tx, 'id', id))!
    } else {
      await tx.query(
        `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()),
           raw_app_meta_data = jsonb_set(raw_app_meta_data, '{providers}',
             (select to_jsonb(array(select distinct p from jsonb_array_elements_text(
               coalesce(raw_app_meta_data->'providers', '[]') || '["google"]') as p order by p)))),
           raw_user_meta_data = $2::jsonb || raw_user_meta_data, updated_at = now()
         where id = $1`,
        [user.id, JSON.stringify(identity)],
      )
    }
    await tx.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at)
       values ($1, $2, $3, 'google', now())
       on conflict (provider_id, provider) do update set last_sign_in_at = now(), updated_at = now()`,
      [googleId, user.id, JSON.stringify(identity)],
    )
    return user.id
  }

  return app
}
