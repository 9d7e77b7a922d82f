// GET and PUT /auth/v1/user: the signed-in user, and changing its password, metadata or address
// (a new address takes effect once confirmed by e-mail).
import type { PGlite } from '@electric-sql/pglite'
import bcrypt from 'bcryptjs'
import { Hono } from 'hono'
import { type AuthCore, AuthError, str, validEmail } from './auth-core.ts'
import type { StackContext } from './context.ts'
import { isPlainObject } from './http.ts'

async function hasVerifiedFactor(db: PGlite, userId: string): Promise<boolean> {
  const { rows } = await db.query(`select 1 from auth.mfa_factors where user_id = $1 and status = 'verified'`, [userId])
  return rows.length > 0
}

async function sessionLevel(db: PGlite, sessionId: string | null): Promise<string> {
  if (!sessionId) return 'aal1'
  const { rows } = await db.query<{ aal: string }>('select aal from auth.sessions where id = $1', [sessionId])
  return rows[0]?.aal ?? 'aal1'
}

export function userRoutes(ctx: StackContext, core: AuthCore): Hono {
  const { db, auth: config } = ctx
  const { rateLimit, body, redirectTarget, findUser, publicUser, checkPassword, caller } = core
  const app = new Hono()

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
    if ((password || changesEmail) && (await hasVerifiedFactor(db, user.id)) && (await sessionLevel(db, sessionId)) !== 'aal2') {
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

  return app
}
