// The payment stand-in's customer portal: Stripe's POST /v1/billing_portal/sessions for
// create-portal-session, and the portal's pages (routes under /local-payments; see payments.ts).
// Its forms' POSTs, which change the subscription, are in payments-portal-actions.ts.
import { randomBytes } from 'node:crypto'
import { Hono } from 'hono'
import { htmlResponse } from './pages.ts'
import { httpUrl, type PaymentHelpers } from './payments-helpers.ts'
import { confirmCancelPage, NOTICES, paymentMethodPage, type PortalView, portalGonePage, portalPage } from './payments-pages.ts'
import { cardFor, retryDue } from './payments-renewals.ts'
import { type InvoiceRow, mayCancel, now, PORTAL_SESSION_LIFETIME_S, type PortalSessionRow, ready, type SubscriptionRow } from './payments-store.ts'

const PORTAL_ID = /^bps_local_[0-9a-f]{48}$/

export const portalGone = (session?: PortalSessionRow) => htmlResponse(portalGonePage(session), 404)

/** The session of a portal URL: undefined for a malformed or unknown id; `expired` past its life. */
export async function portalSession(h: PaymentHelpers, id: string): Promise<{ session: PortalSessionRow; expired: boolean } | undefined> {
  if (!PORTAL_ID.test(id)) return undefined
  await ready(h.db)
  const { rows } = await h.db.query<PortalSessionRow & { expired: boolean }>(
    `select *, created_at <= now() - make_interval(secs => $2) as expired from local_stack.portal_sessions where id = $1`,
    [id, PORTAL_SESSION_LIFETIME_S],
  )
  const row = rows[0]
  return row ? { session: row, expired: row.expired } : undefined
}

/** The customer's current subscription (the newest that has not ended), as the portal shows it. */
async function currentSubscription(h: PaymentHelpers, customer: string): Promise<SubscriptionRow | undefined> {
  const { rows } = await h.db.query<SubscriptionRow>(
    `select * from local_stack.subscriptions where customer_id = $1 and status not in ('canceled', 'incomplete_expired')
     order by created desc, id desc limit 1`,
    [customer],
  )
  return rows[0]
}

type CustomerState = { email: string; default_payment_method: string | null; clock_offset: number; lose_webhooks: boolean }

/** What the portal page shows: the customer, its current subscription and its invoices, and the
 * stand-in's own state (its test clock, the card renewals use, webhooks to be lost). */
export async function portalView(h: PaymentHelpers, session: PortalSessionRow, extra: { notice?: string; error?: string } = {}): Promise<PortalView> {
  const [{ rows: customers }, subscription, { rows: invoices }] = await Promise.all([
    h.db.query<CustomerState>('select email, default_payment_method, clock_offset, lose_webhooks from local_stack.customers where id = $1', [session.customer_id]),
    currentSubscription(h, session.customer_id),
    h.db.query<InvoiceRow>('select * from local_stack.invoices where customer_id = $1 order by created desc, id desc limit 100', [session.customer_id]),
  ])
  const customer = customers[0]
  return {
    session,
    email: customer?.email ?? '',
    subscription,
    invoices: invoices.map((row) => h.invoiceObject(row)),
    customerCard: customer?.default_payment_method ?? null,
    renewalCard: subscription ? await cardFor(h, subscription) : null,
    clock: now() + Number(customer?.clock_offset ?? 0),
    clockAhead: Number(customer?.clock_offset ?? 0) > 0,
    loseWebhooks: customer?.lose_webhooks ?? false,
    retryDue: subscription ? ((await retryDue(h, subscription)) ?? null) : null,
    ...extra,
  }
}

/** Stripe's deep link into the portal (`flow_data`): only the update of the payment method, which
 * then sends the customer to its `after_completion` redirect. */
function flowOf(value: unknown): { type: 'payment_method_update'; returnUrl: string } | null | 'invalid' {
  if (value === undefined || value === null) return null
  const flow = value as { type?: unknown; after_completion?: { type?: unknown; redirect?: { return_url?: unknown } } }
  const returnUrl = flow.after_completion?.redirect?.return_url
  if (flow.type !== 'payment_method_update' || flow.after_completion?.type !== 'redirect' || !httpUrl(returnUrl)) return 'invalid'
  return { type: 'payment_method_update', returnUrl }
}

