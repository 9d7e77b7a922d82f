// The payment provider's two branches, request by request: the real stripe SDK against a scripted
// api.stripe.com, and the local stand-in's client against a scripted stand-in. Each answer is one a
// test chooses (Stripe's error shapes, expanded objects, sessions paid meanwhile), and each request
// the provider makes is asserted as Stripe documents it: which parameters, in the query or the
// form, and the idempotency key. The end-to-end paths through the fake Stripe server and the local
// stack are in stripe-production.test.ts and the security tests.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { paymentProvider } from '../../supabase/functions/_shared/payment-provider.ts'

type Sent = { method: string; path: string; params: Record<string, string>; idempotencyKey: string | null; authorization: string | null }
type Answer = { status: number; body?: unknown }

let sent: Sent[]
let script: Array<(request: Sent) => Answer | undefined>

const ok = (body: unknown): Answer => ({ status: 200, body })
const stripeError = (status: number, code: string): Answer => ({ status, body: { error: { type: 'invalid_request_error', code, message: code } } })
const list = (data: unknown[]): Answer => ok({ object: 'list', data, has_more: false, url: '/v1/x' })

/** Answers requests whose method and path match, in the order scripted. */
function when(method: string, path: string | RegExp, answer: Answer | ((request: Sent) => Answer)) {
  script.push((request) => {
    if (request.method !== method || !(typeof path === 'string' ? request.path === path : path.test(request.path))) return undefined
    return typeof answer === 'function' ? answer(request) : answer
  })
}

beforeEach(() => {
  sent = []
  script = []
  vi.stubGlobal('fetch', async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    const headers = new Headers(init.headers)
    const body = typeof init.body === 'string' ? init.body : ''
    const params = Object.fromEntries([...url.searchParams, ...(headers.get('content-type')?.includes('json') ? Object.entries(body ? JSON.parse(body) : {}).map(([k, v]) => [k, String(v)]) : new URLSearchParams(body))])
    const request = { method: init.method ?? 'GET', path: url.pathname, params, idempotencyKey: headers.get('idempotency-key'), authorization: headers.get('authorization') }
    sent.push(request)
    for (const step of script) {
      const answer = step(request)
      if (answer) return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } })
    }
    throw new Error(`unscripted ${request.method} ${request.path}`)
  })
})
afterEach(() => vi.unstubAllGlobals())

const subscription = (status: string, extra: Record<string, unknown> = {}) => ({ id: 'sub_1', object: 'subscription', customer: 'cus_1', status, latest_invoice: 'in_1', ...extra })
const requests = (method: string, prefix: string) => sent.filter((r) => r.method === method && r.path.startsWith(prefix))

