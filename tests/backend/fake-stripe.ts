// A stand-in for api.stripe.com in the tests: the subscriptions, customers, checkout sessions,
// invoices and their payments, refunds, customer portal sessions and undelivered events the site's
// functions read and write, held
// in memory and served over HTTP to the real stripe SDK (STRIPE_API_BASE), in the shapes of
// Stripe's API reference (objects, lists, errors). Tests (and the model of Stripe's event stream)
// change the subscriptions directly, pay checkout sessions (`completeCheckout`, which answers the
// events Stripe would send) and see what the functions did.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export type FakeSubscription = {
  id: string
  customer: string
  userId: string
  plan: string
  price: string
  status: string
  cancelAtPeriodEnd: boolean
  canceledAt: number | null
  created: number
  periodStart: number
  periodEnd: number
  latestInvoice: string
  /** The card the subscription's renewals are charged to (Stripe: default_payment_method). */
  defaultPaymentMethod?: string | null
}

/** An invoice of a subscription, and its latest payment's PaymentIntent. */
export type FakeInvoice = {
  id: string
  customer: string
  subscription: string
  status: 'open' | 'paid' | 'void'
  amountDue: number
  attemptCount: number
  nextPaymentAttempt: number | null
  /** The latest PaymentIntent's status: succeeded, requires_payment_method, requires_action. */
  intentStatus: string
  paymentMethod: string | null
  created: number
  /** More of the invoice's fields as Stripe answers them (its number, taxes, buyer, PDF). */
  extra?: Record<string, unknown>
}

/** What paying with a card does: it pays, it is declined, or the bank wants the customer (3-D Secure). */
export type CardBehaviour = 'paid' | 'declined' | 'requires_action'

export type FakeCheckoutSession = {
  id: string
  customer: string
  userId: string
  plan: string
  price: string
  status: 'open' | 'complete' | 'expired'
  subscription: string | null
  created: number
}

/** A read of a subscription that waits for the test (see `parkReads`). */
export type ParkedRead = {
  id: string
  /** The fake's logical time when the request arrived. */
  arrivedAt: number
  /** Answers with the subscription as it was at `moment` (from arrivedAt to now). */
  answer(moment: number): void
}

export type FakeStripe = {
  base: string
  /** Stripe's clock, in seconds: what a cancellation through the API stamps. */
  clock: { now: number }
  subscriptions: Map<string, FakeSubscription>
  customers: Map<string, { id: string; userId: string; email: string; defaultPaymentMethod?: string | null; taxIds?: Array<{ type: string; value: string }>; details?: Record<string, string> }>
  invoices: Map<string, FakeInvoice>
  /** How each card behaves when an invoice is paid with it (unlisted cards pay). */
  cards: Map<string, CardBehaviour>
  /** Events Stripe made, and whether the webhook has them (List Events' `delivery_success`). */
  events: Array<{ event: { id: string; type: string; created: number; data: { object: Record<string, unknown> } }; delivered: boolean }>
  /** The open invoice of a renewal whose payment failed (or waits for the bank): the subscription
   * is past due, and the invoice is kept for the functions to read and pay. */
  failRenewal(subscription: FakeSubscription, values?: Partial<FakeInvoice>): FakeInvoice
  invoiceObject(invoice: FakeInvoice): Record<string, unknown>
  refunds: Array<{ id: string; paymentIntent: string; reason: string | null }>
  checkoutSessions: Map<string, FakeCheckoutSession>
  /** A subscription of `userId` at Stripe, active from now for 30 days unless `values` say otherwise. */
  subscribe(values: Partial<FakeSubscription> & { userId: string }): FakeSubscription
  /** The customer pays an open checkout session: its subscription starts (active, its first
   * invoice paid) and the events Stripe sends for it are answered, in Stripe's usual order
   * (which it does not guarantee). Throws for a session that is not open, as Stripe's page refuses it. */
  completeCheckout(id: string): Array<{ type: string; object: Record<string, unknown> }>
  /** Customer portal sessions made, each with the form it was made with and the key it came with.
   * Only customers in `customers` get one (others: resource_missing, as Stripe answers). */
  portalSessions: Array<{ id: string; form: Record<string, string>; authorization: string }>
  /** Each change of the subscriptions, on a logical clock: `record(changed)` after changing them
   * directly (the API's own changes are recorded by the fake); `at(id, moment)` is the
   * subscription's object as it was then (undefined before it existed). */
  history: { now: number; record(subscriptions?: Iterable<FakeSubscription>): void; at(id: string, moment: number): Record<string, unknown> | undefined; states(id: string): Array<Record<string, unknown>> }
  /** When set, every read of a subscription (GET /v1/subscriptions/:id) waits, handed to this
   * function, until the test answers it with what was true at a moment between its arrival and
   * now: a reading that reflects the state as of its start or later, as Stripe's do, but that may
   * arrive after other deliveries have been handled. */
  parkReads: ((read: ParkedRead) => void) | null
  /** Called after the API cancelled a subscription (to emit Stripe's event for it). */
  onCancel: (subscription: FakeSubscription) => void
  /** Requests the fake answered, by method and path. */
  requests: string[]
  /** The same requests with what they sent: the query or form, and the idempotency key. */
  calls: Array<{ method: string; path: string; params: Record<string, string>; idempotencyKey: string | null }>
  /** Whether the portal's default configuration lets customers update their payment method. */
  portalUpdatesPaymentMethods: boolean
  object(subscription: FakeSubscription): Record<string, unknown>
  env(): Record<string, string>
  close(): Promise<void>
}

