// POST /auth/v1/factors/:id/verify: a code of the authenticator app against a live challenge; the
// right one raises the session to aal2 (see auth-mfa.ts for the other steps).
import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import { Secret, TOTP } from 'otpauth'
import { type AuthCore, AuthError, randomToken, str } from './auth-core.ts'
import { callHook } from './auth-hooks.ts'
import { addAmrClaim, type FactorRow, sessionAssurance } from './auth-factors.ts'
import { CHALLENGE_LIFETIME_S, CHALLENGES_PER_FIVE_MINUTES, clientIp, ownFactor, sessionCaller, UUID } from './auth-mfa.ts'
import type { StackContext } from './context.ts'

const totpOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 })

/** GoTrue's MFA verification attempt hook (config.toml [auth.hook.mfa_verification_attempt]):
 * told of every checked code, right or wrong, before the answer; its "reject" ends every session
 * of the user (models.Logout) and refuses the code with 403 mfa_verification_rejected. */
async function verificationAttempt(ctx: StackContext, userId: string, factor: FactorRow, valid: boolean) {
  const hook = ctx.auth.mfaVerificationHook
  if (!hook) return
  const answer = await callHook(hook, 'mfa_verification_attempt', ctx.apiUrl, {
    metadata: { uuid: randomUUID(), time: new Date().toISOString(), name: 'mfa-verification' },
    user_id: userId,
    factor_id: factor.id,
    factor_type: factor.factor_type,
    valid,
  })
  if (answer.decision === 'reject') {
    await ctx.db.query('delete from auth.sessions where user_id = $1', [userId])
    const message = typeof answer.message === 'string' && answer.message !== '' ? answer.message : 'Further MFA verification attempts will be rejected.'
    throw new AuthError(403, 'mfa_verification_rejected', message)
  }
}

export function mfaVerifyRoutes(ctx: StackContext, core: AuthCore): Hono {
  const { db, auth: config } = ctx
  const app = new Hono()

  app.post('/factors/:id/verify', async (c) => {
    core.rateLimit(c, 'factor', CHALLENGES_PER_FIVE_MINUTES)
    const { user, sessionId } = await sessionCaller(ctx, core, c)
    const factor = await ownFactor(ctx, c, user.id)
    const b = await core.body(c)
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
    await verificationAttempt(ctx, user.id, factor, valid)
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
      return core.sessionResponse(tx, user.id, sessionId, refresh, 'totp')
    })
    if (factor.status !== 'verified') await core.mailer.notify('mfa_factor_enrolled', session.user, { factor_type: factor.factor_type })
    return c.json(session)
  })

  return app
}
