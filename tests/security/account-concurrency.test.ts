// Deleting an account while other requests for it run at the same moment, on the stack's PostgreSQL
// server (transactions side by side, as on hosted Supabase): calls of delete-account at once, and a
// payment that Stripe reports while the account is being deleted.
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import handler from '../../supabase/functions/stripe-webhook/handler.ts'
import { type FakeStripe, type FakeSubscription, startFakeStripe } from '../backend/fake-stripe.ts'
import { confirmedUser, type LocalStack, STARTUP_TIMEOUT, startTestStack } from '../backend/helpers.ts'
import { holdWrites } from '../backend/lock-barrier.ts'

const SECRET = 'whsec_account_concurrency'
let stack: LocalStack
let stripe: FakeStripe
beforeAll(async () => {
  ;[stack, stripe] = await Promise.all([startTestStack({ database: 'postgres' }), startFakeStripe()])
}, STARTUP_TIMEOUT)
afterAll(() => Promise.all([stack.stop(), stripe.close()]))

type Signed = Awaited<ReturnType<typeof confirmedUser>>

const deleteAccount = async (user: Signed) => {
  const res = await fetch(`${stack.url}/functions/v1/delete-account`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, Authorization: `Bearer ${user.session.access_token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ confirm: user.email }),
  })
  return { status: res.status, body: await res.json() }
}

const count = async (sql: string, params: unknown[]) => (await stack.db.query(sql, params)).rows.length

describe('delete-account at the same moment as other requests', () => {
  it('three calls at once all answer 200 { deleted: true }; the account and its rows are gone once', async () => {
    const user = await confirmedUser(stack)
    await stack.db.query(`insert into public.demo_requests (name, email, need) values ('Kari', $1, 'content')`, [user.email])
    const answers = await Promise.all([1, 2, 3].map(() => deleteAccount(user)))
    expect(answers).toEqual([1, 2, 3].map(() => ({ status: 200, body: { deleted: true } })))
    expect(await count('select 1 from auth.users where id = $1', [user.user.id])).toBe(0)
    expect(await count('select 1 from public.demo_requests where email = $1', [user.email])).toBe(0)
  })

  it('a payment Stripe reports while the account is being deleted: its subscription is refunded and cancelled, not silently dropped with the account', async () => {
    const user = await confirmedUser(stack)
    const t = Math.floor(Date.now() / 1000)
    // Paid in a checkout tab a moment ago; Stripe's event is on its way.
    const paid: FakeSubscription = {
      id: `sub_race_${t}`,
      customer: `cus_race_${t}`,
      userId: user.user.id,
      plan: 'pro',
      price: 'price_pro_test',
      status: 'active',
      cancelAtPeriodEnd: false,
      canceledAt: null,
      created: t,
      periodStart: t,
      periodEnd: t + 30 * 86400,
      latestInvoice: `in_race_${t}`,
    }
    stripe.subscriptions.set(paid.id, paid)

    // delete_account locks the account, finds nothing running, and stops before its first delete.
    const barrier = await holdWrites(stack, 'public.demo_requests')
    const deleting = deleteAccount(user)
    await barrier.waiting(1)
    // The webhook writes the new subscription meanwhile: with the account locked it must wait.
    const payload = JSON.stringify({ id: `evt_race_${t}`, object: 'event', api_version: Stripe.API_VERSION, created: t, livemode: false, type: 'customer.subscription.created', data: { object: stripe.object(paid) } })
    const signature = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: SECRET, cryptoProvider: Stripe.createSubtleCryptoProvider() })
    const env = { SUPABASE_URL: stack.url, SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey, STRIPE_WEBHOOK_SECRET: SECRET, ...stripe.env() }
    const delivered = handler(new Request('http://functions.local/stripe-webhook', { method: 'POST', headers: { 'Stripe-Signature': signature }, body: payload }), env)
    await Promise.race([delivered, barrier.waiting(2)])
    await barrier.release()

    expect(await deleting).toEqual({ status: 200, body: { deleted: true } })
    const answer = await delivered
    expect(answer.status).toBe(200)
    expect(await answer.json()).toMatchObject({ result: 'unlinked' })
    expect(stripe.subscriptions.get(paid.id)).toMatchObject({ status: 'canceled' })
    expect(stripe.refunds).toContainEqual(expect.objectContaining({ paymentIntent: `pi_${paid.id}`, reason: 'requested_by_customer' }))
    expect(await count('select 1 from auth.users where id = $1', [user.user.id])).toBe(0)
  })
})
