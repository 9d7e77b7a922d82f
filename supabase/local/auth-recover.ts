// POST /auth/v1/recover and /resend: a recovery e-mail, and the sign-up confirmation again. Both
// answer the same whether or not the address has an account.
import { Hono } from 'hono'
import { type AuthCore, AuthError, str, validEmail } from './auth-core.ts'
import type { StackContext } from './context.ts'

export function recoverRoutes(ctx: StackContext, core: AuthCore): Hono {
  const { db, auth: config } = ctx
  const { rateLimit, body, redirectTarget, findUser, sendMail, pkceParams } = core
  const app = new Hono()

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

  return app
}