describe('Stripe', () => {
  const stripe = () => paymentProvider({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_API_BASE: 'http://stripe.test' })!

  it('is chosen by STRIPE_SECRET_KEY, before the stand-in; nothing without either', () => {
    expect(stripe().kind).toBe('stripe')
    expect(paymentProvider({ STRIPE_SECRET_KEY: 'sk_test_x', LOCAL_PAYMENTS_URL: 'http://x/' })!.kind).toBe('stripe')
    expect(paymentProvider({ LOCAL_PAYMENTS_URL: 'http://x/' })!.kind).toBe('local')
    expect(paymentProvider({})).toBeNull()
  })

  it('retrieveSubscription: null for an id Stripe does not know; any other error is thrown', async () => {
    when('GET', '/v1/subscriptions/sub_gone', stripeError(404, 'resource_missing'))
    when('GET', '/v1/subscriptions/sub_bad', stripeError(400, 'parameter_invalid'))
    when('GET', '/v1/subscriptions/sub_1', ok(subscription('active')))
    expect(await stripe().retrieveSubscription('sub_gone')).toBeNull()
    await expect(stripe().retrieveSubscription('sub_bad')).rejects.toMatchObject({ code: 'parameter_invalid' })
    expect(await stripe().retrieveSubscription('sub_1')).toMatchObject({ id: 'sub_1', status: 'active' })
  })

  describe('refundAndCancel', () => {
    it('refunds every paid payment of the last invoice (expanded or not), each once by its key, then cancels without invoicing or proration', async () => {
      when('GET', '/v1/subscriptions/sub_1', ok(subscription('active', { latest_invoice: { id: 'in_9', object: 'invoice' } })))
      when('GET', '/v1/invoice_payments', list([
        { id: 'inpay_1', payment: { type: 'payment_intent', payment_intent: 'pi_a' } },
        { id: 'inpay_2', payment: { type: 'payment_intent', payment_intent: { id: 'pi_b', object: 'payment_intent' } } },
        { id: 'inpay_3', payment: { type: 'charge', charge: 'ch_1' } },
      ]))
      when('POST', '/v1/refunds', (r) => (r.params.payment_intent === 'pi_b' ? stripeError(400, 'charge_already_refunded') : ok({ id: 're_1', object: 'refund' })))
      when('DELETE', '/v1/subscriptions/sub_1', ok(subscription('canceled')))
      expect(await stripe().refundAndCancel('sub_1', 'duplicate')).toMatchObject({ status: 'canceled' })
      expect(requests('GET', '/v1/invoice_payments').map((r) => r.params)).toEqual([{ invoice: 'in_9', status: 'paid' }])
      expect(requests('POST', '/v1/refunds').map(({ params, idempotencyKey }) => ({ params, idempotencyKey }))).toEqual([
        { params: { payment_intent: 'pi_a', reason: 'duplicate' }, idempotencyKey: 'refund-subscription-sub_1-pi_a' },
        { params: { payment_intent: 'pi_b', reason: 'duplicate' }, idempotencyKey: 'refund-subscription-sub_1-pi_b' },
      ])
      expect(requests('DELETE', '/v1/subscriptions/').map(({ params, idempotencyKey }) => ({ params, idempotencyKey }))).toEqual([
        {
          params: { invoice_now: 'false', prorate: 'false', 'cancellation_details[comment]': 'Duplicate subscription: the customer already has one' },
          idempotencyKey: 'refund-subscription-cancel-sub_1',
        },
      ])
    })

    it('says why in the cancellation: an account deleted', async () => {
      when('GET', '/v1/subscriptions/sub_1', ok(subscription('active', { latest_invoice: null })))
      when('DELETE', '/v1/subscriptions/sub_1', ok(subscription('canceled')))
      await stripe().refundAndCancel('sub_1', 'requested_by_customer')
      expect(requests('GET', '/v1/invoice_payments')).toEqual([])
      expect(requests('DELETE', '/v1/subscriptions/')[0]!.params['cancellation_details[comment]']).toBe('The account was deleted')
    })

    it('a refund Stripe refuses otherwise stops before the cancellation', async () => {
      when('GET', '/v1/subscriptions/sub_1', ok(subscription('active')))
      when('GET', '/v1/invoice_payments', list([{ id: 'inpay_1', payment: { type: 'payment_intent', payment_intent: 'pi_a' } }]))
      when('POST', '/v1/refunds', stripeError(402, 'card_declined'))
      await expect(stripe().refundAndCancel('sub_1', 'duplicate')).rejects.toMatchObject({ code: 'card_declined' })
      expect(requests('DELETE', '/v1/subscriptions/')).toEqual([])
    })

    it.each(['canceled', 'incomplete_expired'])('a subscription already %s is refunded and not cancelled again', async (status) => {
      when('GET', '/v1/subscriptions/sub_1', ok(subscription(status)))
      when('GET', '/v1/invoice_payments', list([{ id: 'inpay_1', payment: { type: 'payment_intent', payment_intent: 'pi_a' } }]))
      when('POST', '/v1/refunds', ok({ id: 're_1', object: 'refund' }))
      expect(await stripe().refundAndCancel('sub_1', 'duplicate')).toMatchObject({ status })
      expect(requests('POST', '/v1/refunds')).toHaveLength(1)
      expect(requests('DELETE', '/v1/subscriptions/')).toEqual([])
    })
  })

  describe('cancelNow', () => {
    it('cancels a running subscription at once, without invoicing or proration', async () => {
      when('GET', '/v1/subscriptions/sub_1', ok(subscription('past_due')))
      when('DELETE', '/v1/subscriptions/sub_1', ok(subscription('canceled')))
      await stripe().cancelNow('sub_1')
      expect(requests('DELETE', '/v1/subscriptions/').map((r) => r.params)).toEqual([{ invoice_now: 'false', prorate: 'false' }])
    })

    it.each(['canceled', 'incomplete_expired'])('leaves a subscription already %s alone', async (status) => {
      when('GET', '/v1/subscriptions/sub_1', ok(subscription(status)))
      await stripe().cancelNow('sub_1')
      expect(requests('DELETE', '/v1/subscriptions/')).toEqual([])
    })

    it('an id Stripe does not know is nothing to cancel; any other error is thrown', async () => {
      when('GET', '/v1/subscriptions/sub_gone', stripeError(404, 'resource_missing'))
      when('GET', '/v1/subscriptions/sub_1', ok(subscription('active')))
      when('DELETE', '/v1/subscriptions/sub_1', stripeError(400, 'parameter_invalid'))
      await stripe().cancelNow('sub_gone')
      await expect(stripe().cancelNow('sub_1')).rejects.toMatchObject({ code: 'parameter_invalid' })
    })
  })

  describe('expireOpenCheckouts', () => {
    it('asks for the customer’s open sessions and expires each; one paid meanwhile is fine, one still open is an error', async () => {
      when('GET', '/v1/checkout/sessions', list([{ id: 'cs_1', object: 'checkout.session' }, { id: 'cs_2', object: 'checkout.session' }]))
      when('POST', '/v1/checkout/sessions/cs_1/expire', stripeError(400, 'checkout_session_not_open'))
      when('GET', '/v1/checkout/sessions/cs_1', ok({ id: 'cs_1', status: 'complete' }))
      when('POST', '/v1/checkout/sessions/cs_2/expire', ok({ id: 'cs_2', status: 'expired' }))
      await stripe().expireOpenCheckouts('cus_1')
      expect(requests('GET', '/v1/checkout/sessions')[0]!.params).toEqual({ customer: 'cus_1', status: 'open', limit: '100' })
      expect(requests('POST', '/v1/checkout/sessions/').map((r) => r.path)).toEqual(['/v1/checkout/sessions/cs_1/expire', '/v1/checkout/sessions/cs_2/expire'])

      script = []
      when('GET', '/v1/checkout/sessions', list([{ id: 'cs_3', object: 'checkout.session' }]))
      when('POST', '/v1/checkout/sessions/cs_3/expire', stripeError(400, 'rate_limit'))
      when('GET', '/v1/checkout/sessions/cs_3', ok({ id: 'cs_3', status: 'open' }))
      await expect(stripe().expireOpenCheckouts('cus_1')).rejects.toMatchObject({ code: 'rate_limit' })
    })
  })

  it('createPortalSession: the URL; a session without one is an error', async () => {
    when('POST', '/v1/billing_portal/sessions', (r) => ok({ id: 'bps_1', url: r.params.locale === 'nb' ? 'https://billing.stripe.com/p/x' : null }))
    expect(await stripe().createPortalSession({ customer: 'cus_1', returnUrl: 'https://site/app', locale: 'nb' })).toBe('https://billing.stripe.com/p/x')
    await expect(stripe().createPortalSession({ customer: 'cus_1', returnUrl: 'https://site/app', locale: 'en' })).rejects.toThrow('Stripe returned portal session bps_1 without a URL')
  })
})

