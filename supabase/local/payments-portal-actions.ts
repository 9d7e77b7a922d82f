// The customer portal's forms (routes under /local-payments; see payments.ts): cancel at the end
// of the period, resume, update the payment method, and, for tests and demos, "End the period now",
// the test clock's renewal and retries (payments-renewals.ts), the card renewals meet, and lost
// webhooks. Each makes its change at the stand-in and sends the signed events Stripe would send; the
// pages are in payments-portal.ts.
import { timingSafeEqual } from 'node:crypto'
import { type Context, Hono } from 'hono'
import { readText } from './http.ts'
import { htmlResponse, messagePage } from './pages.ts'
import { accepted, type PaymentHelpers } from './payments-helpers.ts'
import { paymentMethodPage, portalPage } from './payments-pages.ts'
import { portalGone, portalSession, portalView } from './payments-portal.ts'
import { renew, retry, retryToTheEnd } from './payments-renewals.ts'
import { type InvoiceRow, isCard, isFinal, mayCancel, mayEndPeriod, mayRenew, mayResume, now, type SubscriptionRow } from './payments-store.ts'
import { event, type Json, subscriptionObject } from './payments-stripe-shapes.ts'

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

// For tests and demos: the current period of a subscription cancelling at its end ends now, as if
// its last day had passed: the subscription is cancelled (ended now; customer.subscription.deleted).
// The form names the revision of the subscription it showed, so a second click on the same page
// changes nothing.
const endPeriod: MakeChange = async (h, row, t, form) => {
  if (!mayEndPeriod(row) || form.get('revision') !== String(row.revision)) return null
  const { rows } = await h.db.query<SubscriptionRow>(
    `update local_stack.subscriptions set status = 'canceled', current_period_end = $2, ended_at = $2, revision = revision + 1
     where id = $1 and cancel_at_period_end and status not in ('canceled', 'incomplete_expired') and revision = $3 returning *`,
    [row.id, t, row.revision],
  )
  const after = rows[0]
  if (!after) return null
  return { row: after, events: [event('customer.subscription.deleted', subscriptionObject(after), t)], done: 'ended' }
}

// For tests and demos: the test clock reaches the renewal (payments-renewals.ts), the next
// attempt of a failed one, or runs past the last attempt. Each form names the revision it showed.
const renewNow: MakeChange = async (h, row, _t, form) =>
  mayRenew(row) && form.get('revision') === String(row.revision) ? { ...(await renew(h, row)), done: 'renewed' } : null
const retryNow: MakeChange = async (h, row, _t, form) => {
  const done = form.get('revision') === String(row.revision) ? await retry(h, row) : null
  return done ? { ...done, done: 'retried' } : null
}
const retriesRunOut: MakeChange = async (h, row, _t, form) => {
  const done = form.get('revision') === String(row.revision) ? await retryToTheEnd(h, row) : null
  return done ? { ...done, done: 'retries-over' } : null
}

// For tests and demos: the card renewals are charged to (as if the customer had set it up so).
const renewalCard: MakeChange = async (h, row, t, form) => {
  const card = form.get('card')
  if (!isCard(card) || card === row.default_payment_method || isFinal(row)) return null
  const { rows } = await h.db.query<SubscriptionRow>(
    'update local_stack.subscriptions set default_payment_method = $2, revision = revision + 1 where id = $1 returning *',
    [row.id, card],
  )
  const after = rows[0]!
  return { row: after, events: [event('customer.subscription.updated', subscriptionObject(after), t, { default_payment_method: row.default_payment_method })], done: 'renewal-card' }
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
    const invoicesBefore = await invoicesOf(h, before.id)
    const changed = await change(h, before, now(), form)
    if (!changed) return c.redirect(h.portalUrl(session.id), 303)
    const delivered = await h.deliver(changed.events)
    if (!delivered.some(accepted)) {
      // Nothing reached the site: undo, so that the stand-in and the site agree.
      await h.db.query(
        `update local_stack.subscriptions set status = $2, cancel_at_period_end = $3, canceled_at = $4, current_period_start = $5,
           current_period_end = $6, ended_at = $7, default_payment_method = $8, latest_invoice = $9, revision = revision + 1 where id = $1`,
        [
          before.id,
          before.status,
          before.cancel_at_period_end,
          before.canceled_at,
          before.current_period_start,
          before.current_period_end,
          before.ended_at,
          before.default_payment_method,
          before.latest_invoice,
        ],
      )
      await restoreInvoices(h, before.id, invoicesBefore)
      const failed = delivered.at(-1)
      console.error(`[local stack] the webhook refused ${failed?.type}: ${failed?.status} ${failed?.body}`)
      const error = `The webhook did not accept ${failed?.type ?? 'the event'} (status ${failed?.status || 'unreachable'}). Nothing was changed; try again.`
      return htmlResponse(portalPage(await portalView(h, session, { error }), h.portalUrl(session.id)), 502)
    }
    if (delivered.length < changed.events.length || !delivered.every(accepted)) {
      console.error(`[local stack] the webhook refused some of the events of ${path}: ${JSON.stringify(delivered)}`)
    }
    await h.keepInvoices(changed.events)
    return c.redirect(`${h.portalUrl(session.id)}?done=${changed.done}`, 303)
  })
}

