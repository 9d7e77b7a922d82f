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
  type Db,
  FLOW_LIFETIME_S,
  isEmailAddress,
  MAX_EMAIL_LENGTH,
  type FlowRow,
  OTP_LIFETIME_S,
  randomToken,
  obfuscatedUser,
  s256,
  str,
  tokenHashOf,
  type UserRow,
} from './auth-core.ts'
import type { StackContext } from './context.ts'
import { isPlainObject, requireApiKey } from './http.ts'
import { bearer, verify } from './jwt.ts'
import { googleRoutes } from './google.ts'

export function authRoutes(ctx: StackContext): Hono {
  const { db, keys, auth: config } = ctx
  const app = new Hono()
  const core = createAuthCore(ctx)
  const { rateLimit, body, redirectTarget, findUser, publicUser, checkPassword, passwordMatches, issueSession, sessionResponse, sendMail, pkceParams, caller, sessionFragment } = core

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
      if (config.autoconfirm) return issueSession(tx, id, 'password')
      const user = (await findUser(tx, 'id', id))!
      await sendMail(tx, user, 'confirmation', redirectTo, pkce)
      return publicUser(tx, (await findUser(tx, 'id', id))!)
    })
    return c.json(result)
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
    const redirectTo = redirectTarget(c.req.query('redirect_to'))
    if (newEmail && newEmail !== user.email) {
      const { rows } = await db.query('select 1 from auth.users where lower(email) = $1 and id <> $2', [newEmail, user.id])
      if (rows.length > 0) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered')
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
      // A new address takes effect only once confirmed by e-mail (on both addresses, as configured).
      if (newEmail && newEmail !== user.email) await core.sendEmailChange(tx, (await findUser(tx, 'id', user.id))!, newEmail, redirectTo)
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

  /** GoTrue's verification types of e-mailed links and codes, and the token column each checks. */
  const LINK_TYPES = ['signup', 'invite', 'recovery', 'magiclink', 'email_change', 'email'] as const
  type LinkType = (typeof LINK_TYPES)[number]
  const isLinkType = (type: string): type is LinkType => (LINK_TYPES as readonly string[]).includes(type)
  const SINGLE_CONFIRMATION = 'Confirmation link accepted. Please proceed to confirm link sent to the other email'

  /** The user a token belongs to, and the type it verifies as (`email` resolves to signup or
   * magiclink), or null when no current, unexpired token matches. `hash` is the link's token hash,
   * or the hash of an address and the code typed in (with `email`); as GoTrue's isOtpValid, a
   * typed code also matches a token stored with the PKCE prefix. */
  async function findByToken(tx: Db, type: LinkType, hash: string, email?: string) {
    const matches = (stored: string | null) => Boolean(stored) && (stored === hash || (email !== undefined && stored === `pkce_${hash}`))
    const fresh = (sentAt: Date | null) => sentAt !== null && Date.now() - sentAt.getTime() <= OTP_LIFETIME_S * 1000
    const candidates =
      email !== undefined
        ? (await tx.query<UserRow>('select * from auth.users where (lower(email) = $1 or lower(email_change) = $1) and deleted_at is null', [email])).rows
        : (
            await tx.query<UserRow>(
              `select * from auth.users where deleted_at is null and $1 in (confirmation_token, recovery_token, email_change_token_new, email_change_token_current)`,
              [hash],
            )
          ).rows
    for (const user of candidates) {
      const own = email === undefined || user.email === email
      const confirmation = own && matches(user.confirmation_token) && fresh(user.confirmation_sent_at)
      const recovery = own && matches(user.recovery_token) && fresh(user.recovery_sent_at)
      if ((type === 'signup' || type === 'invite' || type === 'email') && confirmation) return { user, type: type === 'email' ? 'signup' : type }
      if ((type === 'recovery' || type === 'magiclink' || type === 'email') && recovery) return { user, type: type === 'email' ? 'magiclink' : type }
      if (type === 'email_change' && fresh(user.email_change_sent_at)) {
        const current = own && matches(user.email_change_token_current)
        const next = (email === undefined || user.email_change === email) && matches(user.email_change_token_new)
        if (current || next) return { user, type, side: current ? ('current' as const) : ('new' as const) }
      }
    }
    return null
  }

  /** What a verified token does, as GoTrue's signupVerify, recoverVerify and emailChangeVerify:
   * 'single' when an e-mail change still waits for the other address's link. */
  async function applyToken(tx: Db, found: NonNullable<Awaited<ReturnType<typeof findByToken>>>): Promise<'done' | 'single'> {
    const { user } = found
    const confirm = async () => {
      await tx.query('update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1', [user.id])
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
    }
    if (found.type === 'email_change') {
      if (config.confirmEmailChangeOnBoth && !config.autoconfirm && user.email_change_confirm_status === 0 && user.email) {
        const column = 'side' in found && found.side === 'current' ? 'email_change_token_current' : 'email_change_token_new'
        await tx.query(`update auth.users set ${column} = null, email_change_confirm_status = 1 where id = $1`, [user.id])
        return 'single'
      }
      const email = user.email_change!
      await tx.query(
        `update auth.users set email = $2, email_change = null, email_change_token_new = null, email_change_token_current = null,
           email_change_confirm_status = 0, confirmation_token = null, recovery_token = null, updated_at = now() where id = $1`,
        [user.id, email],
      )
      await tx.query(
        `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true), updated_at = now()
         where user_id = $1 and provider = 'email'`,
        [user.id, email],
      )
      if (!user.email_confirmed_at) await confirm()
      return 'done'
    }
    const column = found.type === 'signup' || found.type === 'invite' ? 'confirmation' : 'recovery'
    await tx.query(`update auth.users set ${column}_token = null where id = $1`, [user.id])
    // A recovery confirms an address not yet confirmed (GoTrue's recoverVerify); a sign-up link always does.
    await confirm()
    return 'done'
  }

  app.get('/verify', async (c) => {
    rateLimit(c, 'verify', config.tokenVerifications)
    const type = c.req.query('type') ?? ''
    const token = c.req.query('token') ?? ''
    if (!type) throw new AuthError(400, 'validation_failed', 'Verify requires a verification type')
    if (!token) throw new AuthError(400, 'validation_failed', 'Verify requires a token or a token hash')
    const target = new URL(redirectTarget(c.req.query('redirect_to')))
    const pkce = token.startsWith('pkce_')
    const outcome = await db.transaction(async (tx) => {
      const found = isLinkType(type) && type !== 'email' ? await findByToken(tx, type, token) : null
      if (!found) return null
      if ((await applyToken(tx, found)) === 'single') return { kind: 'single' as const }
      if (pkce) {
        const code = randomUUID()
        const { rows } = await tx.query<{ id: string }>(
          `update auth.flow_state set auth_code = $2, created_at = now(), updated_at = now()
           where id = (select id from auth.flow_state where user_id = $1 and provider_type = 'email' order by created_at desc limit 1)
           returning id`,
          [found.user.id, code],
        )
        return rows[0] ? { kind: 'code' as const, code } : null
      }
      return { kind: 'session' as const, session: await issueSession(tx, found.user.id, 'otp') }
    })
    if (!outcome) {
      const error = { error: 'access_denied', error_code: 'otp_expired', error_description: 'Email link is invalid or has expired' }
      if (pkce) for (const [key, value] of Object.entries(error)) target.searchParams.set(key, value)
      target.hash = new URLSearchParams({ ...error, sb: '' }).toString()
    } else if (outcome.kind === 'single') {
      if (pkce) target.searchParams.set('message', SINGLE_CONFIRMATION)
      target.hash = new URLSearchParams({ message: SINGLE_CONFIRMATION, sb: '' }).toString()
    } else if (outcome.kind === 'code') {
      target.searchParams.set('code', outcome.code)
    } else {
      target.hash = sessionFragment(outcome.session, { type })
    }
    return c.redirect(target.toString(), 303)
  })

  // verifyOtp: `{ token_hash, type }` (what the site's confirmation page sends), or
  // `{ email, token, type }` (a code typed in).
  app.post('/verify', async (c) => {
    rateLimit(c, 'verify', config.tokenVerifications)
    const b = await body(c)
    const type = str(b.type)
    const tokenHash = str(b.token_hash)
    const code = str(b.token)
    if (!type) throw new AuthError(400, 'validation_failed', 'Verify requires a verification type')
    if ((!code && !tokenHash) || (code && tokenHash)) throw new AuthError(400, 'validation_failed', 'Verify requires either a token or a token hash')
    let email: string | undefined
    if (code) {
      if (!str(b.email) || str(b.phone)) throw new AuthError(400, 'validation_failed', 'Only an email address or phone number should be provided on verify')
      email = str(b.email).trim().toLowerCase()
      if (!isEmailAddress(email)) throw new AuthError(422, 'validation_failed', 'Invalid email format')
    } else if (str(b.email) || str(b.phone) || str(b.redirect_to)) {
      throw new AuthError(400, 'validation_failed', 'Only the token_hash and type should be provided')
    }
    if (!isLinkType(type)) throw new AuthError(400, 'validation_failed', code ? 'Unsupported verification type' : 'Invalid email verification type')
    const outcome = await db.transaction(async (tx) => {
      const found = await findByToken(tx, type, email ? tokenHashOf(email, code) : tokenHash, email)
      if (!found) {
        throw new AuthError(403, 'otp_expired', email ? 'Token has expired or is invalid' : 'Email link is invalid or has expired')
      }
      if ((await applyToken(tx, found)) === 'single') return null
      return issueSession(tx, found.user.id, 'otp')
    })
    if (!outcome) return c.json({ msg: SINGLE_CONFIRMATION, code: '200' })
    return c.json(outcome)
  })

  app.post('/recover', async (c) => {
    rateLimit(c, 'recover', config.signInSignUps)
    const b = await body(c)
    await core.requireBotCheck(c, b)
    if (!str(b.email)) throw new AuthError(400, 'validation_failed', 'Password recovery requires an email')
    const email = validEmail(b.email)
    const redirectTo = redirectTarget(c.req.query('redirect_to'))
    await db.transaction(async (tx) => {
      const user = await findUser(tx, 'email', email)
      if (user) await sendMail(tx, user, 'recovery', redirectTo, pkceParams(b))
    })
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
    await db.transaction(async (tx) => {
      const user = await findUser(tx, 'email', email)
      if (type === 'signup' && user && !user.email_confirmed_at) {
        await sendMail(tx, user, 'confirmation', redirectTo, pkceParams(b))
      }
    })
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

  app.route('/', googleRoutes(ctx, core))

  return app
}
