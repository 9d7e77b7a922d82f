// GoTrue's admin API, for the service role only: deleting a user takes their sessions, identities
// and (by foreign key) their rows with them. The stack has no other admin endpoint.
import { Hono } from 'hono'
import { AuthError } from './auth-core.ts'
import type { StackContext } from './context.ts'
import { bearer, verify } from './jwt.ts'

export function adminRoutes(ctx: StackContext): Hono {
  const { db, keys } = ctx
  const app = new Hono()

  app.delete('/admin/users/:id', async (c) => {
    const token = bearer(c.req.header('authorization'))
    const verified = token ? await verify(token, keys.jwtSecret) : null
    if (!verified?.ok || verified.claims.role !== 'service_role') {
      throw new AuthError(403, 'not_admin', 'User not allowed')
    }
    const id = c.req.param('id')
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) {
      throw new AuthError(404, 'user_not_found', 'User not found')
    }
    const { rows } = await db.query<{ id: string }>('delete from auth.users where id = $1 returning id', [id])
    if (!rows[0]) throw new AuthError(404, 'user_not_found', 'User not found')
    return c.json({})
  })

  return app
}
