// A stand-in for api.stripe.com in the tests: the subscriptions, customers, invoice payments,
// refunds and customer portal sessions the site's functions read and write, held in memory and
// served over HTTP to the real stripe SDK (STRIPE_API_BASE). Tests (and the model of Stripe's
// event stream) change the subscriptions directly and see what the functions did.
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
}

export type FakeStripe = {
  base: string
  /** Stripe's clock, in seconds: what a cancellation through the API stamps. */
  clock: { now: number }
  subscriptions: Map<string, FakeSubscription>
  customers: Map<string, { id: string; userId: string; email: string }>
  refunds: Array<{ id: string; paymentIntent: string }>
  /** Customer portal sessions made, each with the form it was made with and the key it came with.
   * Only customers in `customers` get one (others: resource_missing, as Stripe answers). */
  portalSessions: Array<{ id: string; form: Record<string, string>; authorization: string }>
  /** Called after the API cancelled a subscription (to emit Stripe's event for it). */
  onCancel: (subscription: FakeSubscription) => void
  /** Requests the fake answered, by method and path. */
  requests: string[]
  object(subscription: FakeSubscription): Record<string, unknown>
  env(): Record<string, string>
  close(): Promise<void>
}

const notFound = (what: string) => ({ status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } } })

export async function startFakeStripe(): Promise<FakeStripe> {
  let serial = 0
  const fake: FakeStripe = {
    base: '',
    clock: { now: Math.floor(Date.now() / 1000) },
    subscriptions: new Map(),
    customers: new Map(),
    refunds: [],
    portalSessions: [],
    onCancel: () => {},
    requests: [],
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
        livemode: false,
        metadata: { user_id: s.userId, plan: s.plan },
        items: {
          object: 'list',
          data: [{ id: `si_${s.id}`, object: 'subscription_item', price: { id: s.price, object: 'price' }, current_period_start: s.periodStart, current_period_end: s.periodEnd }],
        },
      }
    },
    env() {
      return { STRIPE_SECRET_KEY: 'sk_test_fake_stripe', STRIPE_API_BASE: fake.base, STRIPE_PRICE_PRO: 'price_pro_test' }
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  }

  const answer = (method: string, url: URL, form: URLSearchParams, headers: Record<string, string | string[] | undefined>): { status: number; body: unknown } => {
    const path = url.pathname
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path)
    if (subscription) {
      const s = fake.subscriptions.get(decodeURIComponent(subscription[1]!))
      if (!s) return notFound('subscription')
      if (method === 'GET') return { status: 200, body: fake.object(s) }
      if (method === 'DELETE') {
        if (s.status !== 'canceled' && s.status !== 'incomplete_expired') {
          s.status = 'canceled'
          s.canceledAt = fake.clock.now
          s.cancelAtPeriodEnd = false
          fake.onCancel(s)
        }
        return { status: 200, body: fake.object(s) }
      }
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
        refund = { id: `re_${++serial}`, paymentIntent: intent }
        fake.refunds.push(refund)
      }
      return { status: 200, body: { id: refund.id, object: 'refund', payment_intent: intent, status: 'succeeded' } }
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
      const { status, body } = answer(req.method ?? 'GET', url, new URLSearchParams(Buffer.concat(chunks).toString('utf8')), req.headers)
      res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${fake.requests.length}` })
      res.end(JSON.stringify(body))
    })
  })
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready))
  fake.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return fake
}
