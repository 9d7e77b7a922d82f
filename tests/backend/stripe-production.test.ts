// The functions' production branch: STRIPE_SECRET_KEY set, the stripe SDK pointed at a server in
// Stripe's shapes (tests/backend/fake-stripe.ts, through the SDK's host, port and protocol
// settings). What the site does at Stripe is asserted by what that server received: checkout
// sessions made and expired, subscriptions cancelled, payments refunded; customers made in the
// account's language; the portal opened on the card's update (flow_data), the new card set on the
// subscription and the open invoice paid with it; the nightly reconciliation's lists (every
// subscription, the undelivered events), and its check of the portal's setting.
import Stripe from 'stripe'
import { describe, expect, it, vi } from 'vitest'
import { HANDLED_EVENTS } from '../../supabase/functions/_shared/payment-ledger.ts'
import type { FakeInvoice } from './fake-stripe.ts'
import { confirmedUser, mails, stackAndStripe, TEST_BUYER } from './helpers.ts'

const files = stackAndStripe({}, { stripeForFunctions: true })

type Signed = Awaited<ReturnType<typeof confirmedUser>>
let serial = 0

/** Stripe's delivery of one event to the stack's webhook, signed with the stack's secret. */
const deliver = (type: string, object: Record<string, unknown>) => deliverWith(type, object)

async function deliverWith(type: string, object: Record<string, unknown>, previous?: Record<string, unknown>) {
  const event = {
    id: `evt_prod_${++serial}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: files.stripe.clock.now,
    livemode: false,
    type,
    data: previous ? { object, previous_attributes: previous } : { object },
  }
  const payload = JSON.stringify(event)
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: files.stack.webhookSecret, cryptoProvider: Stripe.createSubtleCryptoProvider() })
  const res = await fetch(`${files.stack.url}/functions/v1/stripe-webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature }, body: payload })
  expect(res.status).toBe(200)
  return ((await res.json()) as { result: string }).result
}

