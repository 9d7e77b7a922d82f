// Payments on the local stack: a stand-in for Stripe, clearly marked as such. It keeps what Stripe
// would keep (customers, checkout sessions, subscriptions, in local_stack.*) and answers the
// functions in Stripe's shapes:
//   POST /customers                 the user's one customer, made on first use (service role)
//   POST /sessions                  a checkout session for a user and a plan (create-checkout)
//   GET  /sessions?customer=&status=open, POST /sessions/:id/expire
//                                   a customer's open checkout sessions, and expiring one (as
//                                   Stripe's; delete-account expires them)
//   GET  /checkout/:id              the page; Pay makes the subscription and sends the events
//                                   Stripe would send, signed as Stripe signs them, to the stack's
//                                   stripe-webhook; Cancel returns to the cancel URL
//   GET  /subscriptions/:id         the subscription as it is now (the webhook reads it, as it
//                                   reads Stripe's API)
//   DELETE /subscriptions/:id       cancel now, and tell the webhook before answering
//   POST /refunds                   refund a subscription's payment ({ subscription, reason })
//   POST /simulate/payment-failed | /simulate/canceled   for tests
//   POST /portal-sessions           a customer portal session for a customer (create-portal-session)
//   GET  /portal/:id                the customer portal (in English, as Stripe's): plan, renewal
//                                   date, invoices; cancel at the period's end (with a confirm
//                                   step at /portal/:id/cancel), resume, and "End the period now"
//                                   for tests and demos; each change sends the signed events
//                                   Stripe would send
// Plan names and prices come from the catalogue (supabase/functions/_shared/plans.ts). No money
// moves and nothing reaches Stripe. A session holds the user, so nobody can pay in another's name;
// a portal session holds the customer, its id is unguessable and expires, and its forms carry a
// token of their own.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { PGlite } from '@electric-sql/pglite'
import { type Context, Hono } from 'hono'
import Stripe from 'stripe'
import { type Plan, paidPlanIds, planById } from '../functions/_shared/plans.ts'
import type { StackContext } from './context.ts'
import type { FunctionEnv } from './functions.ts'
import { BodyError, isPlainObject, readJson, readText } from './http.ts'
import { bearer, verify } from './jwt.ts'
import { escapeHtml, htmlResponse, layout, messagePage } from './pages.ts'

const PERIOD_SECONDS = 30 * 24 * 3600
const SESSION_LIFETIME_S = 24 * 3600
/** How long a customer portal session's URL works (Stripe's sessions are short-lived too). */
export const PORTAL_SESSION_LIFETIME_S = 3600
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A plan's name and monthly price as the page shows them. */
export function planOffer(plan: Plan) {
  const name = `Vekstlinje ${plan.id.charAt(0).toUpperCase()}${plan.id.slice(1)}`
  const amount = plan.priceNok * 100
  const label = `${plan.priceNok.toLocaleString('en-US').replace(/,/g, ' ')} NOK / month`
  return { name, amount, currency: 'nok', label, product: `prod_local_${plan.id}` }
}

/** The stack's signing secret for the webhook, derived from its JWT secret (stable per install). */
export function localWebhookSecret(jwtSecret: string): string {
  return `whsec_${createHmac('sha256', jwtSecret).update('local-stripe-webhook').digest('base64')}`
}

