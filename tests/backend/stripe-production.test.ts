// The functions' production branch: STRIPE_SECRET_KEY set, the stripe SDK pointed at a server in
// Stripe's shapes (tests/backend/fake-stripe.ts, through the SDK's host, port and protocol
// settings). What the site does at Stripe is asserted by what that server received: checkout
// sessions made and expired, subscriptions cancelled, payments refunded.
import Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { confirmedUser, stackAndStripe } from './helpers.ts'

const files = stackAndStripe({}, { stripeForFunctions: true })

type Signed = Awaited<ReturnType<typeof confirmedUser>>
let serial = 0

/** Stripe's delivery of one event to the stack's webhook, signed with the stack's secret. */
async function deliver(type: string, object: Record<string, unknown>) {
  const event = { id: `evt_prod_${++serial}`, object: 'event', api_version: Stripe.API_VERSION, created: files.stripe.clock.now, livemode: false, type, data: { object } }
  const payload = JSON.stringify(event)
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: files.stack.webhookSecret, cryptoProvider: Stripe.createSubtleCryptoProvider() })
  const res = await fetch(`${files.stack.url}/functions/v1/stripe-webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature }, body: payload })
  expect(res.status).toBe(200)
  return ((await res.json()) as { result: string }).result
}

/** A checkout tab: create-checkout makes a Checkout Session at Stripe; answers its id. */
async function openCheckout(user: Signed): Promise<string> {
  const before = new Set(files.stripe.checkoutSessions.keys())
  const { data, error } = await user.sb.functions.invoke('create-checkout', { body: { productType: 'pro', lang: 'en' } })
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
