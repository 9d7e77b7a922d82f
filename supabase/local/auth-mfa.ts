// GoTrue's multi-factor API under /auth/v1/factors, for authenticator apps (TOTP), one router per
// step: enroll, challenge and unenroll here, verify (which raises the session to aal2) in
// auth-mfa-verify.ts.
import { randomUUID } from 'node:crypto'
import { getConnInfo } from '@hono/node-server/conninfo'
import { type Context, Hono } from 'hono'
import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'
import { type AuthCore, AuthError, str } from './auth-core.ts'
import { type FactorRow, factorsOf } from './auth-factors.ts'
import type { StackContext } from './context.ts'

/** GoTrue's MFA defaults: a challenge lives 300 s; an unverified factor that was never challenged
 * is removed after 300 s; challenge and verify share a limit of 15 a minute per client IP. */
export const CHALLENGE_LIFETIME_S = 300
const FACTOR_LIFETIME_S = 300
export const CHALLENGES_PER_FIVE_MINUTES = 15 * 5
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const clientIp = (c: Context) => getConnInfo(c).remote.address ?? '0.0.0.0'

/** The QR code as GoTrue draws it: an SVG whose colours are names, so that the data URL supabase-js
 * makes of it (`data:image/svg+xml;utf-8,<svg…>`) holds no `#`. */
async function qrSvg(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H', width: 207 })
  return svg.replaceAll('"#ffffff"', '"white"').replaceAll('"#000000"', '"black"').trim()
}

/** The caller with a live session, and its assurance level (GoTrue's requireAuthentication). */
export async function sessionCaller(ctx: StackContext, core: AuthCore, c: Context) {
  const { user, sessionId } = await core.caller(c)
  if (!sessionId) throw new AuthError(500, 'unexpected_failure', 'A valid session and a registered user are required to enroll a factor')
  const { rows } = await ctx.db.query<{ aal: string }>('select aal from auth.sessions where id = $1', [sessionId])
  return { user, sessionId, aal: rows[0]?.aal ?? 'aal1' }
}

/** GoTrue's loadFactor: the caller's own factor named in the path. */
export async function ownFactor(ctx: StackContext, c: Context, userId: string): Promise<FactorRow> {
  const id = c.req.param('id') ?? ''
  if (!UUID.test(id)) {
    throw new AuthError(404, 'validation_failed', 'factor_id must be an UUID')
  }
  const { rows } = await ctx.db.query<FactorRow>('select * from auth.mfa_factors where id = $1 and user_id = $2', [id, userId])
  if (!rows[0]) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found')
  return rows[0]
}

/** POST /factors: a new, unverified TOTP factor, its secret, URI and QR code. */
function enrollRoutes(ctx: StackContext, core: AuthCore): Hono {
  const { db, auth: config } = ctx
  const app = new Hono()

  app.post('/factors', async (c) => {
    const { user, aal } = await sessionCaller(ctx, core, c)
    const b = await core.body(c)
    const type = str(b.factor_type)
    if (type === 'phone') throw new AuthError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone')
    if (type === 'webauthn') throw new AuthError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn')
    if (type !== 'totp') throw new AuthError(400, 'validation_failed', 'factor_type needs to be totp, phone, or webauthn')
    if (!config.totpEnroll) throw new AuthError(422, 'mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP')
    const name = str(b.friendly_name)
    const issuer = str(b.issuer) || new URL(ctx.siteUrl).host

    // GoTrue's validateFactors: stale unverified factors go first; then names, counts and aal.
    await db.query(
      `delete from auth.mfa_factors f where status <> 'verified' and created_at + make_interval(secs => $1) < now()
       and not exists (select 1 from auth.mfa_challenges c where c.factor_id = f.id)`,
      [FACTOR_LIFETIME_S],
    )
    const factors = await factorsOf(db, user.id)
    if (factors.some((f) => (f.friendly_name ?? '') === name)) {
      throw new AuthError(422, 'mfa_factor_name_conflict', `A factor with the friendly name "${name}" for this user already exists`)
    }
    const verified = factors.filter((f) => f.status === 'verified').length
    if (factors.length >= config.maxEnrolledFactors || verified >= config.maxEnrolledFactors) {
      throw new AuthError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue')
    }
    if (verified > 0 && aal !== 'aal2') throw new AuthError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor')

    const secret = new Secret({ size: 20 })
    const totp = new TOTP({ issuer, label: user.email, secret, algorithm: 'SHA1', digits: 6, period: 30 })
    const id = randomUUID()
    await db.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at)
       values ($1, $2, $3, 'totp', 'unverified', $4, now(), now())`,
      [id, user.id, name || null, secret.base32],
    )
    const uri = totp.toString()
    return c.json({ id, type: 'totp', friendly_name: name, totp: { qr_code: await qrSvg(uri), secret: secret.base32, uri } })
  })

  return app
}

/** POST /factors/:id/challenge: a challenge of 300 s, tied to the client's address. */
function challengeRoutes(ctx: StackContext, core: AuthCore): Hono {
  const { db, auth: config } = ctx
  const app = new Hono()

  app.post('/factors/:id/challenge', async (c) => {
    core.rateLimit(c, 'factor', CHALLENGES_PER_FIVE_MINUTES)
    const { user } = await sessionCaller(ctx, core, c)
    const factor = await ownFactor(ctx, c, user.id)
    if (!config.totpVerify) throw new AuthError(422, 'mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP')
    const id = randomUUID()
    const { rows } = await db.transaction(async (tx) => {
      await tx.query('update auth.mfa_factors set last_challenged_at = now() where id = $1', [factor.id])
      return tx.query<{ created_at: Date }>(
        'insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), $3) returning created_at',
        [id, factor.id, clientIp(c)],
      )
    })
    const expiresAt = Math.floor(rows[0]!.created_at.getTime() / 1000) + CHALLENGE_LIFETIME_S
    return c.json({ id, type: factor.factor_type, expires_at: expiresAt })
  })

  return app
}

/** DELETE /factors/:id: a verified factor only from an aal2 session. */
function unenrollRoutes(ctx: StackContext, core: AuthCore): Hono {
  const { db } = ctx
  const app = new Hono()

  app.delete('/factors/:id', async (c) => {
    const { user, aal } = await sessionCaller(ctx, core, c)
    const factor = await ownFactor(ctx, c, user.id)
    if (factor.status === 'verified' && aal !== 'aal2') {
      throw new AuthError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor')
    }
    await db.transaction(async (tx) => {
      await tx.query('delete from auth.mfa_factors where id = $1', [factor.id])
      // GoTrue's DowngradeSessionsToAAL1: the sessions raised with this factor drop its claim.
      await tx.query(
        `delete from auth.mfa_amr_claims where authentication_method = 'totp'
         and session_id in (select id from auth.sessions where user_id = $1 and factor_id = $2)`,
        [user.id, factor.id],
      )
      await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null where user_id = $1 and factor_id = $2`, [user.id, factor.id])
    })
    await core.mailer.notify('mfa_factor_unenrolled', await core.publicUser(db, user), { factor_type: factor.factor_type })
    return c.json({ id: factor.id })
  })

  return app
}

export function mfaRoutes(ctx: StackContext, core: AuthCore): Hono {
  return new Hono()
    .route('/', enrollRoutes(ctx, core))
    .route('/', challengeRoutes(ctx, core))
    .route('/', unenrollRoutes(ctx, core))
}