const localId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`
/** A subscription id that sorts by creation (milliseconds first): of two bought in one second, the
 * webhook keeps the one with the smaller id, which is then the first bought. */
const subscriptionId = () => `sub_local_${Date.now().toString(16).padStart(12, '0')}${randomBytes(6).toString('hex')}`
const now = () => Math.floor(Date.now() / 1000)

type SessionRow = {
  id: string
  user_id: string
  email: string
  lang: 'nb' | 'en'
  plan: string
  customer_id: string
  subscription_id: string | null
  success_url: string
  cancel_url: string
  status: 'open' | 'processing' | 'complete' | 'expired'
  created_at: Date
}

type SubscriptionRow = {
  id: string
  customer_id: string
  user_id: string
  plan: string
  price_id: string
  status: string
  cancel_at_period_end: boolean
  canceled_at: number | null
  created: number
  current_period_start: number
  current_period_end: number
  /** When the subscription ended (cancelled now, or its last period over); null while it runs. */
  ended_at: number | null
  refunded: boolean
  /** Counts the stand-in's changes of the subscription: a portal form names the one it showed. */
  revision: number
}

type PortalSessionRow = {
  id: string
  customer_id: string
  return_url: string
  locale: string
  /** Every form of the portal carries it; a POST without it is refused. */
  form_token: string
  created_at: Date
}

const tables = new WeakMap<PGlite, Promise<unknown>>()
/** The stand-in's tables, created on first use (the database may come from an older template). */
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
      );
      alter table local_stack.payment_sessions add column if not exists plan text not null default 'pro';
      create table if not exists local_stack.customers (
        user_id uuid primary key,
        id text not null unique,
        email text not null default '',
        created_at timestamptz not null default now()
      );
      create table if not exists local_stack.subscriptions (
        id text primary key,
        customer_id text not null,
        user_id uuid not null,
        plan text not null,
        price_id text not null,
        status text not null,
        cancel_at_period_end boolean not null default false,
        canceled_at bigint,
        created bigint not null,
        current_period_start bigint not null,
        current_period_end bigint not null,
        refunded boolean not null default false
      );
      alter table local_stack.subscriptions add column if not exists ended_at bigint;
      alter table local_stack.subscriptions add column if not exists revision integer not null default 0;
      create table if not exists local_stack.invoices (
        id text primary key,
        customer_id text not null,
        subscription_id text not null,
        created bigint not null,
        object jsonb not null
      );
      create index if not exists invoices_customer_idx on local_stack.invoices (customer_id, created);
      create table if not exists local_stack.portal_sessions (
        id text primary key,
        customer_id text not null,
        return_url text not null,
        locale text not null default 'en',
        form_token text not null,
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

const offerOf = (row: { plan: string }) => planOffer(planById(row.plan) ?? planById('pro')!)

function price(row: SubscriptionRow): Json {
  const offer = offerOf(row)
  return {
    id: row.price_id,
    object: 'price',
    active: true,
    currency: offer.currency,
    unit_amount: offer.amount,
    product: offer.product,
    recurring: { interval: 'month', interval_count: 1 },
    type: 'recurring',
    livemode: false,
  }
}

/** The subscription as Stripe's API answers it now. */
export function subscriptionObject(row: SubscriptionRow, extra: Json = {}): Json {
  const ended = row.status === 'canceled' || row.status === 'incomplete_expired'
  const endedAt = row.ended_at ?? (ended ? (row.canceled_at ?? row.current_period_end) : null)
  return {
    id: row.id,
    object: 'subscription',
    customer: row.customer_id,
    status: row.status,
    cancel_at_period_end: row.cancel_at_period_end,
    // Stripe: a subscription cancelling at its period's end has `cancel_at` set to that end, and
    // `canceled_at` is when the cancellation was asked for.
    cancel_at: row.cancel_at_period_end && !ended ? Number(row.current_period_end) : null,
    canceled_at: row.canceled_at === null ? null : Number(row.canceled_at),
    ended_at: ended && endedAt !== null ? Number(endedAt) : null,
    created: Number(row.created),
    start_date: Number(row.created),
    currency: offerOf(row).currency,
    collection_method: 'charge_automatically',
    default_payment_method: 'pm_local_card',
    livemode: false,
    metadata: { user_id: row.user_id, plan: row.plan },
    items: {
      object: 'list',
      data: [
        {
          id: `si_${row.id.slice(4)}`,
          object: 'subscription_item',
          subscription: row.id,
          quantity: 1,
          price: price(row),
          current_period_start: Number(row.current_period_start),
          current_period_end: Number(row.current_period_end),
        },
      ],
      has_more: false,
      url: `/v1/subscription_items?subscription=${row.id}`,
    },
    ...extra,
  }
}

function invoice(row: SubscriptionRow, email: string, paid: boolean, billingReason: string, periodStart: number, periodEnd: number, created: number): Json {
  const id = localId('in')
  const offer = offerOf(row)
  return {
    id,
    object: 'invoice',
    customer: row.customer_id,
    customer_email: email,
    status: paid ? 'paid' : 'open',
    attempted: true,
    billing_reason: billingReason,
    collection_method: 'charge_automatically',
    currency: offer.currency,
    amount_due: offer.amount,
    amount_paid: paid ? offer.amount : 0,
    amount_remaining: paid ? 0 : offer.amount,
    created,
    period_start: periodStart,
    period_end: periodStart,
    livemode: false,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: row.id, metadata: { user_id: row.user_id, plan: row.plan } },
    },
    lines: {
      object: 'list',
      data: [
        {
          id: `il_${id.slice(3)}`,
          object: 'line_item',
          amount: offer.amount,
          currency: offer.currency,
          description: `1 × ${offer.name}`,
          period: { start: periodStart, end: periodEnd },
          pricing: { type: 'price_details', price_details: { price: row.price_id, product: offer.product } },
          quantity: 1,
        },
      ],
      has_more: false,
      url: `/v1/invoices/${id}/lines`,
    },
  }
}

/** What Stripe sends when a Checkout Session for a subscription is paid. */
export function paymentEvents(session: SessionRow, row: SubscriptionRow): Json[] {
  const t = Number(row.created)
  const offer = offerOf(row)
  const created = Math.floor(session.created_at.getTime() / 1000)
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
    subscription: row.id,
    metadata: { user_id: session.user_id, plan: row.plan },
    currency: offer.currency,
    amount_subtotal: offer.amount,
    amount_total: offer.amount,
    locale: session.lang,
    success_url: session.success_url,
    cancel_url: session.cancel_url,
    created,
    expires_at: created + SESSION_LIFETIME_S,
    livemode: false,
    url: null,
  }
  const first = invoice(row, session.email, true, 'subscription_create', Number(row.current_period_start), Number(row.current_period_end), t)
  return [
    event('checkout.session.completed', checkoutSession, t),
    event('customer.subscription.created', subscriptionObject(row, { latest_invoice: first.id }), t),
    event('customer.subscription.updated', subscriptionObject(row, { latest_invoice: first.id }), t, { default_payment_method: null }),
    event('invoice.payment_succeeded', first, t),
  ]
}

// ---------------------------------------------------------------------------------------------

/** A stand-in page, marked as such in its title. */
const standInPage = (title: string, body: string) => layout(`${title} (local stand-in)`, body)

function checkoutPage(session: SessionRow, action: string, error?: string): string {
  const offer = offerOf(session)
  const alert = error ? `<p class="error" role="alert">${escapeHtml(error)}</p>\n` : ''
  return standInPage(
    `Pay for ${offer.name}`,
    `<h1>${escapeHtml(offer.name)}</h1>
