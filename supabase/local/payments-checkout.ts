// The payment stand-in's checkout: sessions, for create-checkout and delete-account (as Stripe's
// POST, GET /v1/checkout/sessions and POST …/expire; service role), and the checkout page whose Pay
// button makes the subscription and sends Stripe's events (routes under /local-payments; see
// payments.ts).
import { Hono } from 'hono'
import { paidPlanIds, paidPlans, planById } from '../functions/_shared/plans.ts'
import { htmlResponse, messagePage } from './pages.ts'
import { allDelivered, httpUrl, type PaymentHelpers, UUID } from './payments-helpers.ts'
import { checkoutPage } from './payments-pages.ts'
import { localId, now, PERIOD_SECONDS, ready, SESSION_LIFETIME_S, type SessionRow, type SubscriptionRow, subscriptionId } from './payments-store.ts'
import { billInvoices, type LocalBuyer } from './payments-billing.ts'
import { paymentEvents } from './payments-stripe-shapes.ts'

/** A session as Stripe's API shows it. */
const sessionObject = (h: PaymentHelpers, row: SessionRow) => ({
  id: row.id,
  object: 'checkout.session',
  mode: 'subscription',
  customer: row.customer_id,
  client_reference_id: row.user_id,
  status: row.status === 'complete' || row.status === 'expired' ? row.status : 'open',
  url: row.status === 'open' ? h.pageUrl(row.id) : null,
})

async function findSession(h: PaymentHelpers, id: string): Promise<SessionRow | undefined> {
  if (!/^cs_local_[0-9a-f]{24}$/.test(id)) return undefined
  await ready(h.db)
  const { rows } = await h.db.query<SessionRow>(
    `select * from local_stack.payment_sessions where id = $1 and status <> 'expired' and created_at > now() - make_interval(secs => $2)`,
    [id, SESSION_LIFETIME_S],
  )
  return rows[0]
}

/** The business the customer is, as create-checkout named it. */
async function buyerOf(h: PaymentHelpers, customer: string): Promise<LocalBuyer | null> {
  const { rows } = await h.db.query<{ buyer: LocalBuyer | null }>('select buyer from local_stack.customers where id = $1', [customer])
  return rows[0]?.buyer ?? null
}

const expired = () =>
  htmlResponse(messagePage('Checkout expired', 'This checkout has expired or does not exist. Go back to the site and start again.'), 404)

