// The payment stand-in's part of Stripe's subscription API, its refunds, and the simulations tests
// use (service role; routes under /local-payments; see payments.ts).
import { type Context, Hono } from 'hono'
import { allDelivered, type PaymentHelpers } from './payments-helpers.ts'
import { isCard, now, PERIOD_SECONDS, ready, type SubscriptionRow } from './payments-store.ts'
import { event, invoice, type Json, offerOf, subscriptionObject } from './payments-stripe-shapes.ts'

const missing = (c: Context) => c.json({ error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such subscription' } }, 404)

export function subscriptionRoutes(h: PaymentHelpers): Hono {
  const app = new Hono()

  // ---------- Stripe's subscription API (service role) ----------

  // Every subscription of the stand-in, oldest first, in pages (Stripe's list with status=all).
  app.get('/subscriptions', async (c) => {
    if (!(await h.isServiceRole(c.req.header('authorization')))) return c.json({ error: 'The service role is required' }, 401)
    await ready(h.db)
    const limit = Math.min(Math.max(Number(c.req.query('limit') ?? 10) || 10, 1), 100)
    const { rows } = await h.db.query<SubscriptionRow>(
      `select * from local_stack.subscriptions where $1::text is null or id > $1 order by id limit $2`,
      [c.req.query('starting_after') ?? null, limit + 1],
    )
    return c.json({ object: 'list', data: rows.slice(0, limit).map((row) => subscriptionObject(row)), has_more: rows.length > limit, url: '/v1/subscriptions' })
  })

  // Stripe's subscriptions.update, for the card renewals are charged to.
  app.post('/subscriptions/:id', async (c) => {
    if (!(await h.isServiceRole(c.req.header('authorization')))) return c.json({ error: 'The service role is required' }, 401)
    const row = await h.subscriptionById(c.req.param('id'))
    if (!row) return missing(c)
    const body = await h.readBody(c)
    if (!isCard(body?.default_payment_method)) return c.json({ error: { type: 'invalid_request_error', code: 'resource_missing', param: 'default_payment_method' } }, 400)
    if (row.default_payment_method === body.default_payment_method) return c.json(subscriptionObject(row))
    const { rows } = await h.db.query<SubscriptionRow>(
      'update local_stack.subscriptions set default_payment_method = $2, revision = revision + 1 where id = $1 returning *',
      [row.id, body.default_payment_method],
    )
    const after = rows[0]!
    await h.deliver([event('customer.subscription.updated', subscriptionObject(after), now(), { default_payment_method: row.default_payment_method })])
    return c.json(subscriptionObject(after))
  })

  // Stripe's List Events: the events since `created[gte]`, of `types[]`, and with
  // delivery_success=false only those the webhook has not taken.
  app.get('/events', async (c) => {
    if (!(await h.isServiceRole(c.req.header('authorization')))) return c.json({ error: 'The service role is required' }, 401)
    await ready(h.db)
    const types = c.req.queries('types[]') ?? []
    const { rows } = await h.db.query<{ event: Json }>(
      `select event from local_stack.events where created >= $1 and ($2::boolean is null or delivered = $2) and (cardinality($3::text[]) = 0 or type = any ($3))
       order by created desc, id desc limit 100`,
      [Number(c.req.query('created[gte]') ?? 0), c.req.query('delivery_success') === undefined ? null : c.req.query('delivery_success') === 'true', types],
    )
    return c.json({ object: 'list', data: rows.map((r) => r.event), has_more: false, url: '/v1/events' })
  })

  app.get('/subscriptions/:id', async (c) => {
    if (!(await h.isServiceRole(c.req.header('authorization')))) return c.json({ error: 'The service role is required' }, 401)
    const row = await h.subscriptionById(c.req.param('id'))
    return row ? c.json(subscriptionObject(row)) : missing(c)
  })

  /** Ends a subscription now and tells the webhook before answering (as a caller that cancels and
   * then goes on expects). */
  app.delete('/subscriptions/:id', async (c) => {
    if (!(await h.isServiceRole(c.req.header('authorization')))) return c.json({ error: 'The service role is required' }, 401)
    const row = await h.subscriptionById(c.req.param('id'))
    if (!row) return missing(c)
    if (row.status === 'canceled' || row.status === 'incomplete_expired') return c.json(subscriptionObject(row))
    const t = now()
    const { rows } = await h.db.query<SubscriptionRow>(
      `update local_stack.subscriptions set status = 'canceled', canceled_at = $2, ended_at = $2, cancel_at_period_end = false,
         revision = revision + 1 where id = $1 returning *`,
      [row.id, t],
    )
    const canceled = rows[0]!
    const delivered = await h.deliver([event('customer.subscription.deleted', subscriptionObject(canceled), t)])
    if (!allDelivered(delivered, 1)) console.error(`[local stack] the webhook refused the cancellation of ${row.id}: ${delivered[0]?.status}`)
    return c.json(subscriptionObject(canceled))
  })

  /** Stripe's POST /v1/refunds, for the payment of a subscription the site must not keep (bought
   * twice, or for an account that is gone): `{ subscription, reason }`. */
  app.post('/refunds', async (c) => {
    if (!(await h.isServiceRole(c.req.header('authorization')))) return c.json({ error: 'The service role is required' }, 401)
    const body = await h.readBody(c)
    const row = typeof body?.subscription === 'string' ? await h.subscriptionById(body.subscription) : undefined
    if (!row) return missing(c)
    const reason = body?.reason === 'duplicate' || body?.reason === 'requested_by_customer' ? body.reason : null
    await h.db.query('update local_stack.subscriptions set refunded = true where id = $1', [row.id])
    return c.json({ id: `re_local_${row.id.slice(4)}`, object: 'refund', amount: offerOf(row).amount, currency: offerOf(row).currency, reason, status: 'succeeded' })
  })

  // ---------- simulations for tests (service role) ----------

  /** The subscription of `{ subscription_id }`, or the newest of `{ user_id }`. */
  async function subscriptionOf(body: Json | null): Promise<SubscriptionRow | undefined> {
    if (!body) return undefined
    await ready(h.db)
    const { rows } = await h.db.query<SubscriptionRow>(
      `select * from local_stack.subscriptions where id = $1 or ($1 is null and user_id::text = $2) order by created desc limit 1`,
      [typeof body.subscription_id === 'string' ? body.subscription_id : null, typeof body.user_id === 'string' ? body.user_id : null],
    )
    return rows[0]
  }

  async function simulate(c: Context, change: (row: SubscriptionRow, t: number) => Promise<Json[]>) {
    if (!(await h.isServiceRole(c.req.header('authorization')))) return c.json({ error: 'The service role is required' }, 401)
    const row = await subscriptionOf(await h.readBody(c))
    if (!row) return c.json({ error: 'No local subscription for that subscription_id or user_id' }, 404)
    const events = await change(row, now())
    const delivered = await h.deliver(events)
    return c.json({ subscription_id: row.id, delivered }, allDelivered(delivered, events.length) ? 200 : 502)
  }

  // A renewal whose payment fails: the period moves on, the invoice fails, the subscription is past due.
  app.post('/simulate/payment-failed', (c) =>
    simulate(c, async (row, t) => {
      const start = Number(row.current_period_end)
      const { rows } = await h.db.query<SubscriptionRow>(
        `update local_stack.subscriptions set status = 'past_due', current_period_start = $2, current_period_end = $3, revision = revision + 1
         where id = $1 returning *`,
        [row.id, start, start + PERIOD_SECONDS],
      )
      const now = rows[0]!
      const events = [
        event('invoice.payment_failed', invoice(now, '', false, 'subscription_cycle', start, start + PERIOD_SECONDS, t), t),
        event('customer.subscription.updated', subscriptionObject(now), t, { status: row.status, current_period_end: Number(row.current_period_end) }),
      ]
      await h.keepInvoices(events)
      return events
    }),
  )

  // The subscription is cancelled now.
  app.post('/simulate/canceled', (c) =>
    simulate(c, async (row, t) => {
      const { rows } = await h.db.query<SubscriptionRow>(
        `update local_stack.subscriptions set status = 'canceled', canceled_at = $2, ended_at = $2, cancel_at_period_end = false, revision = revision + 1
         where id = $1 returning *`,
        [row.id, t],
      )
      return [event('customer.subscription.deleted', subscriptionObject(rows[0]!), t)]
    }),
  )

  return app
}