<p class="banner" role="note">Local stand-in for the payment provider's checkout. No money moves and no request goes to Stripe: this page belongs to the local development stack.</p>
<dl>
<dt>Plan</dt><dd>${escapeHtml(offer.name)}</dd>
<dt>Price</dt><dd>${escapeHtml(offer.label)}</dd>
<dt>Account</dt><dd>${escapeHtml(session.email || session.user_id)}</dd>
</dl>
${alert}<form method="post" action="${escapeHtml(action)}">
<button type="submit" name="decision" value="pay">Pay</button>
<button type="submit" name="decision" value="cancel">Cancel</button>
</form>`,
  )
}

const httpUrl = (value: unknown): value is string => {
  if (typeof value !== 'string' || value.length > 2000) return false
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

// ---------------------------------------------------------------------------------------------
// The customer portal's pages (English, as Stripe's portal; the checkout page's look)

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/** "25 November 2026", in UTC (the stand-in's clock). */
export function longDate(seconds: number): string {
  const d = new Date(seconds * 1000)
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`
}

const dateHtml = (seconds: number) => `<time datetime="${new Date(seconds * 1000).toISOString()}">${longDate(seconds)}</time>`

/** "2 499 NOK" for 249900 øre. */
export function money(minor: number, currency: string): string {
  const major = minor / 100
  const digits = Number.isInteger(major) ? major.toLocaleString('en-US') : major.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  return `${digits.replace(/,/g, ' ')} ${currency.toUpperCase()}`
}

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1).replace(/_/g, ' ')}`

const FINAL = ['canceled', 'incomplete_expired']
const isFinal = (row: SubscriptionRow) => FINAL.includes(row.status)
/** Stripe lets a customer cancel at the period's end any subscription that runs (not one whose
 * first payment is still incomplete). */
const mayCancel = (row: SubscriptionRow) => !isFinal(row) && row.status !== 'incomplete' && !row.cancel_at_period_end
const mayResume = (row: SubscriptionRow) => !isFinal(row) && row.cancel_at_period_end
/** The period can be ended for a subscription cancelling at its end, or a paid-up one (it renews). */
const mayEndPeriod = (row: SubscriptionRow) => mayResume(row) || row.status === 'active' || row.status === 'trialing'

/** What a finished action says on the portal page (the only values `?done=` may take). */
const NOTICES: Record<string, string> = {
  canceled: 'Your subscription is cancelled. It stays active until the end of the billing period.',
  resumed: 'Your subscription is resumed. It renews at the end of the billing period.',
  ended: 'The period has ended: the subscription is cancelled.',
  renewed: 'The period has ended: the subscription renewed for a new period, and a new invoice is paid.',
}

type PortalView = {
  session: PortalSessionRow
  email: string
  subscription: SubscriptionRow | undefined
  invoices: Json[]
  notice?: string
  error?: string
}


const PORTAL_BANNER =
  '<p class="banner" role="note">Local stand-in for the payment provider\'s customer portal. No money moves and no request goes to Stripe: this page belongs to the local development stack.</p>'

/** The hidden fields every form of the portal sends: the session's token and what the page showed. */
function hidden(session: PortalSessionRow, row: SubscriptionRow): string {
  return `<input type="hidden" name="token" value="${escapeHtml(session.form_token)}">
<input type="hidden" name="subscription" value="${escapeHtml(row.id)}">
<input type="hidden" name="revision" value="${Number(row.revision)}">`
}

function subscriptionSection(view: PortalView, base: string): string {
  const row = view.subscription
  if (!row) return '<h2>Current subscription</h2>\n<p>You have no current subscription.</p>'
  const offer = offerOf(row)
  const end = Number(row.current_period_end)
  const when = row.cancel_at_period_end
    ? `<p>Cancels on ${dateHtml(end)}</p>`
    : row.status === 'active' || row.status === 'trialing'
      ? `<p>Renews on ${dateHtml(end)}</p>`
      : `<p>The current period ends on ${dateHtml(end)}</p>`
  const status = row.cancel_at_period_end ? 'Active until the end of the period' : capitalised(row.status)
  const actions = [
    mayCancel(row)
      ? `<form method="get" action="${escapeHtml(`${base}/cancel`)}">
<button type="submit">Cancel subscription</button>
</form>`
      : '',
    mayResume(row)
      ? `<form method="post" action="${escapeHtml(`${base}/resume`)}">
${hidden(view.session, row)}
<button type="submit">Resume subscription</button>
</form>`
      : '',
  ].filter(Boolean)
  const tools = mayEndPeriod(row)
    ? `<h2>For tests and demos</h2>
<p>Ends the current billing period now, as if its last day had passed. ${
        row.cancel_at_period_end
          ? 'This subscription cancels at the end of the period, so it is cancelled now.'
          : 'This subscription renews, so a new period starts now with a new paid invoice.'
      } Stripe's portal has no such button.</p>
<form method="post" action="${escapeHtml(`${base}/end-period`)}">
${hidden(view.session, row)}
<button type="submit">End the period now</button>
</form>`
    : ''
  return `<h2>Current subscription</h2>