describe('Stripe: renewals', () => {
  const stripe = () => paymentProvider({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_API_BASE: 'http://stripe.test' })!
  const invoice = { id: 'in_1', object: 'invoice', status: 'open', attempt_count: 2, next_payment_attempt: 1_800_000_000, hosted_invoice_url: 'https://invoice.stripe.com/i/x' }

  it('retrieveInvoice: the invoice and its latest payment’s PaymentIntent (expanded); null when Stripe does not know it', async () => {
    when('GET', '/v1/invoices/in_1', ok(invoice))
    when('GET', '/v1/invoices/in_2', ok({ ...invoice, id: 'in_2' }))
    when('GET', '/v1/invoices/in_gone', stripeError(404, 'resource_missing'))
    when('GET', '/v1/invoice_payments', (r) =>
      list(r.params.invoice === 'in_1' ? [{ id: 'inpay_1', payment: { type: 'payment_intent', payment_intent: { id: 'pi_1', object: 'payment_intent', status: 'requires_action', payment_method: { id: 'pm_1' } } } }] : [{ id: 'inpay_2', payment: { type: 'payment_intent', payment_intent: 'pi_2' } }]),
    )
    expect(await stripe().retrieveInvoice('in_1')).toMatchObject({ id: 'in_1', attempt_count: 2, payment: { status: 'requires_action', payment_method: 'pm_1' } })
    expect(requests('GET', '/v1/invoice_payments')[0]!.params).toEqual({ invoice: 'in_1', limit: '1', 'expand[0]': 'data.payment.payment_intent' })
    expect((await stripe().retrieveInvoice('in_2'))!.payment).toBeNull()
    expect(await stripe().retrieveInvoice('in_gone')).toBeNull()
  })

  it('retrieveCustomer: the default card of its invoice settings (an id or expanded); null when deleted or unknown', async () => {
    when('GET', '/v1/customers/cus_1', ok({ id: 'cus_1', object: 'customer', invoice_settings: { default_payment_method: { id: 'pm_9', object: 'payment_method' } } }))
    when('GET', '/v1/customers/cus_2', ok({ id: 'cus_2', object: 'customer', invoice_settings: { default_payment_method: null } }))
    when('GET', '/v1/customers/cus_3', ok({ id: 'cus_3', object: 'customer', deleted: true }))
    when('GET', '/v1/customers/cus_4', stripeError(404, 'resource_missing'))
    expect(await stripe().retrieveCustomer('cus_1')).toEqual({ id: 'cus_1', default_payment_method: 'pm_9' })
    expect(await stripe().retrieveCustomer('cus_2')).toEqual({ id: 'cus_2', default_payment_method: null })
    expect(await stripe().retrieveCustomer('cus_3')).toBeNull()
    expect(await stripe().retrieveCustomer('cus_4')).toBeNull()
  })

  it('setSubscriptionPaymentMethod and payInvoice: Stripe’s parameters and idempotency keys; a declined card, the bank’s question and an invoice already paid are outcomes, anything else an error', async () => {
    when('POST', '/v1/subscriptions/sub_1', ok({ id: 'sub_1', object: 'subscription' }))
    await stripe().setSubscriptionPaymentMethod('sub_1', 'pm_9')
    expect(requests('POST', '/v1/subscriptions/sub_1')).toEqual([expect.objectContaining({ params: { default_payment_method: 'pm_9' }, idempotencyKey: 'subscription-payment-method-sub_1-pm_9' })])
    const answers: Record<string, Answer> = {
      in_paid: ok({ ...invoice, status: 'paid' }),
      in_open: ok(invoice),
      in_declined: { status: 402, body: { error: { type: 'card_error', code: 'card_declined', message: 'declined' } } },
      in_3ds: { status: 402, body: { error: { type: 'invalid_request_error', code: 'invoice_payment_intent_requires_action', message: 'action' } } },
      in_done: stripeError(400, 'invoice_already_paid'),
      in_bad: stripeError(400, 'parameter_invalid'),
    }
    when('POST', /^\/v1\/invoices\/in_\w+\/pay$/, (r) => answers[r.path.split('/')[3]!]!)
    expect(await stripe().payInvoice('in_paid', 'pm_9')).toBe('paid')
    expect(requests('POST', '/v1/invoices/in_paid/pay')).toEqual([expect.objectContaining({ params: { payment_method: 'pm_9' }, idempotencyKey: 'pay-invoice-in_paid-pm_9' })])
    expect(await stripe().payInvoice('in_open', 'pm_9')).toBe('declined')
    expect(await stripe().payInvoice('in_declined', 'pm_9')).toBe('declined')
    expect(await stripe().payInvoice('in_3ds', 'pm_9')).toBe('requires_action')
    expect(await stripe().payInvoice('in_done', 'pm_9')).toBe('paid')
    await expect(stripe().payInvoice('in_bad', 'pm_9')).rejects.toMatchObject({ code: 'parameter_invalid' })
  })

  it('listSubscriptions: every status, page after page; undeliveredEvents: three days of the types asked for, not delivered, oldest first', async () => {
    when('GET', '/v1/subscriptions', (r) =>
      ok({ object: 'list', data: r.params.starting_after ? [subscription('canceled', { id: 'sub_2' })] : [subscription('active')], has_more: !r.params.starting_after, url: '/v1/subscriptions' }),
    )
    const ids: string[] = []
    for await (const s of stripe().listSubscriptions()) ids.push(s.id)
    expect(ids).toEqual(['sub_1', 'sub_2'])
    expect(requests('GET', '/v1/subscriptions').map((r) => r.params)).toEqual([
      { status: 'all', limit: '100' },
      { status: 'all', limit: '100', starting_after: 'sub_1' },
    ])
    when('GET', '/v1/events', list([{ id: 'evt_2', type: 'invoice.paid', created: 20 }, { id: 'evt_1', type: 'invoice.paid', created: 10 }]))
    const events: string[] = []
    for await (const e of stripe().undeliveredEvents(5, ['invoice.paid', 'customer.updated'])) events.push(e.id)
    expect(events).toEqual(['evt_1', 'evt_2'])
    expect(requests('GET', '/v1/events')[0]!.params).toEqual({ 'created[gte]': '5', delivery_success: 'false', 'types[0]': 'invoice.paid', 'types[1]': 'customer.updated', limit: '100' })
  })

  it('missingSettings: the default portal configuration must let customers update their card; createPortalSession deep-links to it', async () => {
    let enabled = true
    when('GET', '/v1/billing_portal/configurations', () => list([{ id: 'bpc_1', is_default: true, features: { payment_method_update: { enabled } } }]))
    expect(await stripe().missingSettings()).toEqual([])
    enabled = false
    expect(await stripe().missingSettings()).toEqual(['portal_payment_method_update'])
    expect(requests('GET', '/v1/billing_portal/configurations')[0]!.params).toEqual({ is_default: 'true', limit: '1' })
    when('POST', '/v1/billing_portal/sessions', ok({ id: 'bps_1', url: 'https://billing.stripe.com/p/x' }))
    await stripe().createPortalSession({ customer: 'cus_1', returnUrl: 'https://site/en/app', locale: 'en', flow: 'payment_method_update' })
    expect(requests('POST', '/v1/billing_portal/sessions')[0]!.params).toEqual({
      customer: 'cus_1',
      return_url: 'https://site/en/app',
      locale: 'en',
      'flow_data[type]': 'payment_method_update',
      'flow_data[after_completion][type]': 'redirect',
      'flow_data[after_completion][redirect][return_url]': 'https://site/en/app',
    })
  })

  it('ensureCustomer: in the account’s language (Norwegian unless English)', async () => {
    when('POST', '/v1/customers', ok({ id: 'cus_1', object: 'customer' }))
    await stripe().ensureCustomer({ id: 'u-1', email: 'a@example.com', lang: 'en' })
    await stripe().ensureCustomer({ id: 'u-2', email: 'b@example.com' })
    expect(requests('POST', '/v1/customers').map((r) => r.params['preferred_locales[0]'])).toEqual(['en', 'nb'])
  })
})