/** The subscription's invoices as they stand, to put back should a change be undone. */
async function invoicesOf(h: PaymentHelpers, subscription: string): Promise<InvoiceRow[]> {
  return (await h.db.query<InvoiceRow>('select * from local_stack.invoices where subscription_id = $1', [subscription])).rows
}

async function restoreInvoices(h: PaymentHelpers, subscription: string, before: InvoiceRow[]): Promise<void> {
  await h.db.query('delete from local_stack.invoices where subscription_id = $1 and not (id = any ($2::text[]))', [subscription, before.map((row) => row.id)])
  for (const row of before) {
    await h.db.query(
      'update local_stack.invoices set status = $2, attempt_count = $3, next_payment_attempt = $4, intent_status = $5, payment_method = $6 where id = $1',
      [row.id, row.status, row.attempt_count, row.next_payment_attempt, row.intent_status, row.payment_method],
    )
  }
}

/** A customer-wide form of the portal (the session's live, its token carried): the change is the
 * customer's, not a subscription's. */
async function customerForm(h: PaymentHelpers, c: Context) {
  const found = await portalSession(h, c.req.param('id') ?? '')
  if (!found || found.expired) return portalGone(found?.session)
  let form: URLSearchParams
  try {
    form = new URLSearchParams(await readText(c, 4 * 1024))
  } catch {
    return htmlResponse(messagePage('Request refused', 'The form was too large.'), 413)
  }
  if (!sameToken(form.get('token') ?? '', found.session.form_token)) {
    return htmlResponse(messagePage('Request refused', 'This form was not sent from this portal session. Open the portal again from the site.'), 403)
  }
  return { session: found.session, form }
}

/** The customer's new card (Stripe's portal: it becomes the customer's invoice_settings default,
 * customer.updated). From a deep link, the customer then goes back where the site asked. */
function paymentMethodRoute(h: PaymentHelpers, app: Hono) {
  app.post('/portal/:id/payment-method', async (c) => {
    const found = await customerForm(h, c)
    if (found instanceof Response) return found
    const { session, form } = found
    const card = form.get('card')
    if (!isCard(card)) return htmlResponse(paymentMethodPage({ ...(await portalView(h, session)), error: 'Choose a card.' }, h.portalUrl(session.id)), 400)
    const { rows: before } = await h.db.query<{ default_payment_method: string | null }>('select default_payment_method from local_stack.customers where id = $1', [session.customer_id])
    const { rows } = await h.db.query<{ id: string; email: string; user_id: string }>(
      'update local_stack.customers set default_payment_method = $2 where id = $1 returning id, email, user_id',
      [session.customer_id, card],
    )
    const customer = { id: rows[0]!.id, object: 'customer', email: rows[0]!.email, invoice_settings: { default_payment_method: card }, metadata: { user_id: rows[0]!.user_id } }
    await h.deliver([event('customer.updated', customer, now(), { invoice_settings: { default_payment_method: before[0]?.default_payment_method ?? null } })])
    if (session.flow === 'payment_method_update') return c.redirect(session.flow_return_url ?? session.return_url, 303)
    return c.redirect(`${h.portalUrl(session.id)}?done=card-updated`, 303)
  })
}

/** For tests and demos: the webhooks of the customer's next change are lost (payments-helpers.ts). */
function loseWebhooksRoute(h: PaymentHelpers, app: Hono) {
  app.post('/portal/:id/lose-webhooks', async (c) => {
    const found = await customerForm(h, c)
    if (found instanceof Response) return found
    await h.db.query('update local_stack.customers set lose_webhooks = true where id = $1', [found.session.customer_id])
    return c.redirect(`${h.portalUrl(found.session.id)}?done=lose-webhooks`, 303)
  })
}

export function portalActionRoutes(h: PaymentHelpers): Hono {
  const app = new Hono()
  portalAction(h, app, 'cancel', cancel)
  portalAction(h, app, 'resume', resume)
  portalAction(h, app, 'end-period', endPeriod)
  portalAction(h, app, 'renew', renewNow)
  portalAction(h, app, 'retry', retryNow)
  portalAction(h, app, 'retries-run-out', retriesRunOut)
  portalAction(h, app, 'renewal-card', renewalCard)
  paymentMethodRoute(h, app)
  loseWebhooksRoute(h, app)
  return app
}
