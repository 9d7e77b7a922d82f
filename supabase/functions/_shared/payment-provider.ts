// The payment provider as the functions use it: Stripe's API when STRIPE_SECRET_KEY is set, the
// local stack's stand-in (LOCAL_PAYMENTS_URL) otherwise. Both answer the same Stripe shapes, so the
// functions hold one code path. Web standards and the stripe SDK's fetch client only.
import type { FunctionEnv } from './env.ts'
import { stripeClient } from './stripe-client.ts'

/** The fields of a Stripe Subscription the site reads (API 2025-03-31 and later put the period on
 * the items; older versions had it at the top level, which is still read). */
export interface ProviderSubscription {
  id: string
  customer: string | { id: string }
  status: string
  cancel_at_period_end?: boolean | null
  canceled_at?: number | null
  created?: number | null
  current_period_end?: number | null
  metadata?: Record<string, string> | null
  items?: { data?: Array<{ price?: { id?: string } | null; current_period_end?: number | null }> } | null
  /** The invoice of the latest period (an id; an object where it was expanded). */
  latest_invoice?: string | { id: string } | null
  /** The card renewals are charged to, before the customer's default (Stripe's precedence). */
  default_payment_method?: string | { id: string } | null
}

/** The fields of a Stripe Invoice the site reads (API 2025-03-31 and later: no `paid`, no
 * `payment_intent`; its payments are a list of their own), and the state of its latest payment. */
export interface ProviderInvoice {
  id: string
  /** draft, open (owed), paid, uncollectible or void. */
  status: string | null
  customer?: string | { id: string } | null
  /** Attempts of the retry schedule so far (the first attempt, then each automatic retry). */
  attempt_count?: number | null
  /** When the provider tries again (seconds); null when no automatic attempt is due. */
  next_payment_attempt?: number | null
  /** The provider's page where the customer pays (and confirms with their bank) this invoice. */
  hosted_invoice_url?: string | null
  amount_due?: number | null
  currency?: string | null
  parent?: { subscription_details?: { subscription?: string | { id: string } | null } | null } | null
  /** Its number (from the account's one series), once finalized; drafts have none. */
  number?: string | null
  created?: number | null
  due_date?: number | null
  subtotal?: number | null
  total?: number | null
  /** The tax on it (API 2025-03-31 and later); older versions: `total_tax_amounts`. */
  total_taxes?: Array<{ amount: number }> | null
  customer_name?: string | null
  customer_tax_exempt?: string | null
  customer_tax_ids?: Array<{ type: string; value: string | null }> | null
  status_transitions?: { finalized_at?: number | null } | null
  lines?: { data?: Array<{ period?: { start?: number; end?: number } | null }> } | null
  /** The invoice as a PDF (on the local stand-in, a page to print). */
  invoice_pdf?: string | null
  /** The latest payment of the invoice: its PaymentIntent's status (`requires_action`: the bank
   * wants the customer to confirm it, 3-D Secure) and the payment method it was made with. */
  payment: { status: string | null; payment_method: string | null } | null
}

/** The customer as the fix of a payment reads it: the card the portal made their default. */
export interface ProviderCustomer {
  id: string
  default_payment_method: string | null
}

/** An event as Stripe's List Events answers it. */
export interface ProviderEvent {
  id: string
  type: string
  created: number
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> }
}

/** How an attempt to pay an invoice went: paid, declined, or waiting for the customer's bank. */
export type PayOutcome = 'paid' | 'declined' | 'requires_action'

