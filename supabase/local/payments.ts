// Payments on the local stack: a page clearly marked as the local stand-in for Stripe Checkout.
// create-checkout (when no STRIPE_SECRET_KEY is set) asks for a session here with the service role;
// the session, kept in local_stack.payment_sessions, holds the user and the return URLs, so a
// visitor cannot pay in someone else's name. Pay sends the events Stripe would send, shaped as
// Stripe's and signed as Stripe signs them with the stack's webhook secret, to the stack's own
// stripe-webhook function, then returns to the success URL. Cancel returns to the cancel URL.
// Two service-role endpoints simulate a failed renewal and a cancellation for tests.
import { createHmac, randomBytes } from 'node:crypto'
import type { PGlite } from '@electric-sql/pglite'
import { Hono } from 'hono'
import Stripe from 'stripe'
import type { StackContext } from './context.ts'
import type { FunctionEnv } from './functions.ts'
import { BodyError, isPlainObject, readJson } from './http.ts'
import { bearer, verify } from './jwt.ts'
import { escapeHtml, htmlResponse, messagePage, STYLESHEET_PATH } from './pages.ts'

export const PRO_PRICE = { amount: 249_900, currency: 'nok', label: '2 499 NOK / month' } as const
const PERIOD_SECONDS = 30 * 24 * 3600
const SESSION_LIFETIME_S = 24 * 3600
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The stack's signing secret for the webhook, derived from its JWT secret (stable per install). */
export function localWebhookSecret(jwtSecret: string): string {
  return `whsec_${createHmac('sha256', jwtSecret).update('local-stripe-webhook').digest('base64')}`
}

