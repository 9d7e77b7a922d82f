// GoTrue's API under /auth/v1, for the flows the app uses: e-mail sign-up with confirmation,
// password and PKCE grants, refresh-token rotation with reuse detection, user, logout scopes,
// verify links, recovery and resend. Google goes through the local stand-in page (google.ts).
import { randomUUID } from 'node:crypto'
import bcrypt from 'bcryptjs'
import { type Context, Hono } from 'hono'
import {
  API_VERSION,
  AuthError,
  createAuthCore,
  FLOW_LIFETIME_S,
  isEmailAddress,
  MAX_EMAIL_LENGTH,
  type FlowRow,
  randomToken,
  s256,
  str,
} from './auth-core.ts'
import { asAuthService, obfuscatedUser } from './auth-users.ts'
import type { StackContext } from './context.ts'
import { isPlainObject, requireApiKey } from './http.ts'
import { bearer, verify } from './jwt.ts'
import { mfaRoutes } from './auth-mfa.ts'
import { verifyRoutes } from './auth-verify.ts'
import { googleRoutes } from './google.ts'

export function authRoutes(stack: StackContext): Hono {
  // The stack's context (its API address is set once it listens), with the auth service's database.
  const ctx: StackContext = Object.create(stack, { db: { value: asAuthService(stack.db) } })
  const { db, keys, auth: config } = ctx
  const app = new Hono()
  const core = createAuthCore(ctx)
  const { rateLimit, body, redirectTarget, findUser, publicUser, checkPassword, passwordMatches, issueSession, sessionResponse, sendMail, pkceParams, caller } = core

  /** GoTrue's validateEmail: required, then the length, then the format. */
  function validEmail(raw: unknown, required = 'An email address is required'): string {
    const email = str(raw).trim().toLowerCase()
    if (!email) throw new AuthError(400, 'validation_failed', required)
    if (email.length > MAX_EMAIL_LENGTH) throw new AuthError(400, 'validation_failed', 'An email address is too long')
    if (!isEmailAddress(email)) throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format')
    return email
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

  // PostgreSQL text cannot hold NUL: a query parameter with one is refused before it reaches a query.
  app.use('*', async (c, next) => {
    if (c.req.url.includes('%00') && Object.values(c.req.queries()).some((values) => values.some((v) => v.includes('\u0000')))) {
      throw new AuthError(400, 'validation_failed', 'Request contains a NUL character (\\u0000)')
    }
    return next()
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
    const b = await body(c)
    await core.requireBotCheck(c, b)
    rateLimit(c, 'signups', config.signInSignUps)
    const password = str(b.password)
    const data = isPlainObject(b.data) ? b.data : {}
    if (!str(b.email).trim()) throw new AuthError(422, 'validation_failed', 'To signup, please provide your email')
    const email = validEmail(b.email)
    if (!password) throw new AuthError(422, 'validation_failed', 'Signup requires a valid password')
    checkPassword(password)
    const redirectTo = redirectTarget(c.req.query('redirect_to'))
    const pkce = pkceParams(b)

    const created = await db.transaction(async (tx) => {
      const existing = await findUser(tx, 'email', email)
      if (existing?.email_confirmed_at) {
        if (config.autoconfirm) throw new AuthError(422, 'user_already_exists', 'User already registered')
        return { obfuscated: obfuscatedUser(email, data) }
      }
      // Signed up before but never confirmed: the link goes again, and (as GoTrue's signup.go)
      // nothing of the account changes, its first password included.
      if (existing) return { user: existing, isNew: false }
      const id = randomUUID()
      const hash = await bcrypt.hash(password, config.passwordHashCost)
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
      if (config.autoconfirm) return { session: await issueSession(tx, id, 'password') }
      return { user: (await findUser(tx, 'id', id))!, isNew: true }
    })
    if ('obfuscated' in created) return c.json(created.obfuscated)
    if ('session' in created) return c.json(created.session)
    try {
      await sendMail(created.user, 'confirmation', redirectTo, pkce)
    } catch (error) {
      // GoTrue creates the user and sends its mail in one transaction: a mail that cannot go undoes both.
      if (created.isNew) await db.query('delete from auth.users where id = $1', [created.user.id])
      throw error
    }
    return c.json(await publicUser(db, (await findUser(db, 'id', created.user.id))!))
  })

  app.post('/token', async (c) => {
    const grant = c.req.query('grant_type')
    if (!['password', 'refresh_token', 'pkce'].includes(grant ?? '')) throw new AuthError(400, 'validation_failed', 'unsupported_grant_type')
    // As GoTrue: the bot check guards the password grant (refresh and PKCE go without), then one
    // limiter (token_refresh) for every grant.
    if (grant === 'password') {
      const b = await body(c)
      await core.requireBotCheck(c, b)
      rateLimit(c, 'token', config.tokenRefresh)
      return c.json(await passwordGrant(b))
    }
    rateLimit(c, 'token', config.tokenRefresh)
    if (grant === 'refresh_token') return c.json(await refreshGrant(c))
    return c.json(await pkceGrant(c))
  })

  async function passwordGrant(b: Record<string, unknown>) {
    const email = str(b.email).trim().toLowerCase()
    const password = str(b.password)
    if (!email) throw new AuthError(400, 'validation_failed', 'missing email or phone')
    const user = email.length <= MAX_EMAIL_LENGTH ? await findUser(db, 'email', email) : undefined
    const ok = await passwordMatches(password, user?.encrypted_password)
    if (!user || !ok) throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials')
    if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed')
    return db.transaction((tx) => issueSession(tx, user.id, 'password'))
  }

  async function refreshGrant(c: Context) {
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
    rateLimit(c, 'user', config.signInSignUps)
    const { user, sessionId } = await caller(c)
    const b = await body(c)
    const newEmail = b.email !== undefined && str(b.email) !== '' ? validEmail(b.email) : undefined
    const changesEmail = newEmail !== undefined && newEmail !== user.email
    const password = b.password !== undefined ? str(b.password) : undefined
    const redirectTo = redirectTarget(c.req.query('redirect_to'))
    // As GoTrue's UserUpdate (internal/api/user.go): with a verified factor, only a session that
    // used it (aal2) may change the password or the address.
    if ((password || changesEmail) && (await hasVerifiedFactor(user.id)) && (await sessionLevel(sessionId)) !== 'aal2') {
      throw new AuthError(401, 'insufficient_aal', 'AAL2 session is required to update email or password when MFA is enabled.')
    }
    if (changesEmail) {
      const { rows } = await db.query('select 1 from auth.users where lower(email) = $1 and id <> $2', [newEmail, user.id])
      if (rows.length > 0) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered')
    }
    await db.transaction(async (tx) => {
      if (password !== undefined) {
        checkPassword(password)
        if (user.encrypted_password && (await bcrypt.compare(password, user.encrypted_password))) {
          throw new AuthError(422, 'same_password', 'New password should be different from the old password.')
        }
        await tx.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [
          user.id,
          await bcrypt.hash(password, config.passwordHashCost),
        ])
        // As GoTrue's UpdatePassword: every other session of the user ends (their refresh tokens
        // stop working); the caller's stays.
        await tx.query('delete from auth.sessions where user_id = $1 and id is distinct from $2', [user.id, sessionId ?? null])
      }
      if (isPlainObject(b.data)) {
        await tx.query(
          'update auth.users set raw_user_meta_data = raw_user_meta_data || $2::jsonb, updated_at = now() where id = $1',
          [user.id, JSON.stringify(b.data)],
        )
      }
    })
    if (password !== undefined) await core.mailer.notify('password_changed', await publicUser(db, (await findUser(db, 'id', user.id))!))
    // A new address takes effect only once confirmed by e-mail (on both addresses, as configured).
    if (changesEmail) await core.sendEmailChange((await findUser(db, 'id', user.id))!, newEmail, redirectTo)
    return c.json(await publicUser(db, (await findUser(db, 'id', user.id))!))
  })

  async function hasVerifiedFactor(userId: string): Promise<boolean> {
    const { rows } = await db.query(`select 1 from auth.mfa_factors where user_id = $1 and status = 'verified'`, [userId])
    return rows.length > 0
  }

  async function sessionLevel(sessionId: string | null): Promise<string> {
    if (!sessionId) return 'aal1'
    const { rows } = await db.query<{ aal: string }>('select aal from auth.sessions where id = $1', [sessionId])
    return rows[0]?.aal ?? 'aal1'
  }

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

  app.post('/recover', async (c) => {
    rateLimit(c, 'recover', config.signInSignUps)
    const b = await body(c)
    await core.requireBotCheck(c, b)
    if (!str(b.email)) throw new AuthError(400, 'validation_failed', 'Password recovery requires an email')
    const email = validEmail(b.email)
    const redirectTo = redirectTarget(c.req.query('redirect_to'))
    const user = await findUser(db, 'email', email)
    if (user) await sendMail(user, 'recovery', redirectTo, pkceParams(b))
    return c.json({})
  })

  app.post('/resend', async (c) => {
    rateLimit(c, 'resend', config.signInSignUps)
    const b = await body(c)
    await core.requireBotCheck(c, b)
    const type = str(b.type)
    if (!['signup', 'email_change', 'sms', 'phone_change'].includes(type)) {
      throw new AuthError(400, 'validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change')
    }
    const email = validEmail(b.email)
    const redirectTo = redirectTarget(c.req.query('redirect_to'))
    const user = await findUser(db, 'email', email)
    if (type === 'signup' && user && !user.email_confirmed_at) await sendMail(user, 'confirmation', redirectTo, pkceParams(b))
    return c.json({})
  })

  // ---------- admin ----------

  // GoTrue's admin API, for the service role only: deleting a user takes their sessions,
  // identities and (by foreign key) their rows with them.
  app.delete('/admin/users/:id', async (c) => {
    const token = bearer(c.req.header('authorization'))
    const verified = token ? await verify(token, keys.jwtSecret) : null
    if (!verified?.ok || verified.claims.role !== 'service_role') {
      throw new AuthError(403, 'not_admin', 'User not allowed')
    }
    const id = c.req.param('id')
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) {
      throw new AuthError(404, 'user_not_found', 'User not found')
    }
    const { rows } = await db.query<{ id: string }>('delete from auth.users where id = $1 returning id', [id])
    if (!rows[0]) throw new AuthError(404, 'user_not_found', 'User not found')
    return c.json({})
  })

  app.route('/', verifyRoutes(ctx, core))
  app.route('/', mfaRoutes(ctx, core))
  app.route('/', googleRoutes(ctx, core))

  return app
}