<dl>
<dt>Plan</dt><dd>${escapeHtml(offer.name)}</dd>
<dt>Price</dt><dd>${escapeHtml(offer.label)}</dd>
<dt>Status</dt><dd>${escapeHtml(status)}</dd>
</dl>
${when}
${actions.join('\n')}
${tools}`
}

function invoicesSection(invoices: Json[]): string {
  if (invoices.length === 0) return '<h2>Invoices</h2>\n<p>No invoices yet.</p>'
  const rows = invoices
    .map((inv) => {
      const paid = inv.status === 'paid'
      const amount = money(Number(paid ? inv.amount_paid : inv.amount_due), String(inv.currency))
      return `<tr><td>${dateHtml(Number(inv.created))}</td><td>${escapeHtml(amount)}</td><td>${escapeHtml(capitalised(String(inv.status)))}</td></tr>`
    })
    .join('\n')
  return `<h2>Invoices</h2>
<table>
<thead><tr><th scope="col">Date</th><th scope="col">Amount</th><th scope="col">Status</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
}

export function portalPage(view: PortalView, base: string): string {
  const notice = view.notice ? `<p class="notice" role="status">${escapeHtml(view.notice)}</p>\n` : ''
  const error = view.error ? `<p class="error" role="alert">${escapeHtml(view.error)}</p>\n` : ''
  return standInPage(
    'Manage your subscription',
    `<h1>Manage your subscription</h1>
${PORTAL_BANNER}
<p>Account: ${escapeHtml(view.email || view.session.customer_id)}</p>
${notice}${error}${subscriptionSection(view, base)}
${invoicesSection(view.invoices)}
<p><a href="${escapeHtml(view.session.return_url)}">Return to site</a></p>`,
  )
}

export function confirmCancelPage(session: PortalSessionRow, row: SubscriptionRow, base: string): string {
  const offer = offerOf(row)
  return standInPage(
    'Cancel subscription',
    `<h1>Cancel subscription</h1>
${PORTAL_BANNER}
<p>Your ${escapeHtml(offer.name)} subscription will be cancelled at the end of the billing period. It stays active until ${dateHtml(Number(row.current_period_end))}, and you will not be charged again.</p>
<form method="post" action="${escapeHtml(`${base}/cancel`)}">
${hidden(session, row)}
<button type="submit">Confirm cancellation</button>
</form>
<p><a href="${escapeHtml(base)}">Go back</a></p>`,
  )
}

