// The customer portal's forms (routes under /local-payments; see payments.ts): cancel at the end
// of the period, resume, and "End the period now" for tests and demos. Each makes its change at
// the stand-in and sends the signed events Stripe would send; the pages are in payments-portal.ts.
import { timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import { readText } from './http.ts'
import { htmlResponse, messagePage } from './pages.ts'
import type { PaymentHelpers } from './payments-helpers.ts'
import { portalPage } from './payments-pages.ts'
import { portalGone, portalSession, portalView } from './payments-portal.ts'
import { mayCancel, mayEndPeriod, mayResume, now, PERIOD_SECONDS, type SubscriptionRow } from './payments-store.ts'
import { event, invoice, type Json, subscriptionObject } from './payments-stripe-shapes.ts'

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** A change made at the stand-in: the subscription after it, Stripe's events, the page's notice. */
type Change = { row: SubscriptionRow; events: Json[]; done: string } | null
type MakeChange = (h: PaymentHelpers, row: SubscriptionRow, t: number, form: URLSearchParams) => Promise<Change>

// Cancel at the end of the period (Stripe: cancel_at_period_end, canceled_at = when asked).
const cancel: MakeChange = async (h, row, t) => {
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
}

// Resume: the cancellation is withdrawn, the subscription renews again.
const resume: MakeChange = async (h, row, t) => {
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
}

// For tests and demos: the current period ends now, as if its last day had passed. Cancelling
// at the period's end: the subscription is cancelled (ended now; customer.subscription.deleted).
// Renewing: a new period starts now, paid by a new invoice (customer.subscription.updated,
// invoice.paid, invoice.payment_succeeded). The form names the revision of the subscription it
// showed, so a second click on the same page changes nothing.
const endPeriod: MakeChange = async (h, row, t, form) => {
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
}

/** A portal form's POST: the session must be live, the form must carry the session's token and
 * name a subscription of the session's customer. `change` makes the change at the stand-in and
 * returns the events Stripe would send (null: nothing to change, e.g. a second click). Once the
 * webhook has accepted one of them the site holds the new state (it reads the subscription back);
 * if it accepted none, the change is undone and the page says so. */
function portalAction(h: PaymentHelpers, app: Hono, path: string, change: MakeChange) {
  app.post(`/portal/:id/${path}`, async (c) => {
    const found = await portalSession(h, c.req.param('id'))
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
    const changed = await change(h, before, now(), form)
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
      return htmlResponse(portalPage(await portalView(h, session, { error }), h.portalUrl(session.id)), 502)
    }
    if (delivered.length < changed.events.length || delivered.some((d) => d.status < 200 || d.status >= 300)) {
      console.error(`[local stack] the webhook refused some of the events of ${path}: ${JSON.stringify(delivered)}`)
    }
    await h.keepInvoices(changed.events)
    return c.redirect(`${h.portalUrl(session.id)}?done=${changed.done}`, 303)
  })
}

export function portalActionRoutes(h: PaymentHelpers): Hono {
  const app = new Hono()
  portalAction(h, app, 'cancel', cancel)
  portalAction(h, app, 'resume', resume)
  portalAction(h, app, 'end-period', endPeriod)
  return app
}
