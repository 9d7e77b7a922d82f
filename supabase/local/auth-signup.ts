// POST /auth/v1/signup: an e-mail account with its password, confirmed by the e-mailed link (or
// at once, with confirmations off).
import { randomUUID } from 'node:crypto'
import bcrypt from 'bcryptjs'
import { Hono } from 'hono'
import { type AuthCore, AuthError, str, validEmail } from './auth-core.ts'
import { obfuscatedUser } from './auth-users.ts'
import type { StackContext } from './context.ts'
import { isPlainObject } from './http.ts'

export function signupRoutes(ctx: StackContext, core: AuthCore): Hono {
  const { db, auth: config } = ctx
  const { rateLimit, body, redirectTarget, findUser, publicUser, checkPassword, issueSession, sendMail, pkceParams } = core
  const app = new Hono()

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

  return app
}
