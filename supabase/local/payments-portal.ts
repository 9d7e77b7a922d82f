// The payment stand-in's customer portal: Stripe's POST /v1/billing_portal/sessions for
// create-portal-session, and the portal's pages and forms (routes under /local-payments; see
// payments.ts).
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import { readText } from './http.ts'
import { htmlResponse, messagePage } from './pages.ts'
import { httpUrl, type PaymentHelpers } from './payments-helpers.ts'
import { confirmCancelPage, NOTICES, type PortalView, portalGonePage, portalPage } from './payments-pages.ts'
import { mayCancel, mayEndPeriod, mayResume, now, PERIOD_SECONDS, PORTAL_SESSION_LIFETIME_S, type PortalSessionRow, ready, type SubscriptionRow } from './payments-store.ts'
import { event, invoice, type Json, subscriptionObject } from './payments-stripe-shapes.ts'

const PORTAL_ID = /^bps_local_[0-9a-f]{48}$/

const portalGone = (session?: PortalSessionRow) => htmlResponse(portalGonePage(session), 404)

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

type Change = { row: SubscriptionRow; events: Json[]; done: string } | null

export function portalRoutes(h: PaymentHelpers): Hono {
  const app = new Hono()

  // Stripe's POST /v1/billing_portal/sessions, for create-portal-session (service role).
  app.post('/portal-sessions', async (c) => {
    if (!(await h.isServiceRole(c.req.header('authorization')))) return c.json({ error: 'The service role is required' }, 401)
    const body = await h.readBody(c)
    if (!body) return c.json({ error: 'Expected a JSON object' }, 400)
    const { customer, return_url, locale } = body
    if (typeof customer !== 'string' || !/^cus_\w{1,64}$/.test(customer)) return c.json({ error: 'customer must be a customer id' }, 400)
    if (!httpUrl(return_url)) return c.json({ error: 'return_url must be an http(s) URL' }, 400)
    if (locale !== undefined && locale !== 'nb' && locale !== 'en') return c.json({ error: "locale must be 'nb' or 'en'" }, 400)
    await ready(h.db)
    const { rows: known } = await h.db.query('select 1 from local_stack.customers where id = $1', [customer])
    if (known.length === 0) {
      return c.json({ error: { type: 'invalid_request_error', code: 'resource_missing', param: 'customer', message: `No such customer: '${customer}'` } }, 404)
    }
    const id = `bps_local_${randomBytes(24).toString('hex')}`
    const { rows } = await h.db.query<PortalSessionRow>(
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
      url: h.portalUrl(id),
    })
  })

  /** The session of a portal URL: undefined for a malformed or unknown id; `expired` past its life. */
  async function portalSession(id: string): Promise<{ session: PortalSessionRow; expired: boolean } | undefined> {
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
  async function currentSubscription(customer: string): Promise<SubscriptionRow | undefined> {
    const { rows } = await h.db.query<SubscriptionRow>(
      `select * from local_stack.subscriptions where customer_id = $1 and status not in ('canceled', 'incomplete_expired')
       order by created desc, id desc limit 1`,
      [customer],
    )
    return rows[0]
  }

  async function portalView(session: PortalSessionRow, extra: { notice?: string; error?: string } = {}): Promise<PortalView> {
    const [{ rows: customers }, subscription, { rows: invoices }] = await Promise.all([
      h.db.query<{ email: string }>('select email from local_stack.customers where id = $1', [session.customer_id]),
      currentSubscription(session.customer_id),
      h.db.query<{ object: Json }>('select object from local_stack.invoices where customer_id = $1 order by created desc, id desc limit 100', [session.customer_id]),
    ])
    return { session, email: customers[0]?.email ?? '', subscription, invoices: invoices.map((r) => r.object), ...extra }
  }

  app.get('/portal/:id', async (c) => {
    const found = await portalSession(c.req.param('id'))
    if (!found || found.expired) return portalGone(found?.session)
    const done = c.req.query('done')
    const notice = done && Object.hasOwn(NOTICES, done) ? NOTICES[done] : undefined
    return htmlResponse(portalPage(await portalView(found.session, { notice }), h.portalUrl(found.session.id)))
  })

  // The confirm step of "Cancel subscription" (a GET: it changes nothing).
  app.get('/portal/:id/cancel', async (c) => {
    const found = await portalSession(c.req.param('id'))
    if (!found || found.expired) return portalGone(found?.session)
    const row = await currentSubscription(found.session.customer_id)
    if (!row || !mayCancel(row)) return c.redirect(h.portalUrl(found.session.id), 303)
    return htmlResponse(confirmCancelPage(found.session, row, h.portalUrl(found.session.id)))
  })

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
      const named = await h.subscriptionById(form.get('subscription') ?? '')
      const before = named?.customer_id === session.customer_id ? named : undefined
      if (!before) return htmlResponse(messagePage('Request refused', 'That subscription is not one of this customer’s.'), 404)
      const changed = await change(before, now(), form)
      if (!changed) return c.redirect(h.portalUrl(session.id), 303)
      const delivered = await h.deliver(changed.events)
      if (!delivered.some((d) => d.status >= 200 && d.status < 300)) {
        // Nothing reached the site: undo, so that the stand-in and the site agree.
        await h.db.query(
          `update local_stack.subscriptions set status = $2, cancel_at_period_end = $3, canceled_at = $4, current_period_start = $5,
             current_period_end = $6, ended_at = $7, revision = revision + 1 where id = $1`,
          [before.id, before.status, before.cancel_at_period_end, before.canceled_at, before.current_period_start, before.current_period_end, before.ended_at],
        )
        const failed = delivered.at(-1)
        console.error(`[local stack] the webhook refused ${failed?.type}: ${failed?.status} ${failed?.body}`)
        const error = `The webhook did not accept ${failed?.type ?? 'the event'} (status ${failed?.status || 'unreachable'}). Nothing was changed; try again.`
        return htmlResponse(portalPage(await portalView(session, { error }), h.portalUrl(session.id)), 502)
      }
      if (delivered.length < changed.events.length || delivered.some((d) => d.status < 200 || d.status >= 300)) {
        console.error(`[local stack] the webhook refused some of the events of ${path}: ${JSON.stringify(delivered)}`)
      }
      await h.keepInvoices(changed.events)
      return c.redirect(`${h.portalUrl(session.id)}?done=${changed.done}`, 303)
    })
  }

  // Cancel at the end of the period (Stripe: cancel_at_period_end, canceled_at = when asked).
  portalAction('cancel', async (row, t) => {
    if (!mayCancel(row)) return null
    const { rows } = await h.db.query<SubscriptionRow>(
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
    const { rows } = await h.db.query<SubscriptionRow>(
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
      const { rows } = await h.db.query<SubscriptionRow>(
        `update local_stack.subscriptions set status = 'canceled', current_period_end = $2, ended_at = $2, revision = revision + 1
         where id = $1 and cancel_at_period_end and status not in ('canceled', 'incomplete_expired') and revision = $3 returning *`,
        [row.id, t, row.revision],
      )
      const after = rows[0]
      if (!after) return null
      return { row: after, events: [event('customer.subscription.deleted', subscriptionObject(after), t)], done: 'ended' }
    }
    const { rows } = await h.db.query<SubscriptionRow>(
      `update local_stack.subscriptions set current_period_start = $2, current_period_end = $3, revision = revision + 1
       where id = $1 and not cancel_at_period_end and status in ('active', 'trialing') and revision = $4 returning *`,
      [row.id, t, t + PERIOD_SECONDS, row.revision],
    )
    const after = rows[0]
    if (!after) return null
    const { rows: customers } = await h.db.query<{ email: string }>('select email from local_stack.customers where id = $1', [after.customer_id])
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