/** A checkout tab: create-checkout makes a Checkout Session at Stripe; answers its id. */
async function openCheckout(user: Signed): Promise<string> {
  const before = new Set(files.stripe.checkoutSessions.keys())
  const { data, error } = await user.sb.functions.invoke('create-checkout', { body: { productType: 'pro', lang: 'en', buyer: TEST_BUYER } })
  expect(error).toBeNull()
  expect((data as { url: string }).url).toMatch(/^https:\/\/checkout\.stripe\.com\//)
  const [id] = [...files.stripe.checkoutSessions.keys()].filter((key) => !before.has(key))
  return id!
}

const since = (mark: number) => files.stripe.requests.slice(mark)
const rowsOf = async (userId: string) =>
  (await files.stack.db.query<{ stripe_subscription_id: string; status: string }>('select stripe_subscription_id, status from public.subscriptions where user_id = $1', [userId])).rows

describe('delete-account with Stripe', () => {
  it('expires the open checkout sessions, cancels the running subscription at Stripe (no refund), then deletes the account', async () => {
    const user = await confirmedUser(files.stack)
    const first = await openCheckout(user)
    const second = await openCheckout(user)
    for (const e of files.stripe.completeCheckout(first)) await deliver(e.type, e.object)
    const [row] = await rowsOf(user.user.id)
    expect(row).toMatchObject({ status: 'active' })
    const subscription = row!.stripe_subscription_id

    const mark = files.stripe.requests.length
    const { data, error } = await user.sb.functions.invoke('delete-account', { body: { confirm: user.email } })
    expect(error).toBeNull()
    expect(data).toEqual({ deleted: true })

    const customer = files.stripe.checkoutSessions.get(first)!.customer
    expect(since(mark)).toEqual(
      expect.arrayContaining([
        `GET /v1/checkout/sessions`,
        `POST /v1/checkout/sessions/${second}/expire`,
        `DELETE /v1/subscriptions/${subscription}`,
      ]),
    )
    expect(files.stripe.checkoutSessions.get(second)!.status).toBe('expired')
    expect(() => files.stripe.completeCheckout(second)).toThrow(/expired/)
    expect(files.stripe.subscriptions.get(subscription)!.status).toBe('canceled')
    // The month already paid for is not refunded (the terms say so).
    expect(files.stripe.refunds.filter((r) => r.paymentIntent === `pi_${subscription}`)).toEqual([])
    expect((await files.stack.db.query('select 1 from auth.users where id = $1', [user.user.id])).rows).toHaveLength(0)
    expect((await files.stack.db.query('select 1 from public.billing_customers where stripe_customer_id = $1', [customer])).rows).toHaveLength(0)

    // Stripe's event for the cancellation arrives after the account is gone: kept, nothing else.
    const refundsBefore = files.stripe.refunds.length
    expect(await deliver('customer.subscription.deleted', files.stripe.object(files.stripe.subscriptions.get(subscription)!))).toBe('unlinked')
    expect(files.stripe.refunds).toHaveLength(refundsBefore)
  })

  it('a checkout paid just before the account was deleted, its events arriving after: Stripe refunds and cancels it', async () => {
    const user = await confirmedUser(files.stack)
    const session = await openCheckout(user)
    // Paid at Stripe; Stripe's events are still on their way when the account is deleted.
    const events = files.stripe.completeCheckout(session)
    const subscription = files.stripe.checkoutSessions.get(session)!.subscription!
    expect((await user.sb.functions.invoke('delete-account', { body: { confirm: user.email } })).data).toEqual({ deleted: true })
    expect(files.stripe.subscriptions.get(subscription)!.status).toBe('active')

    const mark = files.stripe.requests.length
    const results = []
    for (const e of events) results.push(await deliver(e.type, e.object))
    expect(results[0]).toBe('unlinked')
    expect(since(mark)).toEqual(expect.arrayContaining(['POST /v1/refunds', `DELETE /v1/subscriptions/${subscription}`]))
    expect(files.stripe.refunds.find((r) => r.paymentIntent === `pi_${subscription}`)).toMatchObject({ reason: 'requested_by_customer' })
    expect(files.stripe.subscriptions.get(subscription)!.status).toBe('canceled')
    // Every later delivery of it finds it ended: refunded once, cancelled once.
    expect(files.stripe.requests.filter((r) => r === `DELETE /v1/subscriptions/${subscription}`)).toHaveLength(1)
    expect(files.stripe.refunds.filter((r) => r.paymentIntent === `pi_${subscription}`)).toHaveLength(1)
  })
})

describe('renewals with Stripe', () => {
  /** A Pro customer at Stripe (the checkout's events delivered), in `lang`. */
  async function proAtStripe(lang: 'nb' | 'en') {
    const user = await confirmedUser(files.stack)
    await files.stack.db.query(`update auth.users set raw_user_meta_data = raw_user_meta_data || jsonb_build_object('lang', $2::text) where id = $1`, [user.user.id, lang])
    const before = new Set(files.stripe.checkoutSessions.keys())
    expect((await user.sb.functions.invoke('create-checkout', { body: { productType: 'pro', lang, buyer: TEST_BUYER } })).error).toBeNull()
    const [session] = [...files.stripe.checkoutSessions.keys()].filter((key) => !before.has(key))
    for (const e of files.stripe.completeCheckout(session!)) await deliver(e.type, e.object)
    const subscription = files.stripe.subscriptions.get(files.stripe.checkoutSessions.get(session!)!.subscription!)!
    return { user, subscription }
  }
  const invoiceEvent = (type: string, invoice: FakeInvoice) => deliver(type, files.stripe.invoiceObject(invoice))
  const callsTo = (method: string, path: string | RegExp, mark = 0) =>
    files.stripe.calls.slice(mark).filter((c) => c.method === method && (typeof path === 'string' ? c.path === path : path.test(c.path)))

  it('each finalized invoice is kept for the dashboard as Stripe answers it (number, MVA, buyer, PDF); a late reading never makes a paid one open again', async () => {
    const { user, subscription } = await proAtStripe('nb')
    const start = files.stripe.clock.now
    const invoice = files.stripe.failRenewal(subscription, {
      amountDue: 312_375,
      extra: {
        number: 'VL-0042',
        subtotal: 249_900,
        total: 312_375,
        total_taxes: [{ amount: 62_475, tax_behavior: 'exclusive', taxability_reason: 'standard_rated', taxable_amount: 249_900 }],
        customer_name: 'FJORDLYS RÅDGIVNING AS',
        customer_tax_exempt: 'none',
        customer_tax_ids: [{ type: 'no_vat', value: '923456783MVA' }],
        status_transitions: { finalized_at: start },
        due_date: start,
        lines: { object: 'list', data: [{ period: { start, end: start + 30 * 86_400 } }] },
        invoice_pdf: 'https://pay.stripe.com/invoice/acct_fake/VL-0042/pdf',
      },
    })
    const read = async () => (await user.sb.from('invoices').select('number, status, subtotal, tax, total, tax_treatment, buyer_name, buyer_tax_id, invoice_pdf')).data
    expect(await invoiceEvent('invoice.finalized', invoice)).toBe('applied')
    const row = { number: 'VL-0042', subtotal: 249_900, tax: 62_475, total: 312_375, tax_treatment: 'standard', buyer_name: 'FJORDLYS RÅDGIVNING AS', buyer_tax_id: '923456783MVA', invoice_pdf: 'https://pay.stripe.com/invoice/acct_fake/VL-0042/pdf' }
    expect(await read()).toEqual([{ ...row, status: 'open' }])
    // Paid: the row says so. The event only says "this invoice changed": the ledger reads it from Stripe.
    invoice.status = 'paid'
    invoice.intentStatus = 'succeeded'
    await invoiceEvent('invoice.paid', invoice)
    expect(await read()).toEqual([{ ...row, status: 'paid' }])
    // A reading of its open state arriving late does not undo the payment.
    invoice.status = 'open'
    await invoiceEvent('invoice.payment_failed', invoice)
    expect(await read()).toEqual([{ ...row, status: 'paid' }])
    // A draft (no number yet) is not kept.
    const draft = files.stripe.failRenewal(subscription, { status: 'open' })
    await invoiceEvent('invoice.payment_failed', draft)
    expect(await read()).toHaveLength(1)
  })

  it('the customer is made in the account’s language, so that Stripe’s own e-mails are too', async () => {
    const mark = files.stripe.calls.length
    await proAtStripe('en')
    expect(callsTo('POST', '/v1/customers', mark).map((c) => c.params['preferred_locales[0]'])).toEqual(['en'])
  })

  it('a failed renewal: past due (Pro kept), one e-mail with the invoice’s page; fix-payment opens the portal on the card’s update; the new default card is set on the subscription and pays the open invoice', async () => {
    const { user, subscription } = await proAtStripe('nb')
    const invoice = files.stripe.failRenewal(subscription)
    expect(await invoiceEvent('invoice.payment_failed', invoice)).toBe('applied')
    expect(await deliver('customer.subscription.updated', files.stripe.object(subscription))).toBe('applied')
    const [row] = await rowsOf(user.user.id)
    expect(row).toMatchObject({ status: 'past_due' })
    const sent = (await mails(files.stack, user.email)).filter((m) => m.subject === 'Betalingen til Vekstlinje gikk ikke gjennom')
    expect(sent).toHaveLength(1)
    expect(sent[0]!.links).toContain(files.stripe.invoiceObject(invoice).hosted_invoice_url)

    let mark = files.stripe.calls.length
    const { data, error } = await user.sb.functions.invoke('fix-payment', { body: { lang: 'nb' } })
    expect(error).toBeNull()
    expect(data).toMatchObject({ page: 'payment_method_update', url: expect.stringMatching(/^https:\/\/billing\.stripe\.com\//) })
    expect(callsTo('POST', '/v1/billing_portal/sessions', mark).map((c) => c.params)).toEqual([
      {
        customer: subscription.customer,
        return_url: 'http://localhost:5173/app',
        locale: 'nb',
        'flow_data[type]': 'payment_method_update',
        'flow_data[after_completion][type]': 'redirect',
        'flow_data[after_completion][redirect][return_url]': 'http://localhost:5173/app',
      },
    ])

    // Another change of the customer (its address, from the account page) while the payment is owed:
    // nothing is set or paid, even with a default card on the customer.
    const customer = [...files.stripe.customers.values()].find((c) => c.id === subscription.customer)!
    customer.defaultPaymentMethod = 'pm_card_old'
    files.stripe.cards.set('pm_card_old', 'declined')
    mark = files.stripe.calls.length
    expect(await deliver('customer.updated', { id: customer.id, object: 'customer', email: 'new@example.com' })).toBe('ignored')
    expect(callsTo('POST', /^\/v1\/(subscriptions|invoices)\//, mark)).toEqual([])

    // The portal saves the card as the customer's default: Stripe sends customer.updated.
    customer.defaultPaymentMethod = 'pm_card_new'
    mark = files.stripe.calls.length
    const event = { id: customer.id, object: 'customer', invoice_settings: { default_payment_method: 'pm_card_new' } }
    expect(await deliverWith('customer.updated', event, { invoice_settings: { default_payment_method: null } })).toBe('settled')
    expect(callsTo('POST', `/v1/subscriptions/${subscription.id}`, mark)).toEqual([
      expect.objectContaining({ params: { default_payment_method: 'pm_card_new' }, idempotencyKey: `subscription-payment-method-${subscription.id}-pm_card_new` }),
    ])
    expect(callsTo('POST', `/v1/invoices/${invoice.id}/pay`, mark)).toEqual([
      expect.objectContaining({ params: { payment_method: 'pm_card_new' }, idempotencyKey: `pay-invoice-${invoice.id}-pm_card_new` }),
    ])
    expect(files.stripe.invoices.get(invoice.id)!.status).toBe('paid')
    expect(await rowsOf(user.user.id)).toEqual([expect.objectContaining({ status: 'active' })])
    // Any other change of the customer (its address, say) settles nothing.
    expect(await deliver('customer.updated', { ...event, email: 'new@example.com' })).toBe('ignored')
  })

  it('a renewal that asks for 3-D Secure: fix-payment gives the invoice’s page at Stripe', async () => {
    const { user, subscription } = await proAtStripe('en')
    const invoice = files.stripe.failRenewal(subscription, { intentStatus: 'requires_action' })
    await invoiceEvent('invoice.payment_action_required', invoice)
    expect(await rowsOf(user.user.id)).toEqual([expect.objectContaining({ status: 'past_due' })])
    expect((await files.stack.db.query('select payment_action_required from public.subscriptions where user_id = $1', [user.user.id])).rows).toEqual([{ payment_action_required: true }])
    const { data } = await user.sb.functions.invoke('fix-payment', { body: { lang: 'en' } })
    expect(data).toEqual({ page: 'invoice', url: files.stripe.invoiceObject(invoice).hosted_invoice_url })
    expect((await mails(files.stack, user.email)).map((m) => m.subject)).toContain('Confirm your payment to Vekstlinje')
  })

  it('the nightly reconciliation lists every subscription and the undelivered events of three days, and warns while the portal cannot update cards', async () => {
    const { user, subscription } = await proAtStripe('nb')
    // The renewal failed at Stripe; its events never reached the webhook.
    const invoice = files.stripe.failRenewal(subscription)
    files.stripe.events.push({ event: { id: `evt_lost_${invoice.id}`, type: 'invoice.payment_failed', created: files.stripe.clock.now, data: { object: files.stripe.invoiceObject(invoice) } }, delivered: false })
    const mark = files.stripe.calls.length
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    files.stripe.portalUpdatesPaymentMethods = false
    try {
      expect(await files.stack.cron.run('reconcile-payments')).toBe(true)
    } finally {
      files.stripe.portalUpdatesPaymentMethods = true
      errors.mockRestore()
    }
    expect(await rowsOf(user.user.id)).toEqual([expect.objectContaining({ status: 'past_due' })])
    expect(callsTo('GET', '/v1/subscriptions', mark)[0]!.params).toMatchObject({ status: 'all', limit: '100' })
    const listed = callsTo('GET', '/v1/events', mark)[0]!.params
    expect(listed).toMatchObject({ delivery_success: 'false', 'types[0]': 'checkout.session.completed' })
    expect(Object.entries(listed).filter(([key]) => key.startsWith('types[')).map(([, type]) => type)).toEqual([...HANDLED_EVENTS])
    expect(Math.abs(Number(listed['created[gte]']) - (Math.floor(Date.now() / 1000) - 3 * 86_400))).toBeLessThan(60)
    const { rows: runs } = await files.stack.db.query<{ settings_off: string[]; drift: Array<{ subscription: string }> }>('select settings_off, drift from public.payment_reconciliations order by id desc limit 1')
    expect(runs[0]!.settings_off).toEqual(['portal_payment_method_update'])
    expect(runs[0]!.drift.map((d) => d.subscription)).toContain(subscription.id)
    expect((await mails(files.stack, user.email)).filter((m) => m.subject === 'Betalingen til Vekstlinje gikk ikke gjennom')).toHaveLength(1)
  })
})