/** Stripe's POST /v1/billing_portal/sessions, for create-portal-session and fix-payment (service role). */
function portalSessionRoutes(h: PaymentHelpers): Hono {
  const app = new Hono()

  app.post('/portal-sessions', async (c) => {
    if (!(await h.isServiceRole(c.req.header('authorization')))) return c.json({ error: 'The service role is required' }, 401)
    const body = await h.readBody(c)
    if (!body) return c.json({ error: 'Expected a JSON object' }, 400)
    const { customer, return_url, locale } = body
    if (typeof customer !== 'string' || !/^cus_\w{1,64}$/.test(customer)) return c.json({ error: 'customer must be a customer id' }, 400)
    if (!httpUrl(return_url)) return c.json({ error: 'return_url must be an http(s) URL' }, 400)
    if (locale !== undefined && locale !== 'nb' && locale !== 'en') return c.json({ error: "locale must be 'nb' or 'en'" }, 400)
    const flow = flowOf(body.flow_data)
    if (flow === 'invalid') return c.json({ error: "flow_data must be { type: 'payment_method_update', after_completion: { type: 'redirect', redirect: { return_url } } }" }, 400)
    await ready(h.db)
    const { rows: known } = await h.db.query('select 1 from local_stack.customers where id = $1', [customer])
    if (known.length === 0) {
      return c.json({ error: { type: 'invalid_request_error', code: 'resource_missing', param: 'customer', message: `No such customer: '${customer}'` } }, 404)
    }
    const id = `bps_local_${randomBytes(24).toString('hex')}`
    const { rows } = await h.db.query<PortalSessionRow>(
      `insert into local_stack.portal_sessions (id, customer_id, return_url, locale, form_token, flow, flow_return_url) values ($1, $2, $3, $4, $5, $6, $7) returning *`,
      [id, customer, return_url, locale ?? 'en', randomBytes(32).toString('base64url'), flow?.type ?? null, flow?.returnUrl ?? null],
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
      url: h.portalUrl(id),
    })
  })

  return app
}

/** The portal's pages: the portal, and the confirm step of "Cancel subscription". */
function portalPageRoutes(h: PaymentHelpers): Hono {
  const app = new Hono()

  app.get('/portal/:id', async (c) => {
    const found = await portalSession(h, c.req.param('id'))
    if (!found || found.expired) return portalGone(found?.session)
    // A deep link opens on the card's update.
    if (found.session.flow === 'payment_method_update') return htmlResponse(paymentMethodPage(await portalView(h, found.session), h.portalUrl(found.session.id)))
    const done = c.req.query('done')
    const notice = done && Object.hasOwn(NOTICES, done) ? NOTICES[done] : undefined
    return htmlResponse(portalPage(await portalView(h, found.session, { notice }), h.portalUrl(found.session.id)))
  })

  // The update of the payment method (a GET: it changes nothing).
  app.get('/portal/:id/payment-method', async (c) => {
    const found = await portalSession(h, c.req.param('id'))
    if (!found || found.expired) return portalGone(found?.session)
    return htmlResponse(paymentMethodPage(await portalView(h, found.session), h.portalUrl(found.session.id)))
  })

  // The confirm step of "Cancel subscription" (a GET: it changes nothing).
  app.get('/portal/:id/cancel', async (c) => {
    const found = await portalSession(h, c.req.param('id'))
    if (!found || found.expired) return portalGone(found?.session)
    const row = await currentSubscription(h, found.session.customer_id)
    if (!row || !mayCancel(row)) return c.redirect(h.portalUrl(found.session.id), 303)
    return htmlResponse(confirmCancelPage(found.session, row, h.portalUrl(found.session.id)))
  })

  return app
}

export function portalRoutes(h: PaymentHelpers): Hono {
  return new Hono().route('/', portalSessionRoutes(h)).route('/', portalPageRoutes(h))
}