const missing = (c: Context) => c.json({ error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such subscription' } }, 404)

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

  async function readBody(c: Context): Promise<Json | null> {
    try {
      const body = await readJson(c, 16 * 1024)
      return isPlainObject(body) ? body : null
    } catch (error) {
      if (error instanceof BodyError) return null
      throw error
    }
  }

  /** The user's one customer, made on first use. */
  async function customerFor(userId: string, email: string): Promise<string> {
    await ready(db)
    await db.query('insert into local_stack.customers (user_id, id, email) values ($1, $2, $3) on conflict (user_id) do nothing', [userId, localId('cus'), email])
    const { rows } = await db.query<{ id: string }>('select id from local_stack.customers where user_id = $1', [userId])
    return rows[0]!.id
  }

  /** Keeps the invoices among the events' objects, as Stripe keeps every invoice it makes. */
  async function keepInvoices(events: Json[]): Promise<void> {
    await ready(db)
    for (const e of events) {
      const object = (e.data as { object?: Json } | undefined)?.object
      if (object?.object !== 'invoice') continue
      const subscription = (object.parent as { subscription_details?: { subscription?: string } } | null)?.subscription_details?.subscription ?? ''
      await db.query(
        'insert into local_stack.invoices (id, customer_id, subscription_id, created, object) values ($1, $2, $3, $4, $5) on conflict (id) do nothing',
        [object.id, object.customer, subscription, object.created, JSON.stringify(object)],
      )
    }
  }

  async function subscriptionById(id: string): Promise<SubscriptionRow | undefined> {
    if (!/^sub_\w{1,200}$/.test(id)) return undefined
    await ready(db)
    const { rows } = await db.query<SubscriptionRow>('select * from local_stack.subscriptions where id = $1', [id])
    return rows[0]
  }

  // ---------- customers and sessions, for create-checkout (service role) ----------

  app.post('/customers', async (c) => {
    if (!(await isServiceRole(c.req.header('authorization')))) return c.json({ error: 'The service role is required' }, 401)
    const body = await readBody(c)
    if (!body || typeof body.user_id !== 'string' || !UUID.test(body.user_id)) return c.json({ error: 'user_id must be a user id' }, 400)
    const id = await customerFor(body.user_id, typeof body.email === 'string' ? body.email.slice(0, 255) : '')
    return c.json({ id, object: 'customer', metadata: { user_id: body.user_id } })
  })

  app.post('/sessions', async (c) => {
    if (!(await isServiceRole(c.req.header('authorization')))) return c.json({ error: 'The service role is required' }, 401)
    const body = await readBody(c)
    if (!body) return c.json({ error: 'Expected a JSON object' }, 400)
    const { user_id, email, lang, plan, customer, success_url, cancel_url } = body
    if (typeof user_id !== 'string' || !UUID.test(user_id)) return c.json({ error: 'user_id must be a user id' }, 400)
    if (!httpUrl(success_url) || !httpUrl(cancel_url)) return c.json({ error: 'success_url and cancel_url must be http(s) URLs' }, 400)
    if (lang !== undefined && lang !== 'nb' && lang !== 'en') return c.json({ error: "lang must be 'nb' or 'en'" }, 400)
    if (email !== undefined && (typeof email !== 'string' || email.length > 255)) return c.json({ error: 'email must be a string' }, 400)
    if (plan !== undefined && !(paidPlanIds as unknown[]).includes(plan)) return c.json({ error: `plan must be one of ${paidPlanIds.join(', ')}` }, 400)
    if (customer != null && (typeof customer !== 'string' || !/^cus_\w{1,64}$/.test(customer))) {
      return c.json({ error: 'customer must be a customer id' }, 400)
    }
    const customerId = typeof customer === 'string' ? customer : await customerFor(user_id, typeof email === 'string' ? email : '')
    await ready(db)
    const id = localId('cs')
    await db.query(
      `insert into local_stack.payment_sessions (id, user_id, email, lang, plan, customer_id, success_url, cancel_url)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [id, user_id, email ?? '', lang ?? 'nb', plan ?? 'pro', customerId, success_url, cancel_url],
    )
    return c.json({ id, url: pageUrl(id) })
  })

  async function findSession(id: string): Promise<SessionRow | undefined> {
    if (!/^cs_local_[0-9a-f]{24}$/.test(id)) return undefined
    await ready(db)
    const { rows } = await db.query<SessionRow>(
      `select * from local_stack.payment_sessions where id = $1 and status <> 'expired' and created_at > now() - make_interval(secs => $2)`,
      [id, SESSION_LIFETIME_S],
    )
    return rows[0]
  }

  // A customer's open checkout sessions, and expiring one, as Stripe's API (service role).
  const sessionObject = (row: SessionRow) => ({
    id: row.id,
    object: 'checkout.session',
    mode: 'subscription',
    customer: row.customer_id,
    client_reference_id: row.user_id,
    status: row.status === 'complete' || row.status === 'expired' ? row.status : 'open',
    url: row.status === 'open' ? pageUrl(row.id) : null,
  })
  app.get('/sessions', async (c) => {
    if (!(await isServiceRole(c.req.header('authorization')))) return c.json({ error: 'The service role is required' }, 401)
    const customer = c.req.query('customer') ?? ''
    await ready(db)
    const { rows } = await db.query<SessionRow>(
      `select * from local_stack.payment_sessions where customer_id = $1 and ($2::text is null or status = $2)
         and created_at > now() - make_interval(secs => $3) order by created_at desc`,
      [customer, c.req.query('status') ?? null, SESSION_LIFETIME_S],
    )
    return c.json({ object: 'list', data: rows.map(sessionObject), has_more: false, url: '/v1/checkout/sessions' })
  })
  app.post('/sessions/:id/expire', async (c) => {
    if (!(await isServiceRole(c.req.header('authorization')))) return c.json({ error: 'The service role is required' }, 401)
    await ready(db)
    const id = c.req.param('id')
    const { rows } = await db.query<SessionRow>(`update local_stack.payment_sessions set status = 'expired' where id = $1 and status = 'open' returning *`, [id])
    if (rows[0]) return c.json(sessionObject(rows[0]))
    const { rows: other } = await db.query<SessionRow>('select * from local_stack.payment_sessions where id = $1', [id])
    if (!other[0]) return c.json({ error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such checkout session' } }, 404)
    return c.json({ error: { type: 'invalid_request_error', message: `Only a Checkout Session in the open status can be expired (it is ${other[0].status})` } }, 400)
  })

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

    // The payment succeeds: the subscription exists (active) before Stripe's events go out.
    const start = now()
    const plan = planById(open.plan) ?? planById('pro')!
    const { rows } = await db.query<SubscriptionRow>(
      `insert into local_stack.subscriptions (id, customer_id, user_id, plan, price_id, status, created, current_period_start, current_period_end)
       values ($1, $2, $3, $4, $5, 'active', $6, $6, $7) returning *`,
      [subscriptionId(), open.customer_id, open.user_id, plan.id, (plan.stripePriceEnv && env[plan.stripePriceEnv]) || `price_local_${plan.id}`, start, start + PERIOD_SECONDS],
    )
    const subscription = rows[0]!
    await db.query(`update local_stack.payment_sessions set subscription_id = $2, current_period_end = to_timestamp($3) where id = $1`, [
      open.id,
      subscription.id,
      subscription.current_period_end,
    ])
    const events = paymentEvents(open, subscription)
    const delivered = await deliver(events)
    if (!allDelivered(delivered, events.length)) {
      // Nothing stays half done: the subscription goes, the session opens again.
      await db.query('delete from local_stack.subscriptions where id = $1', [subscription.id])
      await db.query(`update local_stack.payment_sessions set status = 'open', subscription_id = null where id = $1`, [session.id])
      const failed = delivered.at(-1)
      console.error(`[local stack] the webhook refused ${failed?.type}: ${failed?.status} ${failed?.body}`)
      const message = `The webhook did not accept ${failed?.type ?? 'the events'} (status ${failed?.status || 'unreachable'}). Nothing was charged; try again.`
      return htmlResponse(checkoutPage(open, pageUrl(session.id), message), 502)
    }
    await db.query(`update local_stack.payment_sessions set status = 'complete' where id = $1`, [session.id])
    await keepInvoices(events)
    return c.redirect(open.success_url, 303)
  })

  // ---------- Stripe's subscription API (service role) ----------

  app.get('/subscriptions/:id', async (c) => {
    if (!(await isServiceRole(c.req.header('authorization')))) return c.json({ error: 'The service role is required' }, 401)
    const row = await subscriptionById(c.req.param('id'))
    return row ? c.json(subscriptionObject(row)) : missing(c)
  })

  /** Ends a subscription now and tells the webhook before answering (as a caller that cancels and
   * then goes on expects). */
  app.delete('/subscriptions/:id', async (c) => {
    if (!(await isServiceRole(c.req.header('authorization')))) return c.json({ error: 'The service role is required' }, 401)
    const row = await subscriptionById(c.req.param('id'))
    if (!row) return missing(c)
    if (row.status === 'canceled' || row.status === 'incomplete_expired') return c.json(subscriptionObject(row))
    const t = now()
    const { rows } = await db.query<SubscriptionRow>(
      `update local_stack.subscriptions set status = 'canceled', canceled_at = $2, ended_at = $2, cancel_at_period_end = false,
         revision = revision + 1 where id = $1 returning *`,
      [row.id, t],
    )
    const canceled = rows[0]!
    const delivered = await deliver([event('customer.subscription.deleted', subscriptionObject(canceled), t)])
    if (!allDelivered(delivered, 1)) console.error(`[local stack] the webhook refused the cancellation of ${row.id}: ${delivered[0]?.status}`)
    return c.json(subscriptionObject(canceled))
  })

  /** Stripe's POST /v1/refunds, for the payment of a subscription the site must not keep (bought
   * twice, or for an account that is gone): `{ subscription, reason }`. */
  app.post('/refunds', async (c) => {
    if (!(await isServiceRole(c.req.header('authorization')))) return c.json({ error: 'The service role is required' }, 401)
    const body = await readBody(c)
    const row = typeof body?.subscription === 'string' ? await subscriptionById(body.subscription) : undefined
    if (!row) return missing(c)
    const reason = body?.reason === 'duplicate' || body?.reason === 'requested_by_customer' ? body.reason : null
    await db.query('update local_stack.subscriptions set refunded = true where id = $1', [row.id])
    return c.json({ id: `re_local_${row.id.slice(4)}`, object: 'refund', amount: offerOf(row).amount, currency: offerOf(row).currency, reason, status: 'succeeded' })
  })

  // ---------- simulations for tests (service role) ----------

  /** The subscription of `{ subscription_id }`, or the newest of `{ user_id }`. */
  async function subscriptionOf(body: Json | null): Promise<SubscriptionRow | undefined> {
    if (!body) return undefined
    await ready(db)
    const { rows } = await db.query<SubscriptionRow>(
      `select * from local_stack.subscriptions where id = $1 or ($1 is null and user_id::text = $2) order by created desc limit 1`,
      [typeof body.subscription_id === 'string' ? body.subscription_id : null, typeof body.user_id === 'string' ? body.user_id : null],
    )
    return rows[0]
  }

  async function simulate(c: Context, change: (row: SubscriptionRow, t: number) => Promise<Json[]>) {
    if (!(await isServiceRole(c.req.header('authorization')))) return c.json({ error: 'The service role is required' }, 401)
    const row = await subscriptionOf(await readBody(c))
    if (!row) return c.json({ error: 'No local subscription for that subscription_id or user_id' }, 404)
    const events = await change(row, now())
    const delivered = await deliver(events)
    return c.json({ subscription_id: row.id, delivered }, allDelivered(delivered, events.length) ? 200 : 502)
  }

  // A renewal whose payment fails: the period moves on, the invoice fails, the subscription is past due.
  app.post('/simulate/payment-failed', (c) =>
    simulate(c, async (row, t) => {
      const start = Number(row.current_period_end)
      const { rows } = await db.query<SubscriptionRow>(
        `update local_stack.subscriptions set status = 'past_due', current_period_start = $2, current_period_end = $3, revision = revision + 1
         where id = $1 returning *`,
        [row.id, start, start + PERIOD_SECONDS],
      )
      const now = rows[0]!
      const events = [
        event('invoice.payment_failed', invoice(now, '', false, 'subscription_cycle', start, start + PERIOD_SECONDS, t), t),
        event('customer.subscription.updated', subscriptionObject(now), t, { status: row.status, current_period_end: Number(row.current_period_end) }),
      ]
      await keepInvoices(events)
      return events
    }),
  )

  // The subscription is cancelled now.
  app.post('/simulate/canceled', (c) =>
    simulate(c, async (row, t) => {
      const { rows } = await db.query<SubscriptionRow>(
        `update local_stack.subscriptions set status = 'canceled', canceled_at = $2, ended_at = $2, cancel_at_period_end = false, revision = revision + 1
         where id = $1 returning *`,
        [row.id, t],
      )
      return [event('customer.subscription.deleted', subscriptionObject(rows[0]!), t)]
    }),
  )

  // ---------- the customer portal ----------

  const portalUrl = (id: string) => `${ctx.apiUrl}/local-payments/portal/${id}`
  const PORTAL_ID = /^bps_local_[0-9a-f]{48}$/

  // Stripe's POST /v1/billing_portal/sessions, for create-portal-session (service role).
  app.post('/portal-sessions', async (c) => {
    if (!(await isServiceRole(c.req.header('authorization')))) return c.json({ error: 'The service role is required' }, 401)
    const body = await readBody(c)
    if (!body) return c.json({ error: 'Expected a JSON object' }, 400)
    const { customer, return_url, locale } = body
    if (typeof customer !== 'string' || !/^cus_\w{1,64}$/.test(customer)) return c.json({ error: 'customer must be a customer id' }, 400)
    if (!httpUrl(return_url)) return c.json({ error: 'return_url must be an http(s) URL' }, 400)
    if (locale !== undefined && locale !== 'nb' && locale !== 'en') return c.json({ error: "locale must be 'nb' or 'en'" }, 400)
    await ready(db)
    const { rows: known } = await db.query('select 1 from local_stack.customers where id = $1', [customer])
    if (known.length === 0) {
      return c.json({ error: { type: 'invalid_request_error', code: 'resource_missing', param: 'customer', message: `No such customer: '${customer}'` } }, 404)
    }
    const id = `bps_local_${randomBytes(24).toString('hex')}`
    const { rows } = await db.query<PortalSessionRow>(
      `insert into local_stack.portal_sessions (id, customer_id, return_url, locale, form_token) values ($1, $2, $3, $4, $5) returning *`,
      [id, customer, return_url, locale ?? 'en', randomBytes(32).toString('base64url')],
    )
    const session = rows[0]!
    return c.json({
      id,
      object: 'billing_portal.session',
      customer,
      return_url,
      locale: session.locale,
      created: Math.floor(session.created_at.getTime() / 1000),
      livemode: false,
      url: portalUrl(id),
    })
  })

  /** The session of a portal URL: undefined for a malformed or unknown id; `expired` past its life. */
  async function portalSession(id: string): Promise<{ session: PortalSessionRow; expired: boolean } | undefined> {
    if (!PORTAL_ID.test(id)) return undefined
    await ready(db)
    const { rows } = await db.query<PortalSessionRow & { expired: boolean }>(
      `select *, created_at <= now() - make_interval(secs => $2) as expired from local_stack.portal_sessions where id = $1`,
      [id, PORTAL_SESSION_LIFETIME_S],
    )
    const row = rows[0]
    return row ? { session: row, expired: row.expired } : undefined
  }

  function portalGone(session?: PortalSessionRow): Response {
    const back = session ? `<p><a href="${escapeHtml(session.return_url)}">Return to site</a></p>` : ''
    return htmlResponse(
      standInPage(
        'Portal session expired',
        `<h1>Portal session expired</h1>\n${PORTAL_BANNER}\n<p>This link to the customer portal has expired or does not exist. Open the portal again from the site.</p>\n${back}`,
      ),
      404,
    )
  }

  /** The customer's current subscription (the newest that has not ended), as the portal shows it. */
  async function currentSubscription(customer: string): Promise<SubscriptionRow | undefined> {
    const { rows } = await db.query<SubscriptionRow>(
      `select * from local_stack.subscriptions where customer_id = $1 and status not in ('canceled', 'incomplete_expired')
       order by created desc, id desc limit 1`,
      [customer],
    )
    return rows[0]
  }

  async function portalView(session: PortalSessionRow, extra: { notice?: string; error?: string } = {}): Promise<PortalView> {
    const [{ rows: customers }, subscription, { rows: invoices }] = await Promise.all([
      db.query<{ email: string }>('select email from local_stack.customers where id = $1', [session.customer_id]),
      currentSubscription(session.customer_id),
      db.query<{ object: Json }>('select object from local_stack.invoices where customer_id = $1 order by created desc, id desc limit 100', [session.customer_id]),
    ])
    return { session, email: customers[0]?.email ?? '', subscription, invoices: invoices.map((r) => r.object), ...extra }
  }

  app.get('/portal/:id', async (c) => {
    const found = await portalSession(c.req.param('id'))
    if (!found || found.expired) return portalGone(found?.session)
    const done = c.req.query('done')
    const notice = done && Object.hasOwn(NOTICES, done) ? NOTICES[done] : undefined
    return htmlResponse(portalPage(await portalView(found.session, { notice }), portalUrl(found.session.id)))
  })

  // The confirm step of "Cancel subscription" (a GET: it changes nothing).
  app.get('/portal/:id/cancel', async (c) => {
    const found = await portalSession(c.req.param('id'))
    if (!found || found.expired) return portalGone(found?.session)
    const row = await currentSubscription(found.session.customer_id)
    if (!row || !mayCancel(row)) return c.redirect(portalUrl(found.session.id), 303)
    return htmlResponse(confirmCancelPage(found.session, row, portalUrl(found.session.id)))
  })

  const sameToken = (given: string, expected: string) => {
    const a = Buffer.from(given)
    const b = Buffer.from(expected)
    return a.length === b.length && timingSafeEqual(a, b)
  }

  type Change = { row: SubscriptionRow; events: Json[]; done: string } | null

  /** A portal form's POST: the session must be live, the form must carry the session's token and
   * name a subscription of the session's customer. `change` makes the change at the stand-in and
   * returns the events Stripe would send (null: nothing to change, e.g. a second click). Once the
   * webhook has accepted one of them the site holds the new state (it reads the subscription back);
   * if it accepted none, the change is undone and the page says so. */
  function portalAction(path: string, change: (row: SubscriptionRow, t: number, form: URLSearchParams) => Promise<Change>) {
    app.post(`/portal/:id/${path}`, async (c) => {
      const found = await portalSession(c.req.param('id'))
      if (!found || found.expired) return portalGone(found?.session)
      const { session } = found
      let form: URLSearchParams
      try {
        form = new URLSearchParams(await readText(c, 4 * 1024))
      } catch {
        return htmlResponse(messagePage('Request refused', 'The form was too large.'), 413)
      }
      if (!sameToken(form.get('token') ?? '', session.form_token)) {
        return htmlResponse(messagePage('Request refused', 'This form was not sent from this portal session. Open the portal again from the site.'), 403)
      }
      const named = await subscriptionById(form.get('subscription') ?? '')
      const before = named?.customer_id === session.customer_id ? named : undefined
      if (!before) return htmlResponse(messagePage('Request refused', 'That subscription is not one of this customer’s.'), 404)
      const changed = await change(before, now(), form)
      if (!changed) return c.redirect(portalUrl(session.id), 303)
      const delivered = await deliver(changed.events)
      if (!delivered.some((d) => d.status >= 200 && d.status < 300)) {
        // Nothing reached the site: undo, so that the stand-in and the site agree.
        await db.query(
          `update local_stack.subscriptions set status = $2, cancel_at_period_end = $3, canceled_at = $4, current_period_start = $5,
             current_period_end = $6, ended_at = $7, revision = revision + 1 where id = $1`,
          [before.id, before.status, before.cancel_at_period_end, before.canceled_at, before.current_period_start, before.current_period_end, before.ended_at],
        )
        const failed = delivered.at(-1)
        console.error(`[local stack] the webhook refused ${failed?.type}: ${failed?.status} ${failed?.body}`)
        const error = `The webhook did not accept ${failed?.type ?? 'the event'} (status ${failed?.status || 'unreachable'}). Nothing was changed; try again.`
        return htmlResponse(portalPage(await portalView(session, { error }), portalUrl(session.id)), 502)
      }
      if (delivered.length < changed.events.length || delivered.some((d) => d.status < 200 || d.status >= 300)) {
        console.error(`[local stack] the webhook refused some of the events of ${path}: ${JSON.stringify(delivered)}`)
      }
      await keepInvoices(changed.events)
      return c.redirect(`${portalUrl(session.id)}?done=${changed.done}`, 303)
    })
  }

  // Cancel at the end of the period (Stripe: cancel_at_period_end, canceled_at = when asked).
  portalAction('cancel', async (row, t) => {
    if (!mayCancel(row)) return null
    const { rows } = await db.query<SubscriptionRow>(
      `update local_stack.subscriptions set cancel_at_period_end = true, canceled_at = $2, revision = revision + 1
       where id = $1 and not cancel_at_period_end and status not in ('canceled', 'incomplete_expired', 'incomplete') returning *`,
      [row.id, t],
    )
    const after = rows[0]
    if (!after) return null
    const previous = { cancel_at: null, cancel_at_period_end: false, canceled_at: null }
    return { row: after, events: [event('customer.subscription.updated', subscriptionObject(after), t, previous)], done: 'canceled' }
  })

  // Resume: the cancellation is withdrawn, the subscription renews again.
  portalAction('resume', async (row, t) => {
    if (!mayResume(row)) return null
    const { rows } = await db.query<SubscriptionRow>(
      `update local_stack.subscriptions set cancel_at_period_end = false, canceled_at = null, revision = revision + 1
       where id = $1 and cancel_at_period_end and status not in ('canceled', 'incomplete_expired') returning *`,
      [row.id],
    )
    const after = rows[0]
    if (!after) return null
    const previous = { cancel_at: Number(row.current_period_end), cancel_at_period_end: true, canceled_at: row.canceled_at === null ? null : Number(row.canceled_at) }
    return { row: after, events: [event('customer.subscription.updated', subscriptionObject(after), t, previous)], done: 'resumed' }
  })

  // For tests and demos: the current period ends now, as if its last day had passed. Cancelling
  // at the period's end: the subscription is cancelled (ended now; customer.subscription.deleted).
  // Renewing: a new period starts now, paid by a new invoice (customer.subscription.updated,
  // invoice.paid, invoice.payment_succeeded). The form names the revision of the subscription it
  // showed, so a second click on the same page changes nothing.
  portalAction('end-period', async (row, t, form) => {
    if (!mayEndPeriod(row) || form.get('revision') !== String(row.revision)) return null
    if (row.cancel_at_period_end) {
      const { rows } = await db.query<SubscriptionRow>(
        `update local_stack.subscriptions set status = 'canceled', current_period_end = $2, ended_at = $2, revision = revision + 1
         where id = $1 and cancel_at_period_end and status not in ('canceled', 'incomplete_expired') and revision = $3 returning *`,
        [row.id, t, row.revision],
      )
      const after = rows[0]
      if (!after) return null
      return { row: after, events: [event('customer.subscription.deleted', subscriptionObject(after), t)], done: 'ended' }
    }
    const { rows } = await db.query<SubscriptionRow>(
      `update local_stack.subscriptions set current_period_start = $2, current_period_end = $3, revision = revision + 1
       where id = $1 and not cancel_at_period_end and status in ('active', 'trialing') and revision = $4 returning *`,
      [row.id, t, t + PERIOD_SECONDS, row.revision],
    )
    const after = rows[0]
    if (!after) return null
    const { rows: customers } = await db.query<{ email: string }>('select email from local_stack.customers where id = $1', [after.customer_id])
    const paid = invoice(after, customers[0]?.email ?? '', true, 'subscription_cycle', t, t + PERIOD_SECONDS, t)
    const previous = { items: subscriptionObject(row).items }
    return {
      row: after,
      events: [
        event('customer.subscription.updated', subscriptionObject(after, { latest_invoice: paid.id }), t, previous),
        event('invoice.paid', paid, t),
        event('invoice.payment_succeeded', paid, t),
      ],
      done: 'renewed',
    }
  })

  return app
}