/** Checkout sessions: made for a user and a plan, a customer's open ones listed, one expired. */
function sessionRoutes(h: PaymentHelpers): Hono {
  const app = new Hono()

  app.post('/sessions', async (c) => {
    if (!(await h.isServiceRole(c.req.header('authorization')))) return c.json({ error: 'The service role is required' }, 401)
    const body = await h.readBody(c)
    if (!body) return c.json({ error: 'Expected a JSON object' }, 400)
    const { user_id, email, lang, plan, customer, buyer, success_url, cancel_url } = body
    if (typeof user_id !== 'string' || !UUID.test(user_id)) return c.json({ error: 'user_id must be a user id' }, 400)
    if (!httpUrl(success_url) || !httpUrl(cancel_url)) return c.json({ error: 'success_url and cancel_url must be http(s) URLs' }, 400)
    if (lang !== undefined && lang !== 'nb' && lang !== 'en') return c.json({ error: "lang must be 'nb' or 'en'" }, 400)
    if (email !== undefined && (typeof email !== 'string' || email.length > 255)) return c.json({ error: 'email must be a string' }, 400)
    if (plan !== undefined && !(paidPlanIds as unknown[]).includes(plan)) return c.json({ error: `plan must be one of ${paidPlanIds.join(', ')}` }, 400)
    if (customer != null && (typeof customer !== 'string' || !/^cus_\w{1,64}$/.test(customer))) {
      return c.json({ error: 'customer must be a customer id' }, 400)
    }
    if (buyer !== undefined && (typeof buyer !== 'object' || buyer === null || Array.isArray(buyer))) return c.json({ error: 'buyer must be an object' }, 400)
    const customerId = typeof customer === 'string' ? customer : await h.customerFor(user_id, typeof email === 'string' ? email : '')
    await ready(h.db)
    // As create-checkout updates Stripe's customer: the business and its language, for its invoices.
    if (buyer) await h.db.query('update local_stack.customers set buyer = $2, lang = $3 where id = $1', [customerId, JSON.stringify(buyer), lang ?? 'nb'])
    const id = localId('cs')
    await h.db.query(
      `insert into local_stack.payment_sessions (id, user_id, email, lang, plan, customer_id, success_url, cancel_url)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [id, user_id, email ?? '', lang ?? 'nb', plan ?? paidPlans[0]!.id, customerId, success_url, cancel_url],
    )
    return c.json({ id, url: h.pageUrl(id) })
  })

  // A customer's open checkout sessions, and expiring one, as Stripe's API (service role).
  app.get('/sessions', async (c) => {
    if (!(await h.isServiceRole(c.req.header('authorization')))) return c.json({ error: 'The service role is required' }, 401)
    const customer = c.req.query('customer') ?? ''
    await ready(h.db)
    const { rows } = await h.db.query<SessionRow>(
      `select * from local_stack.payment_sessions where customer_id = $1 and ($2::text is null or status = $2)
         and created_at > now() - make_interval(secs => $3) order by created_at desc`,
      [customer, c.req.query('status') ?? null, SESSION_LIFETIME_S],
    )
    return c.json({ object: 'list', data: rows.map((row) => sessionObject(h, row)), has_more: false, url: '/v1/checkout/sessions' })
  })

  app.post('/sessions/:id/expire', async (c) => {
    if (!(await h.isServiceRole(c.req.header('authorization')))) return c.json({ error: 'The service role is required' }, 401)
    await ready(h.db)
    const id = c.req.param('id')
    const { rows } = await h.db.query<SessionRow>(`update local_stack.payment_sessions set status = 'expired' where id = $1 and status = 'open' returning *`, [id])
    if (rows[0]) return c.json(sessionObject(h, rows[0]))
    const { rows: other } = await h.db.query<SessionRow>('select * from local_stack.payment_sessions where id = $1', [id])
    if (!other[0]) return c.json({ error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such checkout session' } }, 404)
    return c.json({ error: { type: 'invalid_request_error', message: `Only a Checkout Session in the open status can be expired (it is ${other[0].status})` } }, 400)
  })

  return app
}

/** The checkout page: Pay or Cancel. */
function pageRoutes(h: PaymentHelpers): Hono {
  const app = new Hono()

  app.get('/checkout/:id', async (c) => {
    const session = await findSession(h, c.req.param('id'))
    if (!session) return expired()
    if (session.status === 'complete') {
      return htmlResponse(messagePage('Already paid', 'This checkout is complete. Go back to the site.'))
    }
    return htmlResponse(checkoutPage(session, h.pageUrl(session.id), undefined, await buyerOf(h, session.customer_id)))
  })

  app.post('/checkout/:id', async (c) => {
    const form = await c.req.parseBody()
    const session = await findSession(h, c.req.param('id'))
    if (!session) return expired()
    if (form.decision === 'cancel') return c.redirect(session.cancel_url, 303)
    if (form.decision !== 'pay') return htmlResponse(checkoutPage(session, h.pageUrl(session.id), 'Choose Pay or Cancel.'), 400)
    if (session.status === 'complete') return c.redirect(session.success_url, 303)

    // One payment per session, even when Pay is clicked twice.
    const claimed = await h.db.query<SessionRow>(
      `update local_stack.payment_sessions set status = 'processing' where id = $1 and status = 'open' returning *`,
      [session.id],
    )
    const open = claimed.rows[0]
    if (!open) return htmlResponse(messagePage('Payment in progress', 'This payment is being processed. Go back to the site.'), 409)

    // The payment succeeds: the subscription exists (active) before Stripe's events go out.
    const start = now()
    const plan = planById(open.plan) ?? paidPlans[0]!
    const { rows } = await h.db.query<SubscriptionRow>(
      `insert into local_stack.subscriptions (id, customer_id, user_id, plan, price_id, status, created, current_period_start, current_period_end)
       values ($1, $2, $3, $4, $5, 'active', $6, $6, $7) returning *`,
      [subscriptionId(), open.customer_id, open.user_id, plan.id, (plan.stripePriceEnv && h.env[plan.stripePriceEnv]) || `price_local_${plan.id}`, start, start + PERIOD_SECONDS],
    )
    const subscription = rows[0]!
    await h.db.query(`update local_stack.payment_sessions set subscription_id = $2, current_period_end = to_timestamp($3) where id = $1`, [
      open.id,
      subscription.id,
      subscription.current_period_end,
    ])
    const events = paymentEvents(open, subscription)
    // Finalized before its events go out, as Stripe's: numbered, the buyer and the tax on it.
    await billInvoices(h.db, events)
    // Kept before its events go out: the webhook reads the invoice back, as from Stripe's API.
    await h.keepInvoices(events)
    const delivered = await h.deliver(events)
    if (!allDelivered(delivered, events.length)) {
      // Nothing stays half done: the subscription goes, the session opens again.
      await h.db.query('delete from local_stack.subscriptions where id = $1', [subscription.id])
      await h.db.query('delete from local_stack.invoices where subscription_id = $1', [subscription.id])
      await h.db.query(`update local_stack.payment_sessions set status = 'open', subscription_id = null where id = $1`, [session.id])
      const failed = delivered.at(-1)
      console.error(`[local stack] the webhook refused ${failed?.type}: ${failed?.status} ${failed?.body}`)
      const message = `The webhook did not accept ${failed?.type ?? 'the events'} (status ${failed?.status || 'unreachable'}). Nothing was charged; try again.`
      return htmlResponse(checkoutPage(open, h.pageUrl(session.id), message), 502)
    }
    await h.db.query(`update local_stack.payment_sessions set status = 'complete' where id = $1`, [session.id])
    return c.redirect(open.success_url, 303)
  })

  return app
}

export function checkoutRoutes(h: PaymentHelpers): Hono {
  return new Hono().route('/', sessionRoutes(h)).route('/', pageRoutes(h))
}