export interface PaymentProvider {
  readonly kind: 'stripe' | 'local'
  /** The subscription as the provider holds it now; null when it does not know the id. */
  retrieveSubscription(id: string): Promise<ProviderSubscription | null>
  /** Ends a subscription nobody should pay for (bought twice, or for an account that is gone): its
   * last invoice's payments are refunded, then it is cancelled at once. */
  refundAndCancel(id: string, reason: RefundReason): Promise<ProviderSubscription>
  /** Cancels a subscription at once, without a refund (the account is being deleted); a
   * subscription the provider does not know, or that has ended, is left as it is. */
  cancelNow(id: string): Promise<void>
  /** Expires the customer's open checkout sessions, so that none of them can be paid any more. */
  expireOpenCheckouts(customer: string): Promise<void>
  /** The user's one customer at the provider, made on first use (the same one on every call), in
   * the account's language (Stripe writes its receipts and failed-payment e-mails in it). */
  ensureCustomer(user: { id: string; email: string; lang?: 'nb' | 'en' }): Promise<string>
  /** Sets the customer's e-mail address (receipts and invoices go there); false when the provider
   * does not know the customer. */
  updateCustomerEmail(customer: string, email: string): Promise<boolean>
  /** A new session of the provider's customer portal for the customer: its URL. The portal sends
   * the customer back to `returnUrl` and speaks `locale`; with `flow`, it opens straight on the
   * update of the payment method and sends the customer back once it is done. */
  createPortalSession(input: PortalSessionInput): Promise<string>
  /** The invoice as the provider holds it now, with its latest payment; null when unknown. */
  retrieveInvoice(id: string): Promise<ProviderInvoice | null>
  /** The customer's default payment method (invoice settings); null for an unknown customer. */
  retrieveCustomer(id: string): Promise<ProviderCustomer | null>
  /** Makes `paymentMethod` the card the subscription's renewals are charged to. */
  setSubscriptionPaymentMethod(subscription: string, paymentMethod: string): Promise<void>
  /** Pays an open invoice now with `paymentMethod` (off session, as Stripe's invoices.pay). */
  payInvoice(invoice: string, paymentMethod: string): Promise<PayOutcome>
  /** Every subscription of the account at the provider, whatever its status. */
  listSubscriptions(): AsyncIterable<ProviderSubscription>
  /** Events of these types since `since` (seconds) that have not reached the webhook yet (still
   * pending, or failed every delivery), oldest first. */
  undeliveredEvents(since: number, types: readonly string[]): AsyncIterable<ProviderEvent>
  /** The provider's settings this site needs that its API can read, each one that is off: the
   * customer portal's update of the payment method (`portal_payment_method_update`). */
  missingSettings(): Promise<string[]>
}

/** Stripe's refund reasons that apply: a second subscription, or one the customer asked to end. */
export type RefundReason = 'duplicate' | 'requested_by_customer'

export interface PortalSessionInput {
  customer: string
  returnUrl: string
  locale: 'nb' | 'en'
  /** Open the portal on the update of the payment method (Stripe's `flow_data`). */
  flow?: 'payment_method_update'
}

/** Stripe's decline of an off-session payment: the card refused it (402 card_error), or the bank
 * wants the customer to confirm it (invoice_payment_intent_requires_action). */
const payOutcomeOfError = (error: unknown): PayOutcome | null => {
  const { code, type } = (error ?? {}) as { code?: string; type?: string }
  if (code === 'invoice_payment_intent_requires_action' || code === 'authentication_required') return 'requires_action'
  if (type === 'StripeCardError' || type === 'card_error' || code === 'card_declined') return 'declined'
  return null
}

const idOfField = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null))

/** The provider the environment configures, or null (then nothing can be retrieved or bought). */
export function paymentProvider(env: FunctionEnv): PaymentProvider | null {
  if (env.STRIPE_SECRET_KEY) return stripeProvider(env)
  if (env.LOCAL_PAYMENTS_URL) return localProvider(env)
  return null
}

const isMissing = (error: unknown) => (error as { code?: string } | null)?.code === 'resource_missing'
const isEnded = (status: string) => status === 'canceled' || status === 'incomplete_expired'