const notFound = (what: string) => ({ status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } } })

export async function startFakeStripe(): Promise<FakeStripe> {
  let serial = 0
  const timeline = new Map<string, Array<{ at: number; object: Record<string, unknown> }>>()
  const fake: FakeStripe = {
    base: '',
    clock: { now: Math.floor(Date.now() / 1000) },
    subscriptions: new Map(),
    customers: new Map(),
    invoices: new Map(),
    cards: new Map(),
    events: [],
    refunds: [],
    checkoutSessions: new Map(),
    portalSessions: [],
    onCancel: () => {},
    parkReads: null,
    history: {
      now: 0,
      record(subscriptions = fake.subscriptions.values()) {
        for (const subscription of subscriptions) {
          const object = fake.object(subscription)
          const states = timeline.get(subscription.id) ?? []
          if (JSON.stringify(states.at(-1)?.object) === JSON.stringify(object)) continue
          fake.history.now += 1
          states.push({ at: fake.history.now, object })
          timeline.set(subscription.id, states)
        }
      },
      at(id, moment) {
        return (timeline.get(id) ?? []).filter((state) => state.at <= moment).at(-1)?.object
      },
      states(id) {
        return (timeline.get(id) ?? []).map((state) => state.object)
      },
    },
    requests: [],
    calls: [],
    portalUpdatesPaymentMethods: true,
    object(s) {
      return {
        id: s.id,
        object: 'subscription',
        customer: s.customer,
        status: s.status,
        cancel_at_period_end: s.cancelAtPeriodEnd,
        canceled_at: s.canceledAt,
        created: s.created,
        latest_invoice: s.latestInvoice,
        default_payment_method: s.defaultPaymentMethod ?? null,
        livemode: false,
        metadata: { user_id: s.userId, plan: s.plan },
        items: {
          object: 'list',
          data: [{ id: `si_${s.id}`, object: 'subscription_item', price: { id: s.price, object: 'price' }, current_period_start: s.periodStart, current_period_end: s.periodEnd }],
        },
      }
    },
    subscribe(values) {
      const t = fake.clock.now
      const subscription: FakeSubscription = {
        id: `sub_fake_${++serial}`,
        customer: `cus_for_${values.userId.slice(0, 8)}`,
        plan: 'pro',
        price: 'price_pro_test',
        status: 'active',
        cancelAtPeriodEnd: false,
        canceledAt: null,
        created: t,
        periodStart: t,
        periodEnd: t + 30 * 86400,
        latestInvoice: `in_fake_${++serial}`,
        ...values,
      }
      fake.subscriptions.set(subscription.id, subscription)
      fake.history.record([subscription])
      return subscription
    },
    completeCheckout(id) {
      const session = fake.checkoutSessions.get(id)
      if (session?.status !== 'open') throw new Error(`checkout session ${id} is ${session?.status ?? 'unknown'}: it cannot be paid`)
      const subscription = fake.subscribe({ userId: session.userId, customer: session.customer, plan: session.plan, price: session.price })
      session.status = 'complete'
      session.subscription = subscription.id
      const invoice = {
        id: subscription.latestInvoice,
        object: 'invoice',
        customer: subscription.customer,
        status: 'paid',
        billing_reason: 'subscription_create',
        parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: { user_id: session.userId, plan: session.plan } } },
      }
      return [
        { type: 'customer.subscription.created', object: fake.object(subscription) },
        { type: 'invoice.paid', object: invoice },
        { type: 'invoice.payment_succeeded', object: invoice },
        { type: 'checkout.session.completed', object: checkoutObject(session) },
      ]
    },
    failRenewal(subscription, values = {}) {
      const invoice: FakeInvoice = {
        id: `in_fake_${++serial}`,
        customer: subscription.customer,
        subscription: subscription.id,
        status: 'open',
        amountDue: 249_900,
        attemptCount: 1,
        nextPaymentAttempt: fake.clock.now + 3 * 86_400,
        intentStatus: 'requires_payment_method',
        paymentMethod: subscription.defaultPaymentMethod ?? null,
        created: fake.clock.now,
        ...values,
      }
      fake.invoices.set(invoice.id, invoice)
      subscription.latestInvoice = invoice.id
      subscription.status = 'past_due'
      fake.history.record([subscription])
      return invoice
    },
    invoiceObject(invoice) {
      return {
        id: invoice.id,
        object: 'invoice',
        customer: invoice.customer,
        status: invoice.status,
        amount_due: invoice.amountDue,
        currency: 'nok',
        attempt_count: invoice.attemptCount,
        next_payment_attempt: invoice.nextPaymentAttempt,
        hosted_invoice_url: `https://invoice.stripe.com/i/acct_fake/${invoice.id}`,
        billing_reason: 'subscription_cycle',
        created: invoice.created,
        parent: { type: 'subscription_details', subscription_details: { subscription: invoice.subscription } },
        livemode: false,
        ...invoice.extra,
      }
    },
    env() {
      return { STRIPE_SECRET_KEY: 'sk_test_fake_stripe', STRIPE_API_BASE: fake.base, STRIPE_PRICE_PRO: 'price_pro_test', STRIPE_TAX_RATE_MVA: 'txr_mva_test' }
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  }

  const checkoutObject = (session: FakeCheckoutSession) => ({
    id: session.id,
    object: 'checkout.session',
    mode: 'subscription',
    status: session.status,
    payment_status: session.status === 'complete' ? 'paid' : 'unpaid',
    customer: session.customer,
    client_reference_id: session.userId,
    subscription: session.subscription,
    metadata: { user_id: session.userId, plan: session.plan },
    created: session.created,
    livemode: false,
    url: session.status === 'open' ? `https://checkout.stripe.com/c/pay/${session.id}` : null,
  })
  const list = (data: unknown[], path: string) => ({ status: 200, body: { object: 'list', data, has_more: false, url: path } })

  /** Stripe's invoices.pay, off session: the card decides (402 when it is declined or the bank wants
   * the customer); a paid invoice brings its past-due or unpaid subscription back to active. */
  const payInvoice = (invoice: FakeInvoice, method: string | null): { status: number; body: unknown } => {
    if (invoice.status !== 'open') return { status: 400, body: { error: { type: 'invalid_request_error', code: 'invoice_already_paid', message: 'Invoice is already paid' } } }
    const s = fake.subscriptions.get(invoice.subscription)
    const card = method ?? s?.defaultPaymentMethod ?? null
    const behaviour = card ? (fake.cards.get(card) ?? 'paid') : 'declined'
    invoice.paymentMethod = card
    if (behaviour === 'declined') {
      invoice.intentStatus = 'requires_payment_method'
      return { status: 402, body: { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } } }
    }
    if (behaviour === 'requires_action') {
      invoice.intentStatus = 'requires_action'
      return { status: 402, body: { error: { type: 'invalid_request_error', code: 'invoice_payment_intent_requires_action', message: 'This payment requires additional user action.' } } }
    }
    invoice.status = 'paid'
    invoice.intentStatus = 'succeeded'
    invoice.nextPaymentAttempt = null
    if (s && ['past_due', 'unpaid', 'incomplete'].includes(s.status)) {
      s.status = 'active'
      fake.history.record([s])
    }
    return { status: 200, body: fake.invoiceObject(invoice) }
  }

  const answer = (method: string, url: URL, form: URLSearchParams, headers: Record<string, string | string[] | undefined>): { status: number; body: unknown } => {
    const path = url.pathname
    if (path === '/v1/checkout/sessions') {
      if (method === 'POST') {
        const session: FakeCheckoutSession = {
          id: `cs_test_fake_${++serial}`,
          customer: form.get('customer') ?? '',
          userId: form.get('subscription_data[metadata][user_id]') ?? form.get('client_reference_id') ?? '',
          plan: form.get('subscription_data[metadata][plan]') ?? 'pro',
          price: form.get('line_items[0][price]') ?? '',
          status: 'open',
          subscription: null,
          created: fake.clock.now,
        }
        fake.checkoutSessions.set(session.id, session)
        return { status: 200, body: checkoutObject(session) }
      }
      const customer = url.searchParams.get('customer')
      const status = url.searchParams.get('status')
      const found = [...fake.checkoutSessions.values()].filter((x) => (!customer || x.customer === customer) && (!status || x.status === status))
      return list(found.reverse().map(checkoutObject), path)
    }
    const checkout = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path)
    if (checkout) {
      const session = fake.checkoutSessions.get(decodeURIComponent(checkout[1]!))
      if (!session) return notFound('checkout.session')
      if (checkout[2] && method === 'POST') {
        if (session.status !== 'open') {
          return { status: 400, body: { error: { type: 'invalid_request_error', message: `Only Checkout Sessions with a status in [open] can be expired. This Checkout Session has a status of ${session.status}.` } } }
        }
        session.status = 'expired'
      }
      return { status: 200, body: checkoutObject(session) }
    }
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path)
    if (subscription) {
      const s = fake.subscriptions.get(decodeURIComponent(subscription[1]!))
      if (!s) return notFound('subscription')
      if (method === 'GET') return { status: 200, body: fake.object(s) }
      if (method === 'POST') {
        if (form.has('default_payment_method')) s.defaultPaymentMethod = form.get('default_payment_method')
        fake.history.record([s])
        return { status: 200, body: fake.object(s) }
      }
      if (method === 'DELETE') {
        if (s.status !== 'canceled' && s.status !== 'incomplete_expired') {
          s.status = 'canceled'
          s.canceledAt = fake.clock.now
          s.cancelAtPeriodEnd = false
          fake.history.record([s])
          fake.onCancel(s)
        }
        return { status: 200, body: fake.object(s) }
      }
    }
    if (method === 'GET' && path === '/v1/invoice_payments' && fake.invoices.has(url.searchParams.get('invoice') ?? '')) {
      const invoice = fake.invoices.get(url.searchParams.get('invoice') ?? '')!
      const status = invoice.status === 'paid' ? 'paid' : 'open'
      const expanded = [...url.searchParams].some(([key, value]) => key.startsWith('expand') && value === 'data.payment.payment_intent')
      const intent = expanded ? { id: `pi_${invoice.id}`, object: 'payment_intent', status: invoice.intentStatus, payment_method: invoice.paymentMethod } : `pi_${invoice.id}`
      const wanted = url.searchParams.get('status')
      const data = !wanted || wanted === status ? [{ id: `inpay_${invoice.id}`, object: 'invoice_payment', invoice: invoice.id, status, payment: { type: 'payment_intent', payment_intent: intent } }] : []
      return list(data, path)
    }
    const invoicePath = /^\/v1\/invoices\/([^/]+)(\/pay)?$/.exec(path)
    if (invoicePath) {
      const invoice = fake.invoices.get(decodeURIComponent(invoicePath[1]!))
      if (!invoice) return notFound('invoice')
      if (method === 'GET') return { status: 200, body: fake.invoiceObject(invoice) }
      if (method === 'POST' && invoicePath[2]) return payInvoice(invoice, form.get('payment_method'))
    }
    if (method === 'GET' && path === '/v1/subscriptions') {
      const all = [...fake.subscriptions.values()].sort((a, b) => a.id.localeCompare(b.id))
      const after = url.searchParams.get('starting_after')
      const from = after ? all.findIndex((x) => x.id === after) + 1 : 0
      const limit = Number(url.searchParams.get('limit') ?? 10)
      const page = all.slice(from, from + limit)
      return { status: 200, body: { object: 'list', data: page.map((x) => fake.object(x)), has_more: from + limit < all.length, url: path } }
    }
    if (method === 'GET' && path === '/v1/events') {
      const since = Number(url.searchParams.get('created[gte]') ?? 0)
      const types = [...url.searchParams].filter(([key]) => key.startsWith('types[')).map(([, value]) => value)
      const undelivered = url.searchParams.get('delivery_success') === 'false'
      const found = fake.events.filter((e) => e.event.created >= since && (!undelivered || !e.delivered) && (types.length === 0 || types.includes(e.event.type)))
      return list(found.map((e) => ({ object: 'event', ...e.event })).reverse(), path)
    }
    if (method === 'GET' && path === '/v1/invoice_payments') {
      const invoice = url.searchParams.get('invoice')
      const s = [...fake.subscriptions.values()].find((x) => x.latestInvoice === invoice)
      const data = s ? [{ id: `inpay_${s.id}`, object: 'invoice_payment', invoice, status: 'paid', payment: { type: 'payment_intent', payment_intent: `pi_${s.id}` } }] : []
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/invoice_payments' } }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = form.get('payment_intent') ?? ''
      let refund = fake.refunds.find((r) => r.paymentIntent === intent)
      if (!refund) {
        refund = { id: `re_${++serial}`, paymentIntent: intent, reason: form.get('reason') }
        fake.refunds.push(refund)
      }
      return { status: 200, body: { id: refund.id, object: 'refund', payment_intent: intent, reason: refund.reason, status: 'succeeded' } }
    }
    if (method === 'GET' && path === '/v1/billing_portal/configurations') {
      return list([{ id: 'bpc_fake', object: 'billing_portal.configuration', is_default: true, features: { payment_method_update: { enabled: fake.portalUpdatesPaymentMethods } } }], path)
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = form.get('customer') ?? ''
      if (![...fake.customers.values()].some((c) => c.id === customer)) return notFound(`customer: '${customer}'`)
      const id = `bps_fake_${++serial}`
      fake.portalSessions.push({ id, form: Object.fromEntries(form), authorization: String(headers.authorization ?? '') })
      return {
        status: 200,
        body: {
          id,
          object: 'billing_portal.session',
          customer,
          return_url: form.get('return_url'),
          locale: form.get('locale'),
          livemode: false,
          url: `https://billing.stripe.com/p/session/test_${id}`,
        },
      }
    }
    const taxIdsPath = /^\/v1\/customers\/([^/]+)\/tax_ids$/.exec(path)
    if (taxIdsPath) {
      const customer = [...fake.customers.values()].find((c) => c.id === taxIdsPath[1])
      if (!customer) return notFound(`customer: '${taxIdsPath[1]}'`)
      customer.taxIds ??= []
      if (method === 'POST') customer.taxIds.push({ type: form.get('type') ?? '', value: form.get('value') ?? '' })
      return method === 'POST'
        ? { status: 200, body: { id: `txi_${++serial}`, object: 'tax_id', ...customer.taxIds.at(-1) } }
        : list(customer.taxIds.map((t, i) => ({ id: `txi_${customer.id}_${i}`, object: 'tax_id', ...t })), path)
    }
    const customerPath = /^\/v1\/customers\/([^/]+)$/.exec(path)
    if (method === 'GET' && customerPath) {
      const customer = [...fake.customers.values()].find((c) => c.id === customerPath[1])
      if (!customer) return notFound(`customer: '${customerPath[1]}'`)
      return { status: 200, body: { id: customer.id, object: 'customer', email: customer.email, invoice_settings: { default_payment_method: customer.defaultPaymentMethod ?? null } } }
    }
    if (method === 'POST' && customerPath) {
      const customer = [...fake.customers.values()].find((c) => c.id === customerPath[1])
      if (!customer) return notFound(`customer: '${customerPath[1]}'`)
      if (form.has('email')) customer.email = form.get('email') ?? ''
      customer.details = { ...customer.details, ...Object.fromEntries([...form].filter(([key]) => key !== 'email')) }
      return { status: 200, body: { id: customer.id, object: 'customer', email: customer.email } }
    }
    if (method === 'POST' && path === '/v1/customers') {
      const key = String(headers['idempotency-key'] ?? `customer-${++serial}`)
      let customer = fake.customers.get(key)
      if (!customer) {
        customer = { id: `cus_fake_${++serial}`, userId: form.get('metadata[user_id]') ?? '', email: form.get('email') ?? '' }
        fake.customers.set(key, customer)
      }
      return { status: 200, body: { id: customer.id, object: 'customer' } }
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } } }
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake.stripe')
      fake.requests.push(`${req.method} ${url.pathname}`)
      const sent = req.method === 'GET' ? url.searchParams : new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
      const key = req.headers['idempotency-key']
      fake.calls.push({ method: req.method ?? 'GET', path: url.pathname, params: Object.fromEntries(sent), idempotencyKey: typeof key === 'string' ? key : null })
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${fake.requests.length}` })
        res.end(JSON.stringify(body))
      }
      const read = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname)
      if (fake.parkReads && req.method === 'GET' && read) {
        const id = decodeURIComponent(read[1]!)
        const arrivedAt = fake.history.now
        fake.parkReads({
          id,
          arrivedAt,
          answer(moment) {
            const object = fake.history.at(id, Math.min(Math.max(moment, arrivedAt), fake.history.now))
            if (object) send(200, object)
            else send(notFound('subscription').status, notFound('subscription').body)
          },
        })
        return
      }
      const { status, body } = answer(req.method ?? 'GET', url, new URLSearchParams(Buffer.concat(chunks).toString('utf8')), req.headers)
      send(status, body)
    })
  })
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready))
  fake.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return fake
}