const localId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`
const now = () => Math.floor(Date.now() / 1000)

type SessionRow = {
  id: string
  user_id: string
  email: string
  lang: 'nb' | 'en'
  customer_id: string
  subscription_id: string | null
  success_url: string
  cancel_url: string
  status: 'open' | 'processing' | 'complete'
  current_period_end: Date | null
  created_at: Date
}

const tables = new WeakMap<PGlite, Promise<unknown>>()
/** The stack's own table, created on first use (the database may come from an older template). */
function ready(db: PGlite): Promise<unknown> {
  let done = tables.get(db)
  if (!done) {
    done = db.exec(`
      create table if not exists local_stack.payment_sessions (
        id text primary key,
        user_id uuid not null,
        email text not null default '',
        lang text not null default 'nb',
        customer_id text not null,
        subscription_id text,
        success_url text not null,
        cancel_url text not null,
        status text not null default 'open',
        current_period_end timestamptz,
        created_at timestamptz not null default now()
      );`)
    tables.set(db, done)
  }
  return done
}

// ---------------------------------------------------------------------------------------------
// Stripe-shaped objects and events (supabase-protocol §5; API 2026-10-28.endive shapes)

type Json = Record<string, unknown>

function event(type: string, object: Json, created: number, previous?: Json): Json {
  return {
    id: localId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: previous ? { object, previous_attributes: previous } : { object },
  }
}

function price(priceId: string): Json {
  return {
    id: priceId,
    object: 'price',
    active: true,
    currency: PRO_PRICE.currency,
    unit_amount: PRO_PRICE.amount,
    product: 'prod_local_pro',
    recurring: { interval: 'month', interval_count: 1 },
    type: 'recurring',
    livemode: false,
  }
}

type Purchase = { session: SessionRow; subscriptionId: string; priceId: string; start: number; end: number }

function subscription(p: Purchase, status: string, extra: Json = {}): Json {
  return {
    id: p.subscriptionId,
    object: 'subscription',
    customer: p.session.customer_id,
    status,
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    created: p.start,
    start_date: p.start,
    currency: PRO_PRICE.currency,
    collection_method: 'charge_automatically',
    default_payment_method: 'pm_local_card',
    livemode: false,
    metadata: { user_id: p.session.user_id },
    items: {
      object: 'list',
      data: [
        {
          id: `si_${p.subscriptionId.slice(4)}`,
          object: 'subscription_item',
          subscription: p.subscriptionId,
          quantity: 1,
          price: price(p.priceId),
          current_period_start: p.start,
          current_period_end: p.end,
        },
      ],
      has_more: false,
      url: `/v1/subscription_items?subscription=${p.subscriptionId}`,
    },
    ...extra,
  }
}

function invoice(p: Purchase, paid: boolean, billingReason: string, periodStart: number, periodEnd: number, created: number): Json {
  const id = localId('in')
  return {
    id,
    object: 'invoice',
    customer: p.session.customer_id,
    customer_email: p.session.email,
    status: paid ? 'paid' : 'open',
    attempted: true,
    billing_reason: billingReason,
    collection_method: 'charge_automatically',
    currency: PRO_PRICE.currency,
    amount_due: PRO_PRICE.amount,
    amount_paid: paid ? PRO_PRICE.amount : 0,
    amount_remaining: paid ? 0 : PRO_PRICE.amount,
    created,
    period_start: periodStart,
    period_end: periodStart,
    livemode: false,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: p.subscriptionId, metadata: { user_id: p.session.user_id } },
    },
    lines: {
      object: 'list',
      data: [
        {
          id: `il_${id.slice(3)}`,
          object: 'line_item',
          amount: PRO_PRICE.amount,
          currency: PRO_PRICE.currency,
          description: '1 × Vekstlinje Pro',
          period: { start: periodStart, end: periodEnd },
          pricing: { type: 'price_details', price_details: { price: p.priceId, product: 'prod_local_pro' } },
          quantity: 1,
        },
      ],
      has_more: false,
      url: `/v1/invoices/${id}/lines`,
    },
  }
}

/** What Stripe sends when a Checkout Session for a subscription is paid. */
export function paymentEvents(p: Purchase): Json[] {
  const t = p.start
  const { session } = p
  const checkoutSession = {
    id: session.id,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    client_reference_id: session.user_id,
    customer: session.customer_id,
    customer_email: session.email || null,
    customer_details: { email: session.email || null },
    subscription: p.subscriptionId,
    metadata: { user_id: session.user_id },
    currency: PRO_PRICE.currency,
    amount_subtotal: PRO_PRICE.amount,
    amount_total: PRO_PRICE.amount,
    locale: session.lang,
    success_url: session.success_url,
    cancel_url: session.cancel_url,
    created: Math.floor(session.created_at.getTime() / 1000),
    expires_at: Math.floor(session.created_at.getTime() / 1000) + SESSION_LIFETIME_S,
    livemode: false,
    url: null,
  }
  const first = invoice(p, true, 'subscription_create', p.start, p.end, t)
  return [
    event('checkout.session.completed', checkoutSession, t),
    event('customer.subscription.created', subscription(p, 'active', { latest_invoice: first.id }), t),
    event('customer.subscription.updated', subscription(p, 'active', { latest_invoice: first.id }), t, { default_payment_method: null }),
    event('invoice.payment_succeeded', first, t),
  ]
}

// ---------------------------------------------------------------------------------------------

function checkoutPage(session: SessionRow, action: string, error?: string): string {
  const alert = error ? `<p class="error" role="alert">${escapeHtml(error)}</p>\n` : ''
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay for Vekstlinje Pro (local stand-in)</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<main>
<h1>Vekstlinje Pro</h1>
<p class="banner" role="note">Local stand-in for the payment provider's checkout. No money moves and no request goes to Stripe: this page belongs to the local development stack.</p>
<dl>
<dt>Plan</dt><dd>Vekstlinje Pro</dd>
<dt>Price</dt><dd>${PRO_PRICE.label}</dd>
<dt>Account</dt><dd>${escapeHtml(session.email || session.user_id)}</dd>
</dl>
${alert}<form method="post" action="${escapeHtml(action)}">
<button type="submit" name="decision" value="pay">Pay</button>
<button type="submit" name="decision" value="cancel">Cancel</button>
</form>
</main>
</body>
</html>
`
}

