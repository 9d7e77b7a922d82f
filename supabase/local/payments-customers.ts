// The payment stand-in's customers, as Stripe's POST /v1/customers and GET, POST /v1/customers/:id:
// a user's one customer, made on first use, and a new e-mail address for it (service role; routes
// under /local-payments, see payments.ts).
import { Hono } from 'hono'
import { type PaymentHelpers, UUID } from './payments-helpers.ts'
import { ready } from './payments-store.ts'

type CustomerRow = { id: string; user_id: string; email: string; default_payment_method: string | null }

const customerObject = (row: CustomerRow) => ({
  id: row.id,
  object: 'customer',
  email: row.email,
  invoice_settings: { default_payment_method: row.default_payment_method },
  metadata: { user_id: row.user_id },
})

async function findCustomer(h: PaymentHelpers, id: string): Promise<CustomerRow | undefined> {
  await ready(h.db)
  const { rows } = await h.db.query<CustomerRow>('select id, user_id, email, default_payment_method from local_stack.customers where id = $1', [id])
  return rows[0]
}

export function customerRoutes(h: PaymentHelpers): Hono {
  const app = new Hono()

  app.post('/customers', async (c) => {
    if (!(await h.isServiceRole(c.req.header('authorization')))) return c.json({ error: 'The service role is required' }, 401)
    const body = await h.readBody(c)
    if (!body || typeof body.user_id !== 'string' || !UUID.test(body.user_id)) return c.json({ error: 'user_id must be a user id' }, 400)
    const id = await h.customerFor(body.user_id, typeof body.email === 'string' ? body.email.slice(0, 255) : '')
    return c.json({ id, object: 'customer', metadata: { user_id: body.user_id } })
  })

  app.get('/customers/:id', async (c) => {
    if (!(await h.isServiceRole(c.req.header('authorization')))) return c.json({ error: 'The service role is required' }, 401)
    const row = await findCustomer(h, c.req.param('id'))
    return row ? c.json(customerObject(row)) : c.json({ error: `No such customer: '${c.req.param('id')}'` }, 404)
  })

  app.post('/customers/:id', async (c) => {
    if (!(await h.isServiceRole(c.req.header('authorization')))) return c.json({ error: 'The service role is required' }, 401)
    const body = await h.readBody(c)
    if (!body || (body.email !== undefined && (typeof body.email !== 'string' || body.email.length > 512))) return c.json({ error: 'email must be a string' }, 400)
    const row = await findCustomer(h, c.req.param('id'))
    if (!row) return c.json({ error: `No such customer: '${c.req.param('id')}'` }, 404)
    if (typeof body.email === 'string') {
      await h.db.query('update local_stack.customers set email = $2 where id = $1', [row.id, body.email])
      row.email = body.email
    }
    return c.json(customerObject(row))
  })

  return app
}
