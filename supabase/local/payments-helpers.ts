// What the payment stand-in's routes share, made once per stack: who may call, where pages and
// the webhook are, delivering events as Stripe does, reading a body, and the rows they all use.
import type { Context } from 'hono'
import Stripe from 'stripe'
import type { StackContext } from './context.ts'
import type { FunctionEnv } from './functions.ts'
import { BodyError, isPlainObject, readJson } from './http.ts'
import { bearer, verify } from './jwt.ts'
import { localId, ready, type SubscriptionRow } from './payments-store.ts'
import type { Json } from './payments-stripe-shapes.ts'

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const httpUrl = (value: unknown): value is string => {
  if (typeof value !== 'string' || value.length > 2000) return false
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

export type Delivery = { type: string; id: string; status: number; body: string }

/** Whether the webhook accepted every one of the events. */
export const allDelivered = (delivered: Array<{ status: number }>, expected: number) =>
  delivered.length === expected && delivered.every((d) => d.status >= 200 && d.status < 300)

export type PaymentHelpers = ReturnType<typeof paymentHelpers>

export function paymentHelpers(ctx: StackContext, env: FunctionEnv) {
  const { db } = ctx
  const pageUrl = (id: string) => `${ctx.apiUrl}/local-payments/checkout/${id}`
  const portalUrl = (id: string) => `${ctx.apiUrl}/local-payments/portal/${id}`
  const webhookUrl = () => `${ctx.apiUrl}/functions/v1/stripe-webhook`

  async function isServiceRole(header: string | undefined): Promise<boolean> {
    const token = bearer(header)
    if (!token) return false
    const result = await verify(token, ctx.keys.jwtSecret)
    return result.ok && result.claims.role === 'service_role'
  }

  /** Signs each event as Stripe does and posts it to the webhook, in order; stops at a refusal. */
  async function deliver(events: Json[]): Promise<Delivery[]> {
    const secret = env.STRIPE_WEBHOOK_SECRET ?? ''
    const delivered: Delivery[] = []
    for (const e of events) {
      const payload = JSON.stringify(e, null, 2)
      const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
        payload,
        secret,
        cryptoProvider: Stripe.createSubtleCryptoProvider(),
      })
      let status = 0
      let body = ''
      try {
        const res = await fetch(webhookUrl(), {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json; charset=utf-8',
            'Stripe-Signature': signature,
            'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks; local stand-in)',
          },
          body: payload,
        })
        status = res.status
        body = await res.text()
      } catch (error) {
        body = (error as Error).message
      }
      delivered.push({ type: String(e.type), id: String(e.id), status, body })
      if (status < 200 || status >= 300) break
    }
    return delivered
  }

  async function readBody(c: Context): Promise<Json | null> {
    try {
      const body = await readJson(c, 16 * 1024)
      return isPlainObject(body) ? body : null
    } catch (error) {
      if (error instanceof BodyError) return null
      throw error
    }
  }

  /** The user's one customer, made on first use. */
  async function customerFor(userId: string, email: string): Promise<string> {
    await ready(db)
    await db.query('insert into local_stack.customers (user_id, id, email) values ($1, $2, $3) on conflict (user_id) do nothing', [userId, localId('cus'), email])
    const { rows } = await db.query<{ id: string }>('select id from local_stack.customers where user_id = $1', [userId])
    return rows[0]!.id
  }

  /** Keeps the invoices among the events' objects, as Stripe keeps every invoice it makes. */
  async function keepInvoices(events: Json[]): Promise<void> {
    await ready(db)
    for (const e of events) {
      const object = (e.data as { object?: Json } | undefined)?.object
      if (object?.object !== 'invoice') continue
      const subscription = (object.parent as { subscription_details?: { subscription?: string } } | null)?.subscription_details?.subscription ?? ''
      await db.query(
        'insert into local_stack.invoices (id, customer_id, subscription_id, created, object) values ($1, $2, $3, $4, $5) on conflict (id) do nothing',
        [object.id, object.customer, subscription, object.created, JSON.stringify(object)],
      )
    }
  }

  async function subscriptionById(id: string): Promise<SubscriptionRow | undefined> {
    if (!/^sub_\w{1,200}$/.test(id)) return undefined
    await ready(db)
    const { rows } = await db.query<SubscriptionRow>('select * from local_stack.subscriptions where id = $1', [id])
    return rows[0]
  }

  return { db, env, pageUrl, portalUrl, webhookUrl, isServiceRole, deliver, readBody, customerFor, keepInvoices, subscriptionById }
}
