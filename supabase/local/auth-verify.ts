// The e-mailed links and codes of the auth service: GET /verify (a link opened in the browser) and
// POST /verify (verifyOtp), for sign-up, recovery, magic links and e-mail changes.
import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import { type AuthCore, AuthError, type Db, isEmailAddress, str, tokenHashOf, type UserRow } from './auth-core.ts'
import type { AuthConfig, StackContext } from './context.ts'

/** GoTrue's verification types of e-mailed links and codes, and the token column each checks. */
const LINK_TYPES = ['signup', 'invite', 'recovery', 'magiclink', 'email_change', 'email'] as const
type LinkType = (typeof LINK_TYPES)[number]
const isLinkType = (type: string): type is LinkType => (LINK_TYPES as readonly string[]).includes(type)
const SINGLE_CONFIRMATION = 'Confirmation link accepted. Please proceed to confirm link sent to the other email'

type Found = NonNullable<Awaited<ReturnType<typeof findByToken>>>
type ChangedFrom = { userId: string; email: string } | null

/** The user a token belongs to, and the type it verifies as (`email` resolves to signup or
 * magiclink), or null when no current, unexpired token matches. `hash` is the link's token hash,
 * or the hash of an address and the code typed in (with `email`); as GoTrue's isOtpValid, a
 * typed code also matches a token stored with the PKCE prefix. */
async function findByToken(config: AuthConfig, tx: Db, type: LinkType, hash: string, email?: string) {
  const matches = (stored: string | null) => Boolean(stored) && (stored === hash || (email !== undefined && stored === `pkce_${hash}`))
  const fresh = (sentAt: Date | null) => sentAt !== null && Date.now() - sentAt.getTime() <= config.otpExpiry * 1000
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
async function applyToken(config: AuthConfig, tx: Db, found: Found): Promise<'done' | 'single' | { changedFrom: string }> {
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
    return { changedFrom: user.email }
  }
  const column = found.type === 'signup' || found.type === 'invite' ? 'confirmation' : 'recovery'
  await tx.query(`update auth.users set ${column}_token = null where id = $1`, [user.id])
  // A recovery confirms an address not yet confirmed (GoTrue's recoverVerify); a sign-up link always does.
  await confirm()
  return 'done'
}

/** GoTrue's emailChangeVerify ends by telling the old address (email_changed_notification). */
async function noticeOfChange(ctx: StackContext, core: AuthCore, changed: ChangedFrom) {
  if (!changed) return
  const user = await core.findUser(ctx.db, 'id', changed.userId)
  if (user) await core.mailer.notify('email_changed', await core.publicUser(ctx.db, user), { old_email: changed.email })
}

/** GET /verify: a link opened in the browser, answered with a redirect that carries the session
 * (implicit flow), a code (PKCE) or the error, as GoTrue's. */
function verifyLinkRoutes(ctx: StackContext, core: AuthCore): Hono {
  const { db, auth: config } = ctx
  const { rateLimit, redirectTarget, issueSession, sessionFragment } = core
  const app = new Hono()

  app.get('/verify', async (c) => {
    rateLimit(c, 'verify', config.tokenVerifications)
    const type = c.req.query('type') ?? ''
    const token = c.req.query('token') ?? ''
    if (!type) throw new AuthError(400, 'validation_failed', 'Verify requires a verification type')
    if (!token) throw new AuthError(400, 'validation_failed', 'Verify requires a token or a token hash')
    const target = new URL(redirectTarget(c.req.query('redirect_to')))
    const pkce = token.startsWith('pkce_')
    let changedFrom: ChangedFrom = null
    const outcome = await db.transaction(async (tx) => {
      const found = isLinkType(type) && type !== 'email' ? await findByToken(config, tx, type, token) : null
      if (!found) return null
      const applied = await applyToken(config, tx, found)
      if (applied === 'single') return { kind: 'single' as const }
      if (typeof applied === 'object') changedFrom = { userId: found.user.id, email: applied.changedFrom }
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
    await noticeOfChange(ctx, core, changedFrom)
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

  return app
}

/** POST /verify (verifyOtp): `{ token_hash, type }` (what the site's confirmation page sends), or
 * `{ email, token, type }` (a code typed in). */
function verifyOtpRoutes(ctx: StackContext, core: AuthCore): Hono {
  const { db, auth: config } = ctx
  const { rateLimit, body, issueSession } = core
  const app = new Hono()

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
    let changedFrom: ChangedFrom = null
    const outcome = await db.transaction(async (tx) => {
      const found = await findByToken(config, tx, type, email ? tokenHashOf(email, code) : tokenHash, email)
      if (!found) {
        throw new AuthError(403, 'otp_expired', email ? 'Token has expired or is invalid' : 'Email link is invalid or has expired')
      }
      const applied = await applyToken(config, tx, found)
      if (applied === 'single') return null
      if (typeof applied === 'object') changedFrom = { userId: found.user.id, email: applied.changedFrom }
      return issueSession(tx, found.user.id, 'otp')
    })
    await noticeOfChange(ctx, core, changedFrom)
    if (!outcome) return c.json({ msg: SINGLE_CONFIRMATION, code: '200' })
    return c.json(outcome)
  })

  return app
}

export function verifyRoutes(ctx: StackContext, core: AuthCore): Hono {
  return new Hono().route('/', verifyLinkRoutes(ctx, core)).route('/', verifyOtpRoutes(ctx, core))
}