describe('the local stand-in', () => {
  const local = () => paymentProvider({ LOCAL_PAYMENTS_URL: 'http://stack.test/payments/v1/', SUPABASE_SERVICE_ROLE_KEY: 'service' })!
  const notFound: Answer = { status: 404, body: { error: 'not found' } }

  it('refundAndCancel: refund first, then cancel; a subscription it does not know at either step is an error', async () => {
    when('POST', '/payments/v1/refunds', (r) => (r.params.subscription === 'sub_1' ? ok({ id: 're_1' }) : notFound))
    when('DELETE', '/payments/v1/subscriptions/sub_1', ok({ id: 'sub_1', status: 'canceled' }))
    expect(await local().refundAndCancel('sub_1', 'duplicate')).toEqual({ id: 'sub_1', status: 'canceled' })
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /payments/v1/refunds', 'DELETE /payments/v1/subscriptions/sub_1'])
    expect(sent[0]!.params).toEqual({ subscription: 'sub_1', reason: 'duplicate' })
    await expect(local().refundAndCancel('sub_2', 'duplicate')).rejects.toThrow('the local payment stand-in does not know subscription sub_2')

    script = []
    when('POST', '/payments/v1/refunds', ok({ id: 're_2' }))
    when('DELETE', '/payments/v1/subscriptions/sub_3', notFound)
    await expect(local().refundAndCancel('sub_3', 'duplicate')).rejects.toThrow('the local payment stand-in does not know subscription sub_3')
  })

  it('any answer but success or 404 is an error that names the request and the answer', async () => {
    when('GET', '/payments/v1/subscriptions/sub_1', { status: 500, body: { error: 'boom' } })
    await expect(local().retrieveSubscription('sub_1')).rejects.toThrow('the local payment stand-in answered GET subscriptions/sub_1 with 500: {"error":"boom"}')
  })

  it('expireOpenCheckouts: a list without data is nothing to expire; one paid meanwhile is fine, one still open is an error', async () => {
    when('GET', '/payments/v1/sessions', ok({}))
    await local().expireOpenCheckouts('cus_1')
    expect(sent.map((r) => r.params)).toEqual([{ customer: 'cus_1', status: 'open' }])

    script = []
    let open = ['cs_1', 'cs_2']
    when('GET', '/payments/v1/sessions', () => ok({ data: open.map((id) => ({ id })) }))
    when('POST', '/payments/v1/sessions/cs_1/expire', () => {
      open = ['cs_2']
      return { status: 409, body: { error: 'paid' } }
    })
    when('POST', '/payments/v1/sessions/cs_2/expire', { status: 409, body: { error: 'busy' } })
    await expect(local().expireOpenCheckouts('cus_1')).rejects.toThrow('answered POST sessions/cs_2/expire with 409')
  })

  it('ensureCustomer and createPortalSession: an answer without an id or a URL is an error', async () => {
    when('POST', '/payments/v1/customers', (r) => ok(r.params.user_id === 'u-1' ? { id: 'cus_1' } : {}))
    when('POST', '/payments/v1/portal-sessions', (r) => (r.params.customer === 'cus_1' ? ok({ url: 'http://stack.test/portal' }) : notFound))
    expect(await local().ensureCustomer({ id: 'u-1', email: 'a@example.com' })).toBe('cus_1')
    await expect(local().ensureCustomer({ id: 'u-2', email: 'b@example.com' })).rejects.toThrow('the local payment stand-in returned no customer')
    expect(await local().createPortalSession({ customer: 'cus_1', returnUrl: 'http://site/app', locale: 'en' })).toBe('http://stack.test/portal')
    await expect(local().createPortalSession({ customer: 'cus_2', returnUrl: 'http://site/app', locale: 'en' })).rejects.toThrow(
      'the local payment stand-in does not know customer cus_2',
    )
  })

  it('a 404 without a body is "unknown" too: nothing to expire, no customer', async () => {
    when('GET', '/payments/v1/subscriptions/sub_1', { status: 404 })
    when('GET', '/payments/v1/sessions', { status: 404 })
    when('POST', '/payments/v1/customers', { status: 404 })
    expect(await local().retrieveSubscription('sub_1')).toBeNull()
    await local().expireOpenCheckouts('cus_1')
    await expect(local().ensureCustomer({ id: 'u-1', email: 'a@example.com' })).rejects.toThrow('the local payment stand-in returned no customer')
  })

  it('renewals: the invoice and its payment, the customer’s card, paying (402 outcomes), the card set, the lists; its portal always updates cards', async () => {
    when('GET', '/payments/v1/invoices/in_1', ok({ id: 'in_1', status: 'open' }))
    when('GET', '/payments/v1/invoices/in_2', notFound)
    when('GET', '/payments/v1/invoice_payments', ok({ data: [{ payment: { payment_intent: { status: 'requires_action', payment_method: 'pm_local_card_3ds' } } }] }))
    expect(await local().retrieveInvoice('in_1')).toEqual({ id: 'in_1', status: 'open', payment: { status: 'requires_action', payment_method: 'pm_local_card_3ds' } })
    expect(requests('GET', '/payments/v1/invoice_payments')[0]!.params).toEqual({ invoice: 'in_1', limit: '1', 'expand[]': 'data.payment.payment_intent' })
    expect(await local().retrieveInvoice('in_2')).toBeNull()
    when('GET', '/payments/v1/customers/cus_1', ok({ id: 'cus_1', invoice_settings: { default_payment_method: 'pm_local_card' } }))
    expect(await local().retrieveCustomer('cus_1')).toEqual({ id: 'cus_1', default_payment_method: 'pm_local_card' })
    when('POST', '/payments/v1/subscriptions/sub_1', ok({ id: 'sub_1' }))
    when('POST', '/payments/v1/subscriptions/sub_2', notFound)
    await local().setSubscriptionPaymentMethod('sub_1', 'pm_local_card')
    await expect(local().setSubscriptionPaymentMethod('sub_2', 'pm_local_card')).rejects.toThrow('does not know subscription sub_2')
    const answers: Record<string, Answer> = {
      in_a: ok({ status: 'paid' }),
      in_b: { status: 402, body: { error: { type: 'card_error', code: 'card_declined' } } },
      in_c: { status: 402, body: { error: { code: 'invoice_payment_intent_requires_action' } } },
      in_d: { status: 400, body: { error: { code: 'invoice_already_paid' } } },
      in_e: { status: 500, body: { error: 'boom' } },
    }
    when('POST', /^\/payments\/v1\/invoices\/in_\w\/pay$/, (r) => answers[r.path.split('/')[4]!]!)
    expect([await local().payInvoice('in_a', 'pm_local_card'), await local().payInvoice('in_b', 'pm_x'), await local().payInvoice('in_c', 'pm_x'), await local().payInvoice('in_d', 'pm_x')]).toEqual([
      'paid',
      'declined',
      'requires_action',
      'paid',
    ])
    await expect(local().payInvoice('in_e', 'pm_x')).rejects.toThrow('answered POST invoices/in_e/pay with 500')
    when('GET', '/payments/v1/subscriptions', (r) => ok({ data: [{ id: r.params.starting_after ? 'sub_b' : 'sub_a' }], has_more: !r.params.starting_after }))
    const ids: string[] = []
    for await (const s of local().listSubscriptions()) ids.push(s.id)
    expect(ids).toEqual(['sub_a', 'sub_b'])
    when('GET', '/payments/v1/events', ok({ data: [{ id: 'evt_b', created: 2 }, { id: 'evt_a', created: 1 }] }))
    const events: string[] = []
    for await (const e of local().undeliveredEvents(7, ['invoice.paid'])) events.push(e.id)
    expect(events).toEqual(['evt_a', 'evt_b'])
    expect(requests('GET', '/payments/v1/events')[0]!.params).toEqual({ 'created[gte]': '7', delivery_success: 'false', 'types[]': 'invoice.paid' })
    expect(await local().missingSettings()).toEqual([])
  })

  it('sends the service role as bearer', async () => {
    when('GET', '/payments/v1/subscriptions/sub_1', notFound)
    expect(await local().retrieveSubscription('sub_1')).toBeNull()
    expect(sent.map((r) => r.authorization)).toEqual(['Bearer service'])
  })
})