const httpUrl = (value: unknown): value is string => {
  if (typeof value !== 'string' || value.length > 2000) return false
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

export function paymentRoutes(ctx: StackContext, env: FunctionEnv): Hono {
  const { db } = ctx
  const app = new Hono()
  const pageUrl = (id: string) => `${ctx.apiUrl}/local-payments/checkout/${id}`
  const webhookUrl = () => `${ctx.apiUrl}/functions/v1/stripe-webhook`

  async function isServiceRole(header: string | undefined): Promise<boolean> {
    const token = bearer(header)
    if (!token) return false
    const result = await verify(token, ctx.keys.jwtSecret)
    return result.ok && result.claims.role === 'service_role'
  }

  /** Signs each event as Stripe does and posts it to the webhook, in order; stops at a refusal. */
  async function deliver(events: Json[]): Promise<Array<{ type: string; id: string; status: number; body: string }>> {
    const secret = env.STRIPE_WEBHOOK_SECRET ?? ''
    const delivered = []
    for (const e of events) {
      const payload = JSON.stringify(e, null, 2)
      const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
        payload,
        secret,
        cryptoProvider: Stripe.createSubtleCryptoProvider(),
      })
      let status = 0
      let body = ''
      try {
        const res = await fetch(webhookUrl(), {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json; charset=utf-8',
            'Stripe-Signature': signature,
            'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks; local stand-in)',
          },
          body: payload,
        })
        status = res.status
        body = await res.text()
      } catch (error) {
        body = (error as Error).message
      }
      delivered.push({ type: String(e.type), id: String(e.id), status, body })
      if (status < 200 || status >= 300) break
    }
    return delivered
  }

  const allDelivered = (delivered: Array<{ status: number }>, expected: number) =>
    delivered.length === expected && delivered.every((d) => d.status >= 200 && d.status < 300)

  // ---------- sessions, created by create-checkout with the service role ----------

  app.post('/sessions', async (c) => {
    if (!(await isServiceRole(c.req.header('authorization')))) return c.json({ error: 'The service role is required' }, 401)
    let body: unknown
    try {
      body = await readJson(c, 16 * 1024)
    } catch (error) {
      return c.json({ error: error instanceof BodyError ? error.message : 'Unreadable body' }, 400)
    }
    if (!isPlainObject(body)) return c.json({ error: 'Expected a JSON object' }, 400)
    const { user_id, email, lang, customer, success_url, cancel_url } = body
    if (typeof user_id !== 'string' || !UUID.test(user_id)) return c.json({ error: 'user_id must be a user id' }, 400)
    if (!httpUrl(success_url) || !httpUrl(cancel_url)) return c.json({ error: 'success_url and cancel_url must be http(s) URLs' }, 400)
    if (lang !== undefined && lang !== 'nb' && lang !== 'en') return c.json({ error: "lang must be 'nb' or 'en'" }, 400)
    if (email !== undefined && (typeof email !== 'string' || email.length > 255)) return c.json({ error: 'email must be a string' }, 400)
    if (customer != null && (typeof customer !== 'string' || !/^cus_\w{1,64}$/.test(customer))) {
      return c.json({ error: 'customer must be a customer id' }, 400)
    }
    await ready(db)
    const id = localId('cs')
    await db.query(
      `insert into local_stack.payment_sessions (id, user_id, email, lang, customer_id, success_url, cancel_url)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [id, user_id, email ?? '', lang ?? 'nb', customer ?? localId('cus'), success_url, cancel_url],
    )
    return c.json({ id, url: pageUrl(id) })
  })

  async function findSession(id: string): Promise<SessionRow | undefined> {
    if (!/^cs_local_[0-9a-f]{24}$/.test(id)) return undefined
    await ready(db)
    const { rows } = await db.query<SessionRow>(
      `select * from local_stack.payment_sessions where id = $1 and created_at > now() - make_interval(secs => $2)`,
      [id, SESSION_LIFETIME_S],
    )
    return rows[0]
  }

  const expired = () =>
    htmlResponse(messagePage('Checkout expired', 'This checkout has expired or does not exist. Go back to the site and start again.'), 404)

  // ---------- the page ----------

  app.get('/checkout/:id', async (c) => {
    const session = await findSession(c.req.param('id'))
    if (!session) return expired()
    if (session.status === 'complete') {
      return htmlResponse(messagePage('Already paid', 'This checkout is complete. Go back to the site.'))
    }
    return htmlResponse(checkoutPage(session, pageUrl(session.id)))
  })

  app.post('/checkout/:id', async (c) => {
    const form = await c.req.parseBody()
    const session = await findSession(c.req.param('id'))
    if (!session) return expired()
    if (form.decision === 'cancel') return c.redirect(session.cancel_url, 303)
    if (form.decision !== 'pay') return htmlResponse(checkoutPage(session, pageUrl(session.id), 'Choose Pay or Cancel.'), 400)
    if (session.status === 'complete') return c.redirect(session.success_url, 303)

    // One payment per session, even when Pay is clicked twice.
    const claimed = await db.query<SessionRow>(
      `update local_stack.payment_sessions set status = 'processing' where id = $1 and status = 'open' returning *`,
      [session.id],
    )
    const open = claimed.rows[0]
    if (!open) return htmlResponse(messagePage('Payment in progress', 'This payment is being processed. Go back to the site.'), 409)

    const start = now()
    const purchase: Purchase = {
      session: open,
      subscriptionId: localId('sub'),
      priceId: env.STRIPE_PRICE_PRO || 'price_local_pro',
      start,
      end: start + PERIOD_SECONDS,
    }
    const events = paymentEvents(purchase)
    const delivered = await deliver(events)
    if (!allDelivered(delivered, events.length)) {
      await db.query(`update local_stack.payment_sessions set status = 'open' where id = $1`, [session.id])
      const failed = delivered.at(-1)
      console.error(`[local stack] the webhook refused ${failed?.type}: ${failed?.status} ${failed?.body}`)
      const message = `The webhook did not accept ${failed?.type ?? 'the events'} (status ${failed?.status || 'unreachable'}). Nothing was charged; try again.`
      return htmlResponse(checkoutPage(open, pageUrl(session.id), message), 502)
    }
    await db.query(
      `update local_stack.payment_sessions set status = 'complete', subscription_id = $2, current_period_end = to_timestamp($3)
       where id = $1`,
      [session.id, purchase.subscriptionId, purchase.end],
    )
    return c.redirect(open.success_url, 303)
  })

  // ---------- simulations for tests (service role) ----------

  /** The paid session of `{ subscription_id }`, or the newest paid one of `{ user_id }`. */
  async function paidPurchase(body: unknown): Promise<Purchase | undefined> {
    if (!isPlainObject(body)) return undefined
    await ready(db)
    const { rows } = await db.query<SessionRow>(
      `select * from local_stack.payment_sessions where status = 'complete'
       and (subscription_id = $1 or ($1 is null and user_id::text = $2)) order by created_at desc limit 1`,
      [typeof body.subscription_id === 'string' ? body.subscription_id : null, typeof body.user_id === 'string' ? body.user_id : null],
    )
    const session = rows[0]
    if (!session?.subscription_id || !session.current_period_end) return undefined
    const end = Math.floor(session.current_period_end.getTime() / 1000)
    return { session, subscriptionId: session.subscription_id, priceId: env.STRIPE_PRICE_PRO || 'price_local_pro', start: end - PERIOD_SECONDS, end }
  }

  async function simulate(c: import('hono').Context, build: (p: Purchase, t: number) => Json[]) {
    if (!(await isServiceRole(c.req.header('authorization')))) return c.json({ error: 'The service role is required' }, 401)
    let body: unknown
    try {
      body = await readJson(c, 16 * 1024)
    } catch {
      return c.json({ error: 'Expected JSON' }, 400)
    }
    const purchase = await paidPurchase(body)
    if (!purchase) return c.json({ error: 'No paid local subscription for that subscription_id or user_id' }, 404)
    const events = build(purchase, now())
    const delivered = await deliver(events)
    return c.json({ subscription_id: purchase.subscriptionId, delivered }, allDelivered(delivered, events.length) ? 200 : 502)
  }

  // A renewal whose payment fails: the invoice fails and the subscription goes past due.
  app.post('/simulate/payment-failed', (c) =>
    simulate(c, (p, t) => [
      event('invoice.payment_failed', invoice(p, false, 'subscription_cycle', p.end, p.end + PERIOD_SECONDS, t), t),
      event('customer.subscription.updated', subscription(p, 'past_due'), t, { status: 'active' }),
    ]),
  )

  const canceledNow = (p: Purchase, t: number) => event('customer.subscription.deleted', subscription(p, 'canceled', { canceled_at: t, ended_at: t }), t)

  // The subscription is cancelled now.
  app.post('/simulate/canceled', (c) => simulate(c, (p, t) => [canceledNow(p, t)]))

  // Stripe's DELETE /v1/subscriptions/:id (service role): the subscription ends now, and the
  // webhook hears of it before the answer, as a function that cancels and then deletes expects.
  app.delete('/subscriptions/:id', async (c) => {
    if (!(await isServiceRole(c.req.header('authorization')))) return c.json({ error: 'The service role is required' }, 401)
    const purchase = await paidPurchase({ subscription_id: c.req.param('id') })
    if (!purchase) return c.json({ error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such subscription' } }, 404)
    const canceled = canceledNow(purchase, now())
    const delivered = await deliver([canceled])
    return c.json((canceled.data as { object: Json }).object, allDelivered(delivered, 1) ? 200 : 502)
  })

  return app
}
