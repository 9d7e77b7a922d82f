// POST /auth/v1/token: the password grant (behind the bot check), refresh-token rotation with
// reuse detection, and the PKCE code exchange; one limiter (token_refresh) for every grant.
import type { PGlite } from '@electric-sql/pglite'
import { type Context, Hono } from 'hono'
import { type AuthCore, AuthError, FLOW_LIFETIME_S, type FlowRow, MAX_EMAIL_LENGTH, randomToken, s256, str } from './auth-core.ts'
import type { AuthConfig, StackContext } from './context.ts'

async function passwordGrant(db: PGlite, core: AuthCore, b: Record<string, unknown>) {
  const { findUser, passwordMatches, issueSession } = core
  const email = str(b.email).trim().toLowerCase()
  const password = str(b.password)
  if (!email) throw new AuthError(400, 'validation_failed', 'missing email or phone')
  const user = email.length <= MAX_EMAIL_LENGTH ? await findUser(db, 'email', email) : undefined
  const ok = await passwordMatches(password, user?.encrypted_password)
  if (!user || !ok) throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials')
  if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed')
  return db.transaction((tx) => issueSession(tx, user.id, 'password'))
}

async function refreshGrant(db: PGlite, config: AuthConfig, core: AuthCore, c: Context) {
  const b = await core.body(c)
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
        return core.sessionResponse(tx, row.user_id, row.session_id, child[0]!.token, 'token_refresh')
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
    return core.sessionResponse(tx, row.user_id, row.session_id, next, 'token_refresh')
  })
  if (!session) throw new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used')
  return session
}

async function pkceGrant(db: PGlite, core: AuthCore, c: Context) {
  const b = await core.body(c)
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
    const session = await core.issueSession(tx, flow.user_id, flow.provider_type === 'email' ? 'otp' : 'oauth')
    return flow.provider_type === 'email' ? session : { ...session, provider_token: `local-${flow.provider_type}-${randomToken()}` }
  })
}

export function tokenRoutes(ctx: StackContext, core: AuthCore): Hono {
  const { db, auth: config } = ctx
  const app = new Hono()

  app.post('/token', async (c) => {
    const grant = c.req.query('grant_type')
    if (!['password', 'refresh_token', 'pkce'].includes(grant ?? '')) throw new AuthError(400, 'validation_failed', 'unsupported_grant_type')
    // As GoTrue: the bot check guards the password grant (refresh and PKCE go without), then one
    // limiter (token_refresh) for every grant.
    if (grant === 'password') {
      const b = await core.body(c)
      await core.requireBotCheck(c, b)
      core.rateLimit(c, 'token', config.tokenRefresh)
      return c.json(await passwordGrant(db, core, b))
    }
    core.rateLimit(c, 'token', config.tokenRefresh)
    if (grant === 'refresh_token') return c.json(await refreshGrant(db, config, core, c))
    return c.json(await pkceGrant(db, core, c))
  })

  return app
}