describe('the edges of renewals and address changes, both branches', () => {
  const stripe = () => paymentProvider({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_API_BASE: 'http://stripe.test' })!
  const local = () => paymentProvider({ LOCAL_PAYMENTS_URL: 'http://stack.test/payments/v1/', SUPABASE_SERVICE_ROLE_KEY: 'service' })!
  const missing: Answer = { status: 404, body: { error: 'No such object' } }

  it('a refused payment is told by its code or its type alone: the card’s refusal, the bank’s question', async () => {
    const answers: Record<string, Answer> = {
      in_type: { status: 402, body: { error: { type: 'card_error', code: 'expired_card', message: 'expired' } } },
      in_code: { status: 402, body: { error: { type: 'invalid_request_error', code: 'card_declined', message: 'declined' } } },
      in_auth: { status: 402, body: { error: { type: 'invalid_request_error', code: 'authentication_required', message: 'auth' } } },
    }
    when('POST', /^\/v1\/invoices\/in_\w+\/pay$/, (r) => answers[r.path.split('/')[3]!]!)
    expect([await stripe().payInvoice('in_type', 'pm_9'), await stripe().payInvoice('in_code', 'pm_9'), await stripe().payInvoice('in_auth', 'pm_9')]).toEqual([
      'declined',
      'declined',
      'requires_action',
    ])
    const localAnswers: Record<string, Answer> = {
      in_type: { status: 402, body: { error: { type: 'card_error', code: 'expired_card' } } },
      in_code: { status: 402, body: { error: { code: 'card_declined' } } },
      in_auth: { status: 402, body: { error: { code: 'authentication_required' } } },
      in_open: ok({ status: 'open' }),
      in_text: { status: 200, body: undefined },
      in_bank400: { status: 400, body: { error: { code: 'invoice_payment_intent_requires_action' } } },
      in_empty402: { status: 402 },
      in_down: { status: 500, body: {} },
    }
    when('POST', /^\/payments\/v1\/invoices\/in_\w+\/pay$/, (r) => localAnswers[r.path.split('/')[4]!]!)
    const pay = (id: string) => local().payInvoice(id, 'pm_local_card')
    expect([await pay('in_type'), await pay('in_code'), await pay('in_auth'), await pay('in_open'), await pay('in_text')]).toEqual([
      'declined',
      'declined',
      'requires_action',
      'declined',
      'declined',
    ])
    expect(requests('POST', '/payments/v1/invoices/in_type/pay')[0]!.params).toEqual({ payment_method: 'pm_local_card' })
    await expect(pay('in_bank400')).rejects.toThrow('the local payment stand-in answered POST invoices/in_bank400/pay with 400')
    await expect(pay('in_empty402')).rejects.toThrow('the local payment stand-in answered POST invoices/in_empty402/pay with 402: null')
    await expect(pay('in_down')).rejects.toThrow('the local payment stand-in answered POST invoices/in_down/pay with 500: {}')
  })

  it('Stripe: an invoice without payments, a customer without invoice settings, no default portal configuration; other errors are thrown', async () => {
    when('GET', '/v1/invoices/in_1', ok({ id: 'in_1', object: 'invoice', status: 'open' }))
    when('GET', '/v1/invoices/in_down', stripeError(500, 'api_error'))
    when('GET', '/v1/invoice_payments', list([]))
    when('GET', '/v1/customers/cus_1', ok({ id: 'cus_1', object: 'customer' }))
    when('GET', '/v1/customers/cus_down', stripeError(500, 'api_error'))
    when('GET', '/v1/billing_portal/configurations', list([]))
    expect((await stripe().retrieveInvoice('in_1'))!.payment).toBeNull()
    await expect(stripe().retrieveInvoice('in_down')).rejects.toMatchObject({ code: 'api_error' })
    expect(await stripe().retrieveCustomer('cus_1')).toEqual({ id: 'cus_1', default_payment_method: null })
    await expect(stripe().retrieveCustomer('cus_down')).rejects.toMatchObject({ code: 'api_error' })
    expect(await stripe().missingSettings()).toEqual(['portal_payment_method_update'])
  })

  it('Stripe: more than 20 event types take one request per 20; events of one second are ordered by id', async () => {
    const types = Array.from({ length: 40 }, (_, i) => `type.${i}`)
    when('GET', '/v1/events', (r) => list(r.params['types[0]'] === 'type.0' ? [{ id: 'evt_b', created: 10 }] : [{ id: 'evt_a', created: 10 }]))
    const events: string[] = []
    for await (const e of stripe().undeliveredEvents(5, types)) events.push(e.id)
    expect(events).toEqual(['evt_a', 'evt_b'])
    expect(requests('GET', '/v1/events').map((r) => [r.params['types[0]'], r.params['types[19]'], r.params['types[20]']])).toEqual([
      ['type.0', 'type.19', undefined],
      ['type.20', 'type.39', undefined],
    ])
  })

  it('updateCustomerEmail: the customer gets the new address; one the provider does not know answers false; other errors are thrown', async () => {
    when('POST', '/v1/customers/cus_1', ok({ id: 'cus_1', object: 'customer' }))
    when('POST', '/v1/customers/cus_gone', stripeError(404, 'resource_missing'))
    when('POST', '/v1/customers/cus_down', stripeError(500, 'api_error'))
    expect(await stripe().updateCustomerEmail('cus_1', 'new@example.no')).toBe(true)
    expect(requests('POST', '/v1/customers/cus_1')[0]!.params).toEqual({ email: 'new@example.no' })
    expect(await stripe().updateCustomerEmail('cus_gone', 'new@example.no')).toBe(false)
    await expect(stripe().updateCustomerEmail('cus_down', 'new@example.no')).rejects.toMatchObject({ code: 'api_error' })
    when('POST', '/payments/v1/customers/cus_1', ok({ id: 'cus_1' }))
    when('POST', '/payments/v1/customers/cus_gone', missing)
    expect(await local().updateCustomerEmail('cus_1', 'new@example.no')).toBe(true)
    expect(requests('POST', '/payments/v1/customers/cus_1')[0]!.params).toEqual({ email: 'new@example.no' })
    expect(await local().updateCustomerEmail('cus_gone', 'new@example.no')).toBe(false)
  })

  it('the stand-in: an invoice’s payment of every shape, a customer without settings, the card set, pages that end, events of one second', async () => {
    const payments: Record<string, Answer> = {
      in_none: ok({ data: [] }),
      in_nolist: ok({}),
      in_nopayment: ok({ data: [{}] }),
      in_id: ok({ data: [{ payment: { payment_intent: 'pi_1' } }] }),
      in_bare: ok({ data: [{ payment: { payment_intent: {} } }] }),
      in_gone: missing,
    }
    when('GET', /^\/payments\/v1\/invoices\/in_\w+$/, (r) => ok({ id: r.path.split('/').at(-1), status: 'open' }))
    when('GET', '/payments/v1/invoice_payments', (r) => payments[r.params.invoice!]!)
    for (const id of ['in_none', 'in_nolist', 'in_nopayment', 'in_id', 'in_gone']) expect((await local().retrieveInvoice(id))!.payment).toBeNull()
    expect((await local().retrieveInvoice('in_bare'))!.payment).toEqual({ status: null, payment_method: null })
    when('GET', '/payments/v1/customers/cus_1', ok({ id: 'cus_1' }))
    when('GET', '/payments/v1/customers/cus_gone', missing)
    expect(await local().retrieveCustomer('cus_1')).toEqual({ id: 'cus_1', default_payment_method: null })
    expect(await local().retrieveCustomer('cus_gone')).toBeNull()
    when('POST', '/payments/v1/subscriptions/sub_1', ok({ id: 'sub_1' }))
    await local().setSubscriptionPaymentMethod('sub_1', 'pm_local_card')
    expect(requests('POST', '/payments/v1/subscriptions/sub_1')[0]!.params).toEqual({ default_payment_method: 'pm_local_card' })

    // Lists: a page that says there is more but is empty ends it; a stand-in that knows no list answers none.
    when('GET', '/payments/v1/subscriptions', (r) => ok(r.params.starting_after ? { data: [], has_more: true } : { data: [{ id: 'sub_a' }, { id: 'sub_b' }], has_more: true }))
    const ids: string[] = []
    for await (const s of local().listSubscriptions()) ids.push(s.id)
    expect(ids).toEqual(['sub_a', 'sub_b'])
    expect(requests('GET', '/payments/v1/subscriptions').map((r) => r.params)).toEqual([
      { status: 'all', limit: '100' },
      { status: 'all', limit: '100', starting_after: 'sub_b' },
    ])
    script = []
    sent = []
    when('GET', '/payments/v1/subscriptions', ok({ has_more: true }))
    when('GET', '/payments/v1/events', ok({ data: [{ id: 'evt_b', created: 3 }, { id: 'evt_a', created: 3 }] }))
    const none: string[] = []
    for await (const s of local().listSubscriptions()) none.push(s.id)
    expect(none).toEqual([])
    expect(requests('GET', '/payments/v1/subscriptions')).toHaveLength(1)
    const events: string[] = []
    for await (const e of local().undeliveredEvents(1, ['invoice.paid'])) events.push(e.id)
    expect(events).toEqual(['evt_a', 'evt_b'])
    script = []
    when('GET', '/payments/v1/subscriptions', missing)
    when('GET', '/payments/v1/events', missing)
    for await (const s of local().listSubscriptions()) none.push(s.id)
    for await (const e of local().undeliveredEvents(1, ['invoice.paid'])) none.push(e.id)
    expect(none).toEqual([])
  })
})
