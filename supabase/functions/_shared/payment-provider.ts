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
}

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
  /** The user's one customer at the provider, made on first use (the same one on every call). */
  ensureCustomer(user: { id: string; email: string }): Promise<string>
  /** Sets the customer's e-mail address (receipts and invoices go there); false when the provider
   * does not know the customer. */
  updateCustomerEmail(customer: string, email: string): Promise<boolean>
  /** A new session of the provider's customer portal for the customer: its URL. The portal sends
   * the customer back to `returnUrl` and speaks `locale`. */
  createPortalSession(input: PortalSessionInput): Promise<string>
}

/** Stripe's refund reasons that apply: a second subscription, or one the customer asked to end. */
export type RefundReason = 'duplicate' | 'requested_by_customer'

export interface PortalSessionInput {
  customer: string
  returnUrl: string
  locale: 'nb' | 'en'
}

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
        { ...(user.email ? { email: user.email } : {}), metadata: { user_id: user.id } },
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
    async createPortalSession({ customer, returnUrl, locale }) {
      // Stripe's default portal configuration (set in its dashboard) says what the customer may do.
      const session = await stripe.billingPortal.sessions.create({ customer, return_url: returnUrl, locale })
      if (!session.url) throw new Error(`Stripe returned portal session ${session.id} without a URL`)
      return session.url
    },
  }
}

function localProvider(env: FunctionEnv): PaymentProvider {
  const base = new URL('.', env.LOCAL_PAYMENTS_URL)
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(new URL(path, base), {
      method,
      headers: { Authorization: `Bearer ${env.SUPABASE_SERVICE_ROLE_KEY}`, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
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
    async createPortalSession({ customer, returnUrl, locale }) {
      const session = (await call('POST', 'portal-sessions', { customer, return_url: returnUrl, locale })) as { url?: string } | null
      if (!session?.url) throw new Error(`the local payment stand-in does not know customer ${customer}`)
      return session.url
    },
  }
}
