// Deleting an account while other requests for it run at the same moment, on the stack's PostgreSQL
// server (transactions side by side, as on hosted Supabase): calls of delete-account at once, and a
// payment that Stripe reports while the account is being deleted.
import Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import handler from '../../supabase/functions/stripe-webhook/handler.ts'
import { confirmedUser, stackAndStripe } from '../backend/helpers.ts'
import { holdWrites } from '../backend/lock-barrier.ts'

const SECRET = 'whsec_account_concurrency'
// The stack on PostgreSQL, and the fake Stripe API.
const files = stackAndStripe({ database: 'postgres' })

type Signed = Awaited<ReturnType<typeof confirmedUser>>

const deleteAccount = async (user: Signed) => {
  const res = await fetch(`${files.stack.url}/functions/v1/delete-account`, {
    method: 'POST',
    headers: { apikey: files.stack.anonKey, Authorization: `Bearer ${user.session.access_token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ confirm: user.email }),
  })
  return { status: res.status, body: await res.json() }
}

const count = async (sql: string, params: unknown[]) => (await files.stack.db.query(sql, params)).rows.length

describe('delete-account at the same moment as other requests', () => {
  it('three calls at once all answer 200 { deleted: true }; the account and its rows are gone once', async () => {
    const user = await confirmedUser(files.stack)
    await files.stack.db.query(`insert into public.demo_requests (name, email, need) values ('Kari', $1, 'content')`, [user.email])
    // All three are in the database at once: the first holds the account and waits at its first
    // delete, the other two wait for the account (a call that came after the deletion would be
    // refused as signed out, which is not this test's question).
    const barrier = await holdWrites(files.stack, 'public.demo_requests')
    const calls = [1, 2, 3].map(() => deleteAccount(user))
    await barrier.waiting(3)
    await barrier.release()
    const answers = await Promise.all(calls)
    expect(answers).toEqual([1, 2, 3].map(() => ({ status: 200, body: { deleted: true } })))
    expect(await count('select 1 from auth.users where id = $1', [user.user.id])).toBe(0)
    expect(await count('select 1 from public.demo_requests where email = $1', [user.email])).toBe(0)
  })

  it('a payment Stripe reports while the account is being deleted: its subscription is refunded and cancelled, not silently dropped with the account', async () => {
    const user = await confirmedUser(files.stack)
    const t = Math.floor(Date.now() / 1000)
    // Paid in a checkout tab a moment ago; Stripe's event is on its way.
    const paid = files.stripe.subscribe({ userId: user.user.id })

    // delete_account locks the account, finds nothing running, and stops before its first delete.
    const barrier = await holdWrites(files.stack, 'public.demo_requests')
    const deleting = deleteAccount(user)
    await barrier.waiting(1)
    // The webhook writes the new subscription meanwhile: with the account locked it must wait.
    const payload = JSON.stringify({ id: `evt_race_${t}`, object: 'event', api_version: Stripe.API_VERSION, created: t, livemode: false, type: 'customer.subscription.created', data: { object: files.stripe.object(paid) } })
    const signature = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: SECRET, cryptoProvider: Stripe.createSubtleCryptoProvider() })
    const env = { SUPABASE_URL: files.stack.url, SUPABASE_SERVICE_ROLE_KEY: files.stack.serviceRoleKey, STRIPE_WEBHOOK_SECRET: SECRET, ...files.stripe.env() }
    const delivered = handler(new Request('http://functions.local/files.stripe-webhook', { method: 'POST', headers: { 'Stripe-Signature': signature }, body: payload }), env)
    await Promise.race([delivered, barrier.waiting(2)])
    await barrier.release()

    expect(await deleting).toEqual({ status: 200, body: { deleted: true } })
    const answer = await delivered
    expect(answer.status).toBe(200)
    expect(await answer.json()).toMatchObject({ result: 'unlinked' })
    expect(files.stripe.subscriptions.get(paid.id)).toMatchObject({ status: 'canceled' })
    expect(files.stripe.refunds).toContainEqual(expect.objectContaining({ paymentIntent: `pi_${paid.id}`, reason: 'requested_by_customer' }))
    expect(await count('select 1 from auth.users where id = $1', [user.user.id])).toBe(0)
  })
})
