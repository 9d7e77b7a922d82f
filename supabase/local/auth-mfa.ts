// GoTrue's multi-factor API under /auth/v1/factors, for authenticator apps (TOTP): enroll, challenge,
// verify (which raises the session to aal2) and unenroll.
import { randomUUID } from 'node:crypto'
import { getConnInfo } from '@hono/node-server/conninfo'
import { type Context, Hono } from 'hono'
import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'
import { type AuthCore, AuthError, randomToken, str } from './auth-core.ts'
import { callHook } from './auth-hooks.ts'
import { addAmrClaim, type FactorRow, factorsOf, sessionAssurance } from './auth-factors.ts'
import type { StackContext } from './context.ts'

/** GoTrue's MFA defaults: a challenge lives 300 s; an unverified factor that was never challenged
 * is removed after 300 s; challenge and verify share a limit of 15 a minute per client IP. */
export const CHALLENGE_LIFETIME_S = 300
const FACTOR_LIFETIME_S = 300
const CHALLENGES_PER_FIVE_MINUTES = 15 * 5
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const totpOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 })

/** The QR code as GoTrue draws it: an SVG whose colours are names, so that the data URL supabase-js
 * makes of it (`data:image/svg+xml;utf-8,<svg…>`) holds no `#`. */
async function qrSvg(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H', width: 207 })
  return svg.replaceAll('"#ffffff"', '"white"').replaceAll('"#000000"', '"black"').trim()
}

export function mfaRoutes(ctx: StackContext, core: AuthCore): Hono {
  const { db, auth: config } = ctx
  const { body, caller, rateLimit, sessionResponse, mailer, publicUser } = core
  const app = new Hono()
  const clientIp = (c: Context) => getConnInfo(c).remote.address ?? '0.0.0.0'

  /** The caller with a live session, and its assurance level (GoTrue's requireAuthentication). */
  async function sessionCaller(c: Context) {
    const { user, sessionId } = await caller(c)
    if (!sessionId) throw new AuthError(500, 'unexpected_failure', 'A valid session and a registered user are required to enroll a factor')
    const { rows } = await db.query<{ aal: string }>('select aal from auth.sessions where id = $1', [sessionId])
    return { user, sessionId, aal: rows[0]?.aal ?? 'aal1' }
  }

  /** GoTrue's loadFactor: the caller's own factor named in the path. */
  async function ownFactor(c: Context, userId: string): Promise<FactorRow> {
    const id = c.req.param('id') ?? ''
    if (!UUID.test(id)) {
      throw new AuthError(404, 'validation_failed', 'factor_id must be an UUID')
    }
    const { rows } = await db.query<FactorRow>('select * from auth.mfa_factors where id = $1 and user_id = $2', [id, userId])
    if (!rows[0]) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found')
    return rows[0]
  }

  app.post('/factors', async (c) => {
    const { user, aal } = await sessionCaller(c)
    const b = await body(c)
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

  app.post('/factors/:id/challenge', async (c) => {
    rateLimit(c, 'factor', CHALLENGES_PER_FIVE_MINUTES)
    const { user } = await sessionCaller(c)
    const factor = await ownFactor(c, user.id)
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

  app.post('/factors/:id/verify', async (c) => {
    rateLimit(c, 'factor', CHALLENGES_PER_FIVE_MINUTES)
    const { user, sessionId } = await sessionCaller(c)
    const factor = await ownFactor(c, user.id)
    const b = await body(c)
    const code = str(b.code)
    if (!code) throw new AuthError(400, 'validation_failed', 'Code needs to be non-empty')
    if (!config.totpVerify) throw new AuthError(422, 'mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP')
    const challengeId = str(b.challenge_id)
    const { rows } = UUID.test(challengeId)
      ? await db.query<{ id: string; created_at: Date; verified_at: Date | null; same_ip: boolean }>(
          'select id, created_at, verified_at, ip_address = $3::inet as same_ip from auth.mfa_challenges where id = $1 and factor_id = $2',
          [challengeId, factor.id, clientIp(c)],
        )
      : { rows: [] }
    const challenge = rows[0]
    if (!challenge) throw new AuthError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found')
    if (challenge.verified_at || !challenge.same_ip) {
      throw new AuthError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.')
    }
    if (Date.now() > challenge.created_at.getTime() + CHALLENGE_LIFETIME_S * 1000) {
      await db.query('delete from auth.mfa_challenges where id = $1', [challenge.id])
      throw new AuthError(
        422,
        'mfa_challenge_expired',
        `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
      )
    }
    // RFC 6238 with one step of skew either way, as GoTrue (SHA-1, 6 digits, 30 s).
    const valid = totpOf(factor.secret ?? '').validate({ token: code, window: 1 }) !== null
    await verificationAttempt(user.id, factor, valid)
    if (!valid) throw new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered')
    const session = await db.transaction(async (tx) => {
      await tx.query('update auth.mfa_challenges set verified_at = now() where id = $1', [challenge.id])
      await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1 and status <> 'verified'`, [factor.id])
      await addAmrClaim(tx, sessionId, 'totp')
      // A new refresh token for the raised session; the one issued at aal1 is spent.
      const { rows: current } = await tx.query<{ token: string }>(
        'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked returning token',
        [sessionId],
      )
      const refresh = randomToken()
      await tx.query('insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)', [
        refresh,
        user.id,
        sessionId,
        current[0]?.token ?? null,
      ])
      const { aal } = await sessionAssurance(tx, sessionId)
      await tx.query('update auth.sessions set aal = $2, factor_id = $3, updated_at = now() where id = $1', [sessionId, aal, factor.id])
      // GoTrue's InvalidateSessionsWithAALLessThan: the user's other sessions below aal2 end.
      await tx.query(`delete from auth.sessions where user_id = $1 and aal < 'aal2'`, [user.id])
      await tx.query(`delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and factor_type = $2`, [user.id, factor.factor_type])
      return sessionResponse(tx, user.id, sessionId, refresh, 'totp')
    })
    if (factor.status !== 'verified') await mailer.notify('mfa_factor_enrolled', session.user, { factor_type: factor.factor_type })
    return c.json(session)
  })

  /** GoTrue's MFA verification attempt hook (config.toml [auth.hook.mfa_verification_attempt]):
   * told of every checked code, right or wrong, before the answer; its "reject" ends every session
   * of the user (models.Logout) and refuses the code with 403 mfa_verification_rejected. */
  async function verificationAttempt(userId: string, factor: FactorRow, valid: boolean) {
    const hook = config.mfaVerificationHook
    if (!hook) return
    const answer = await callHook(hook, 'mfa_verification_attempt', ctx.apiUrl, {
      metadata: { uuid: randomUUID(), time: new Date().toISOString(), name: 'mfa-verification' },
      user_id: userId,
      factor_id: factor.id,
      factor_type: factor.factor_type,
      valid,
    })
    if (answer.decision === 'reject') {
      await db.query('delete from auth.sessions where user_id = $1', [userId])
      const message = typeof answer.message === 'string' && answer.message !== '' ? answer.message : 'Further MFA verification attempts will be rejected.'
      throw new AuthError(403, 'mfa_verification_rejected', message)
    }
  }

  app.delete('/factors/:id', async (c) => {
    const { user, aal } = await sessionCaller(c)
    const factor = await ownFactor(c, user.id)
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
    await mailer.notify('mfa_factor_unenrolled', await publicUser(db, user), { factor_type: factor.factor_type })
    return c.json({ id: factor.id })
  })

  return app
}
