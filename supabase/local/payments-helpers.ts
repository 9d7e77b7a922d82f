// What the payment stand-in's routes share, made once per stack: who may call, where pages and
// the webhook are, delivering events as Stripe does, reading a body, and the rows they all use.
import type { Context } from 'hono'
import Stripe from 'stripe'
import type { StackContext } from './context.ts'
import type { FunctionEnv } from './functions.ts'
import { BodyError, isPlainObject, readJson } from './http.ts'
import { bearer, verify } from './jwt.ts'
import { type InvoiceRow, localId, ready, type SubscriptionRow } from './payments-store.ts'
import { billInvoices } from './payments-billing.ts'
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

/** One event's delivery: the webhook's answer, or `lost` (the stand-in lost it on purpose). */
export type Delivery = { type: string; id: string; status: number; body: string; lost?: boolean }

/** The webhook took the event (or the stand-in lost it on purpose: Stripe has it, the site does not). */
export const accepted = (d: Pick<Delivery, 'status' | 'lost'>) => d.lost === true || (d.status >= 200 && d.status < 300)

/** Whether the webhook accepted every one of the events. */
export const allDelivered = (delivered: Array<Pick<Delivery, 'status' | 'lost'>>, expected: number) =>
  delivered.length === expected && delivered.every(accepted)

/** The customer an event is about: its object's customer, or the customer itself. */
const customerOfEvent = (e: Json): string | null => {
  const object = (e.data as { object?: Json } | undefined)?.object
  const customer = object?.object === 'customer' ? object.id : object?.customer
  return typeof customer === 'string' ? customer : null
}

/** Stripe's side of the events: each one kept (List Events reads them), and, unless the customer
 * asked to lose the webhooks of its next change, signed as Stripe signs it and posted to the
 * webhook, in order, stopping at a refusal. An event the webhook did not take stays undelivered
 * (delivery_success=false); the stand-in does not retry it, so only the nightly reconciliation
 * finds it. */
function eventDelivery(db: StackContext['db'], env: FunctionEnv, webhookUrl: () => string) {
  async function deliver(events: Json[]): Promise<Delivery[]> {
    await ready(db)
    const customer = events.map(customerOfEvent).find(Boolean) ?? null
    const lose =
      customer !== null &&
      (await db.query('update local_stack.customers set lose_webhooks = false where id = $1 and lose_webhooks returning id', [customer])).rows.length > 0
    for (const e of events) {
      await db.query('insert into local_stack.events (id, customer_id, type, created, event) values ($1, $2, $3, $4, $5) on conflict (id) do nothing', [
        e.id,
        customerOfEvent(e),
        e.type,
        e.created,
        JSON.stringify(e),
      ])
    }
    if (lose) return events.map((e) => ({ type: String(e.type), id: String(e.id), status: 0, body: 'lost on purpose by the local stand-in', lost: true }))
    const delivered = await post(events)
    for (const d of delivered) if (accepted(d)) await db.query('update local_stack.events set delivered = true where id = $1', [d.id])
    return delivered
  }

  async function post(events: Json[]): Promise<Delivery[]> {
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

  return deliver
}

export type PaymentHelpers = ReturnType<typeof paymentHelpers>

export function paymentHelpers(ctx: StackContext, env: FunctionEnv) {
  const { db } = ctx
  const pageUrl = (id: string) => `${ctx.apiUrl}/local-payments/checkout/${id}`
  const portalUrl = (id: string) => `${ctx.apiUrl}/local-payments/portal/${id}`
  /** The invoice's page (Stripe's hosted_invoice_url): pay it, confirm it with the bank. */
  const invoicePageUrl = (id: string) => `${ctx.apiUrl}/local-payments/invoice/${id}`
  const webhookUrl = () => `${ctx.apiUrl}/functions/v1/stripe-webhook`
  const deliver = eventDelivery(db, env, webhookUrl)

  async function isServiceRole(header: string | undefined): Promise<boolean> {
    const token = bearer(header)
    if (!token) return false
    const result = await verify(token, ctx.keys.jwtSecret)
    return result.ok && result.claims.role === 'service_role'
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
    await billInvoices(db, events)
    for (const e of events) {
      const object = (e.data as { object?: Json } | undefined)?.object
      if (object?.object !== 'invoice') continue
      const subscription = (object.parent as { subscription_details?: { subscription?: string } } | null)?.subscription_details?.subscription ?? ''
      const paid = object.status === 'paid'
      await db.query(
        `insert into local_stack.invoices (id, customer_id, subscription_id, created, object, status, intent_status, next_payment_attempt, payment_method)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (id) do nothing`,
        [
          object.id,
          object.customer,
          subscription,
          object.created,
          JSON.stringify(object),
          paid ? 'paid' : 'open',
          paid ? 'succeeded' : 'requires_payment_method',
          paid ? null : Number(object.created) + 86_400,
          'pm_local_card',
        ],
      )
      if (subscription) await db.query('update local_stack.subscriptions set latest_invoice = $2 where id = $1', [subscription, object.id])
    }
  }

  async function subscriptionById(id: string): Promise<SubscriptionRow | undefined> {
    if (!/^sub_\w{1,200}$/.test(id)) return undefined
    await ready(db)
    const { rows } = await db.query<SubscriptionRow>('select * from local_stack.subscriptions where id = $1', [id])
    return rows[0]
  }

  async function invoiceById(id: string): Promise<InvoiceRow | undefined> {
    if (!/^in_\w{1,200}$/.test(id)) return undefined
    await ready(db)
    const { rows } = await db.query<InvoiceRow>('select * from local_stack.invoices where id = $1', [id])
    return rows[0]
  }

  /** The invoice as Stripe's API answers it now: as it was made, with its state now. */
  function invoiceObject(row: InvoiceRow): Json {
    const paid = row.status === 'paid'
    const amount = Number(row.object.amount_due ?? 0)
    return {
      ...row.object,
      status: row.status,
      attempted: Number(row.attempt_count) > 0,
      attempt_count: Number(row.attempt_count),
      next_payment_attempt: row.next_payment_attempt === null ? null : Number(row.next_payment_attempt),
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      hosted_invoice_url: invoicePageUrl(row.id),
      // Stripe's PDF; here the invoice as a page a browser prints.
      invoice_pdf: `${invoicePageUrl(row.id)}/document`,
    }
  }

  return {
    db,
    env,
    pageUrl,
    portalUrl,
    invoicePageUrl,
    webhookUrl,
    isServiceRole,
    deliver,
    readBody,
    customerFor,
    keepInvoices,
    subscriptionById,
    invoiceById,
    invoiceObject,
  }
}
