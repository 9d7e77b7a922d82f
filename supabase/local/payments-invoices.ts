// The payment stand-in's invoices (routes under /local-payments; see payments.ts): Stripe's invoice
// API for the functions (service role: read one, read its payments, pay it off session), and the
// invoice's page, Stripe's hosted_invoice_url, where the customer pays an open invoice with a card
// of their choice and confirms a payment their bank asks about (3-D Secure). Anyone with the link may
// open it, as Stripe's; its forms carry the invoice's own token. Each payment sends Stripe's events.
import { timingSafeEqual } from 'node:crypto'
import { type Context, Hono } from 'hono'
import { readText } from './http.ts'
import { htmlResponse, messagePage } from './pages.ts'
import type { PaymentHelpers } from './payments-helpers.ts'
import { invoiceDocument } from './payments-invoice-document.ts'
import { type InvoiceView, invoicePage } from './payments-invoice-pages.ts'
import { cardFor, charge } from './payments-renewals.ts'
import { type InvoiceRow, isCard, now } from './payments-store.ts'
import { event, type Json } from './payments-stripe-shapes.ts'

const missing = (c: Context) => c.json({ error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such invoice' } }, 404)

/** Stripe's answers to invoices.pay that did not pay: the card's refusal, or the bank's wish. */
const refusal = (outcome: 'declined' | 'requires_action') =>
  outcome === 'declined'
    ? { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } }
    : { error: { type: 'invalid_request_error', code: 'invoice_payment_intent_requires_action', message: 'This payment requires additional user action before it can be completed successfully.' } }

/** The invoice's latest payment, as Stripe's invoice_payments list has it. */
function paymentOf(row: InvoiceRow, expand: boolean): Json {
  const intentId = `pi_${row.id.slice(3)}_${Number(row.attempt_count)}`
  const intent = expand ? { id: intentId, object: 'payment_intent', status: row.intent_status, payment_method: row.payment_method } : intentId
  return { id: `inpay_${row.id.slice(3)}`, object: 'invoice_payment', invoice: row.id, status: row.status === 'paid' ? 'paid' : 'open', payment: { type: 'payment_intent', payment_intent: intent } }
}

function invoiceApi(h: PaymentHelpers): Hono {
  const app = new Hono()
  const service = async (c: Context) => h.isServiceRole(c.req.header('authorization'))

  app.get('/invoices/:id', async (c) => {
    if (!(await service(c))) return c.json({ error: 'The service role is required' }, 401)
    const row = await h.invoiceById(c.req.param('id'))
    return row ? c.json(h.invoiceObject(row)) : missing(c)
  })

  app.get('/invoice_payments', async (c) => {
    if (!(await service(c))) return c.json({ error: 'The service role is required' }, 401)
    const row = await h.invoiceById(c.req.query('invoice') ?? '')
    const expand = (c.req.queries('expand[]') ?? []).includes('data.payment.payment_intent')
    const data = row && (Number(row.attempt_count) > 0 || row.status === 'paid') ? [paymentOf(row, expand)] : []
    return c.json({ object: 'list', data, has_more: false, url: '/v1/invoice_payments' })
  })

  // Stripe's invoices.pay, off session (the customer is not there to confirm with their bank).
  app.post('/invoices/:id/pay', async (c) => {
    if (!(await service(c))) return c.json({ error: 'The service role is required' }, 401)
    const row = await h.invoiceById(c.req.param('id'))
    if (!row) return missing(c)
    if (row.status !== 'open') return c.json({ error: { type: 'invalid_request_error', code: 'invoice_already_paid', message: 'Invoice is already paid' } }, 400)
    const body = await h.readBody(c)
    if (body?.payment_method !== undefined && !isCard(body.payment_method)) return c.json({ error: { type: 'invalid_request_error', code: 'resource_missing', param: 'payment_method' } }, 400)
    const subscription = (await h.subscriptionById(row.subscription_id))!
    const card = isCard(body?.payment_method) ? body.payment_method : await cardFor(h, subscription)
    const { outcome, events } = await charge(h, row, card, 'manual')
    await h.deliver(events)
    if (outcome !== 'paid') return c.json(refusal(outcome), 402)
    return c.json(h.invoiceObject((await h.invoiceById(row.id))!))
  })

  return app
}

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** What the invoice's page shows. */
async function viewOf(h: PaymentHelpers, row: InvoiceRow, done?: string): Promise<InvoiceView> {
  const subscription = await h.subscriptionById(row.subscription_id)
  return { invoice: h.invoiceObject(row), row, plan: subscription?.plan ?? null, cardOnFile: subscription ? await cardFor(h, subscription) : null, done }
}

/** A form of the invoice's page: the invoice must be open and the form carry its token. */
async function pageForm(h: PaymentHelpers, c: Context): Promise<{ row: InvoiceRow; form: URLSearchParams } | Response> {
  const row = await h.invoiceById(c.req.param('id') ?? '')
  if (!row) return htmlResponse(messagePage('Invoice not found', 'This invoice does not exist.'), 404)
  let form: URLSearchParams
  try {
    form = new URLSearchParams(await readText(c, 4 * 1024))
  } catch {
    return htmlResponse(messagePage('Request refused', 'The form was too large.'), 413)
  }
  if (!sameToken(form.get('token') ?? '', row.form_token)) return htmlResponse(messagePage('Request refused', 'This form was not sent from this invoice’s page.'), 403)
  return { row, form }
}

function invoicePageRoutes(h: PaymentHelpers): Hono {
  const app = new Hono()
  const back = (row: InvoiceRow, done: string) => `${h.invoicePageUrl(row.id)}?done=${done}`

  app.get('/invoice/:id', async (c) => {
    const row = await h.invoiceById(c.req.param('id'))
    if (!row) return htmlResponse(messagePage('Invoice not found', 'This invoice does not exist.'), 404)
    return htmlResponse(invoicePage(await viewOf(h, row, c.req.query('done')), h.invoicePageUrl(row.id)))
  })

  // The invoice as a document a browser prints (Stripe's invoice_pdf), in the buyer's language.
  app.get('/invoice/:id/document', async (c) => {
    const row = await h.invoiceById(c.req.param('id'))
    if (!row) return htmlResponse(messagePage('Invoice not found', 'This invoice does not exist.'), 404)
    return htmlResponse(invoiceDocument(h.invoiceObject(row)))
  })

  // Pay with the card chosen on the page (the customer is there: a bank's question shows next).
  app.post('/invoice/:id/pay', async (c) => {
    const found = await pageForm(h, c)
    if (found instanceof Response) return found
    const { row, form } = found
    if (row.status !== 'open') return c.redirect(h.invoicePageUrl(row.id), 303)
    const card = form.get('card')
    if (!isCard(card)) return htmlResponse(invoicePage({ ...(await viewOf(h, row)), error: 'Choose a card.' }, h.invoicePageUrl(row.id)), 400)
    const { outcome, events } = await charge(h, row, card, 'manual')
    await h.deliver(events)
    return c.redirect(back(row, outcome === 'paid' ? 'paid' : outcome === 'declined' ? 'declined' : 'confirm'), 303)
  })

  // The bank's question (3-D Secure), answered by the customer: confirmed, the payment is made.
  app.post('/invoice/:id/authenticate', async (c) => {
    const found = await pageForm(h, c)
    if (found instanceof Response) return found
    const { row, form } = found
    if (row.status !== 'open' || row.intent_status !== 'requires_action') return c.redirect(h.invoicePageUrl(row.id), 303)
    if (form.get('result') === 'complete') {
      const { events } = await charge(h, row, row.payment_method, 'authenticated')
      await h.deliver(events)
      return c.redirect(back(row, 'paid'), 303)
    }
    const { rows } = await h.db.query<InvoiceRow>(`update local_stack.invoices set intent_status = 'requires_payment_method' where id = $1 returning *`, [row.id])
    await h.deliver([event('invoice.payment_failed', h.invoiceObject(rows[0]!), now())])
    return c.redirect(back(row, 'not-confirmed'), 303)
  })

  return app
}

export function invoiceRoutes(h: PaymentHelpers): Hono {
  return new Hono().route('/', invoiceApi(h)).route('/', invoicePageRoutes(h))
}
