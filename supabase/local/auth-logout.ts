// POST /auth/v1/logout: GoTrue's scopes (global, local, others).
import { Hono } from 'hono'
import { type AuthCore, AuthError } from './auth-core.ts'
import type { StackContext } from './context.ts'

export function logoutRoutes(ctx: StackContext, core: AuthCore): Hono {
  const { db } = ctx
  const app = new Hono()

  app.post('/logout', async (c) => {
    const scope = c.req.query('scope') ?? 'global'
    if (!['global', 'local', 'others'].includes(scope)) {
      throw new AuthError(400, 'validation_failed', `Unsupported logout scope "${scope}"`)
    }
    const { user, sessionId } = await core.caller(c)
    if (scope === 'global' || !sessionId) {
      await db.query('delete from auth.sessions where user_id = $1', [user.id])
    } else if (scope === 'local') {
      await db.query('delete from auth.sessions where id = $1', [sessionId])
    } else {
      await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, sessionId])
    }
    return c.body(null, 204)
  })

  return app
}