function stripeProvider(env: FunctionEnv): PaymentProvider {
  const stripe = stripeClient(env)
  return {
    kind: 'stripe',
    async retrieveSubscription(id) {
      try {
        return (await stripe.subscriptions.retrieve(id)) as unknown as ProviderSubscription
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },
    async refundAndCancel(id, reason) {
      // Refund first: a retry after a failure finds the same refunds (idempotency keys) and
      // then cancels; cancelling first could leave a cancelled subscription never refunded.
      const subscription = await stripe.subscriptions.retrieve(id)
      const invoice = typeof subscription.latest_invoice === 'string' ? subscription.latest_invoice : subscription.latest_invoice?.id
      if (invoice) {
        for await (const payment of stripe.invoicePayments.list({ invoice, status: 'paid' })) {
          const intent = payment.payment.payment_intent
          const intentId = typeof intent === 'string' ? intent : intent?.id
          if (!intentId) continue
          try {
            await stripe.refunds.create({ payment_intent: intentId, reason }, { idempotencyKey: `refund-subscription-${id}-${intentId}` })
          } catch (error) {
            if ((error as { code?: string }).code !== 'charge_already_refunded') throw error
          }
        }
      }
      if (isEnded(subscription.status)) return subscription as unknown as ProviderSubscription
      const comment = reason === 'duplicate' ? 'Duplicate subscription: the customer already has one' : 'The account was deleted'
      return (await stripe.subscriptions.cancel(
        id,
        { invoice_now: false, prorate: false, cancellation_details: { comment } },
        { idempotencyKey: `refund-subscription-cancel-${id}` },
      )) as unknown as ProviderSubscription
    },
    async cancelNow(id) {
      try {
        const subscription = await stripe.subscriptions.retrieve(id)
        if (!isEnded(subscription.status)) await stripe.subscriptions.cancel(id, { invoice_now: false, prorate: false })
      } catch (error) {
        // Unknown to Stripe (or cancelled meanwhile by another request): nothing left to cancel.
        if (!isMissing(error)) throw error
      }
    },
    async expireOpenCheckouts(customer) {
      for await (const session of stripe.checkout.sessions.list({ customer, status: 'open', limit: 100 })) {
        try {
          await stripe.checkout.sessions.expire(session.id)
        } catch (error) {
          // Only an open session can be expired: one completed or expired meanwhile is fine.
          if ((await stripe.checkout.sessions.retrieve(session.id)).status === 'open') throw error
        }
      }
    },
    async ensureCustomer(user) {
      // The idempotency key makes concurrent first checkouts (two tabs) get the same customer.
      const customer = await stripe.customers.create(
        { ...(user.email ? { email: user.email } : {}), preferred_locales: [user.lang === 'en' ? 'en' : 'nb'], metadata: { user_id: user.id } },
        { idempotencyKey: `customer-for-user-${user.id}` },
      )
      return customer.id
    },
    async updateCustomerEmail(customer, email) {
      try {
        await stripe.customers.update(customer, { email })
        return true
      } catch (error) {
        if (isMissing(error)) return false
        throw error
      }
    },
    async createPortalSession({ customer, returnUrl, locale, flow }) {
      // Stripe's default portal configuration (set in its dashboard) says what the customer may do;
      // the payment-method update needs its "payment method" feature on.
      const session = await stripe.billingPortal.sessions.create({
        customer,
        return_url: returnUrl,
        locale,
        ...(flow ? { flow_data: { type: flow, after_completion: { type: 'redirect', redirect: { return_url: returnUrl } } } } : {}),
      })
      if (!session.url) throw new Error(`Stripe returned portal session ${session.id} without a URL`)
      return session.url
    },
    async retrieveInvoice(id) {
      let invoice: Awaited<ReturnType<typeof stripe.invoices.retrieve>>
      try {
        invoice = await stripe.invoices.retrieve(id)
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
      // Since API 2025-03-31 an invoice's PaymentIntents are in its payments (newest first).
      const payments = await stripe.invoicePayments.list({ invoice: id, limit: 1, expand: ['data.payment.payment_intent'] })
      const intent = payments.data[0]?.payment.payment_intent
      const payment = intent && typeof intent === 'object' ? { status: intent.status, payment_method: idOfField(intent.payment_method as string | { id: string } | null) } : null
      return { ...(invoice as unknown as Omit<ProviderInvoice, 'payment'>), payment }
    },
    async retrieveCustomer(id) {
      try {
        const customer = await stripe.customers.retrieve(id)
        if ((customer as { deleted?: boolean }).deleted) return null
        const settings = (customer as { invoice_settings?: { default_payment_method?: string | { id: string } | null } }).invoice_settings
        return { id: customer.id, default_payment_method: idOfField(settings?.default_payment_method) }
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },
    async setSubscriptionPaymentMethod(subscription, paymentMethod) {
      await stripe.subscriptions.update(subscription, { default_payment_method: paymentMethod }, { idempotencyKey: `subscription-payment-method-${subscription}-${paymentMethod}` })
    },
    async payInvoice(invoice, paymentMethod) {
      try {
        // Off session by default: the customer is not at the page; a bank that wants them answers requires_action.
        const paid = await stripe.invoices.pay(invoice, { payment_method: paymentMethod }, { idempotencyKey: `pay-invoice-${invoice}-${paymentMethod}` })
        return paid.status === 'paid' ? 'paid' : 'declined'
      } catch (error) {
        const outcome = payOutcomeOfError(error)
        if (outcome) return outcome
        // Paid meanwhile (by a retry, or on the hosted page): nothing left to pay.
        if ((error as { code?: string }).code === 'invoice_already_paid' || /already paid/i.test((error as Error).message)) return 'paid'
        throw error
      }
    },
    async *listSubscriptions() {
      for await (const subscription of stripe.subscriptions.list({ status: 'all', limit: 100 })) yield subscription as unknown as ProviderSubscription
    },
    async missingSettings() {
      // The portal's default configuration: "Fix payment" opens it on the payment method's update.
      const configurations = await stripe.billingPortal.configurations.list({ is_default: true, limit: 1 })
      const portal = configurations.data[0]
      return portal?.features.payment_method_update.enabled ? [] : ['portal_payment_method_update']
    },
    async *undeliveredEvents(since, types) {
      const found: ProviderEvent[] = []
      // At most 20 types a request (Stripe's limit).
      for (let i = 0; i < types.length; i += 20) {
        for await (const event of stripe.events.list({ created: { gte: since }, delivery_success: false, types: types.slice(i, i + 20) as string[], limit: 100 })) {
          found.push(event as unknown as ProviderEvent)
        }
      }
      yield* found.sort((a, b) => a.created - b.created || a.id.localeCompare(b.id))
    },
  }
}

function localProvider(env: FunctionEnv): PaymentProvider {
  const base = new URL('.', env.LOCAL_PAYMENTS_URL)
  const request = (method: string, path: string, body?: unknown) =>
    fetch(new URL(path, base), {
      method,
      headers: { Authorization: `Bearer ${env.SUPABASE_SERVICE_ROLE_KEY}`, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await request(method, path, body)
    if (res.status === 404) {
      await res.body?.cancel()
      return null
    }
    if (!res.ok) throw new Error(`the local payment stand-in answered ${method} ${path} with ${res.status}: ${await res.text()}`)
    return res.json()
  }
  return {
    kind: 'local',
    async retrieveSubscription(id) {
      return (await call('GET', `subscriptions/${encodeURIComponent(id)}`)) as ProviderSubscription | null
    },
    async refundAndCancel(id, reason) {
      // As at Stripe: the refund is asked for first, then the subscription is cancelled.
      const refund = await call('POST', 'refunds', { subscription: id, reason })
      if (!refund) throw new Error(`the local payment stand-in does not know subscription ${id}`)
      const canceled = (await call('DELETE', `subscriptions/${encodeURIComponent(id)}`)) as ProviderSubscription | null
      if (!canceled) throw new Error(`the local payment stand-in does not know subscription ${id}`)
      return canceled
    },
    async cancelNow(id) {
      await call('DELETE', `subscriptions/${encodeURIComponent(id)}`)
    },
    async expireOpenCheckouts(customer) {
      const openIds = async () =>
        (((await call('GET', `sessions?${new URLSearchParams({ customer, status: 'open' })}`)) as { data?: Array<{ id: string }> } | null)?.data ?? []).map((s) => s.id)
      for (const id of await openIds()) {
        try {
          await call('POST', `sessions/${encodeURIComponent(id)}/expire`)
        } catch (error) {
          // Only an open session can be expired: one paid meanwhile is fine.
          if ((await openIds()).includes(id)) throw error
        }
      }
    },
    async ensureCustomer(user) {
      const customer = (await call('POST', 'customers', { user_id: user.id, email: user.email })) as { id?: string } | null
      if (!customer?.id) throw new Error('the local payment stand-in returned no customer')
      return customer.id
    },
    async updateCustomerEmail(customer, email) {
      return (await call('POST', `customers/${encodeURIComponent(customer)}`, { email })) !== null
    },
    async createPortalSession({ customer, returnUrl, locale, flow }) {
      const session = (await call('POST', 'portal-sessions', {
        customer,
        return_url: returnUrl,
        locale,
        ...(flow ? { flow_data: { type: flow, after_completion: { type: 'redirect', redirect: { return_url: returnUrl } } } } : {}),
      })) as { url?: string } | null
      if (!session?.url) throw new Error(`the local payment stand-in does not know customer ${customer}`)
      return session.url
    },
    async retrieveInvoice(id) {
      const invoice = (await call('GET', `invoices/${encodeURIComponent(id)}`)) as Omit<ProviderInvoice, 'payment'> | null
      if (!invoice) return null
      const payments = (await call('GET', `invoice_payments?${new URLSearchParams({ invoice: id, limit: '1', 'expand[]': 'data.payment.payment_intent' })}`)) as {
        data?: Array<{ payment?: { payment_intent?: { status?: string; payment_method?: string | null } | string } }>
      } | null
      const intent = payments?.data?.[0]?.payment?.payment_intent
      const payment = intent && typeof intent === 'object' ? { status: intent.status ?? null, payment_method: intent.payment_method ?? null } : null
      return { ...invoice, payment }
    },
    async retrieveCustomer(id) {
      const customer = (await call('GET', `customers/${encodeURIComponent(id)}`)) as { id: string; invoice_settings?: { default_payment_method?: string | null } } | null
      return customer ? { id: customer.id, default_payment_method: customer.invoice_settings?.default_payment_method ?? null } : null
    },
    async setSubscriptionPaymentMethod(subscription, paymentMethod) {
      if (!(await call('POST', `subscriptions/${encodeURIComponent(subscription)}`, { default_payment_method: paymentMethod }))) {
        throw new Error(`the local payment stand-in does not know subscription ${subscription}`)
      }
    },
    async payInvoice(invoice, paymentMethod) {
      // As Stripe: 200 with the paid invoice, or 402 with the card's refusal.
      const res = await request('POST', `invoices/${encodeURIComponent(invoice)}/pay`, { payment_method: paymentMethod })
      const answer = (await res.json().catch(() => null)) as { status?: string; error?: { code?: string; type?: string } } | null
      if (res.ok) return answer?.status === 'paid' ? 'paid' : 'declined'
      const outcome = res.status === 402 ? payOutcomeOfError(answer?.error) : null
      if (outcome) return outcome
      if (answer?.error?.code === 'invoice_already_paid') return 'paid'
      throw new Error(`the local payment stand-in answered POST invoices/${invoice}/pay with ${res.status}: ${JSON.stringify(answer)}`)
    },
    async *listSubscriptions() {
      for (let after: string | null = null, more = true; more; ) {
        const params = new URLSearchParams({ status: 'all', limit: '100', ...(after ? { starting_after: after } : {}) })
        const page = (await call('GET', `subscriptions?${params}`)) as { data?: ProviderSubscription[]; has_more?: boolean } | null
        const data = page?.data ?? []
        yield* data
        more = Boolean(page?.has_more) && data.length > 0
        after = data.at(-1)?.id ?? null
      }
    },
    async missingSettings() {
      // The stand-in's portal always offers the update of the payment method.
      return []
    },
    async *undeliveredEvents(since, types) {
      const params = new URLSearchParams({ 'created[gte]': String(since), delivery_success: 'false' })
      for (const type of types) params.append('types[]', type)
      const page = (await call('GET', `events?${params}`)) as { data?: ProviderEvent[] } | null
      yield* [...(page?.data ?? [])].sort((a, b) => a.created - b.created || a.id.localeCompare(b.id))
    },
  }
}
