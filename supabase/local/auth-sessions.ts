// Users and sessions as the auth service reads and makes them: a user by id or address and the
// user object its API returns, GoTrue's password rules, and sessions with their tokens, whose aal
// and amr come from the methods the session was authenticated with (auth-factors.ts).
import { randomBytes, randomUUID } from 'node:crypto'
import bcrypt from 'bcryptjs'
import type { AuthConfig, StackContext } from './context.ts'
import { sign } from './jwt.ts'
import { AuthError } from './auth-errors.ts'
import { addAmrClaim, factorJson, factorsOf, sessionAssurance } from './auth-factors.ts'
import { type Db, type IdentityRow, type UserRow, userJson } from './auth-users.ts'

/** GoTrue's MaxPasswordLength: bcrypt reads 72 bytes; GoTrue refuses more rather than cut. */
export const MAX_PASSWORD_BYTES = 72

/** A refresh token (and other random tokens of the auth service). */
export const randomToken = () => randomBytes(16).toString('base64url')

export async function findUser(tx: Db, where: 'id' | 'email', value: string): Promise<UserRow | undefined> {
  const column = where === 'id' ? 'id = $1::uuid' : 'lower(email) = lower($1)'
  const { rows } = await tx.query<UserRow>(`select * from auth.users where ${column} and deleted_at is null`, [
    value,
  ])
  return rows[0]
}

export async function identitiesOf(tx: Db, userId: string): Promise<IdentityRow[]> {
  const { rows } = await tx.query<IdentityRow>(
    'select * from auth.identities where user_id = $1 order by created_at',
    [userId],
  )
  return rows
}

export async function publicUser(tx: Db, user: UserRow) {
  const factors = (await factorsOf(tx, user.id)).map(factorJson)
  return { ...userJson(user, await identitiesOf(tx, user.id)), ...(factors.length > 0 ? { factors } : {}) }
}

/** GoTrue's checkPasswordStrength, and a comparison that costs the same whether or not the
 * account exists. */
export function passwordRules(config: AuthConfig) {
  /** Lengths in bytes; over 72 bytes is refused, never cut. */
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

  return { checkPassword, passwordMatches }
}

/** Sessions of one stack: made at sign-in, answered with their tokens. */
export function sessionIssuer(ctx: StackContext) {
  const config = ctx.auth

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
      ctx.keys.jwtSecret,
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

  return { issueSession, sessionResponse }
}
