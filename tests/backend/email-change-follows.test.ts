// After a confirmed change of e-mail address, what keys on the address follows it: the demo
// requests (a trigger in the database) and the payment provider's customer (update-billing-email,
// against the local stand-in and a fake Stripe API). Every function's answer is kept by nobody
// (Cache-Control: no-store). A session's token keeps saying when it signed in, across refreshes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { functionHandler, runtimeHandlers } from './function-runtime.ts'
import { type FakeStripe, startFakeStripe } from './fake-stripe.ts'
import { client, confirmedUser, expectNotSignedIn, type LocalStack, linkOf, mails, SITE, STARTUP_TIMEOUT, startTestStack, uniqueEmail } from './helpers.ts'

const handler = functionHandler('update-billing-email')

let stack: LocalStack
let stripe: FakeStripe
beforeAll(async () => {
  ;[stack, stripe] = await Promise.all([startTestStack(), startFakeStripe()])
}, STARTUP_TIMEOUT)
afterAll(() => Promise.all([stack.stop(), stripe.close()]))

type Env = Record<string, string | undefined>
const baseEnv = (): Env => ({
  SUPABASE_URL: stack.url,
  SUPABASE_ANON_KEY: stack.anonKey,
  SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
  SITE_URL: SITE,
  LOCAL_PAYMENTS_URL: `${stack.url}/local-payments/sessions`,
})

const call = (token: string | undefined, env: Env = {}, method = 'POST') =>
  handler(
    new Request('http://functions.local/update-billing-email', {
      method,
      headers: { Origin: SITE, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    }),
    { ...baseEnv(), ...env },
  )

const service = (path: string, init: RequestInit = {}) =>
  fetch(`${stack.url}${path}`, {
    ...init,
    headers: { apikey: stack.serviceRoleKey, Authorization: `Bearer ${stack.serviceRoleKey}`, 'Content-Type': 'application/json' },
  })

/** Changes the user's address and presses both e-mailed links, as the confirmation page does. */
async function changeAddress(user: Awaited<ReturnType<typeof confirmedUser>>) {
  const next = uniqueEmail('moved')
  expect((await user.sb.auth.updateUser({ email: next })).error).toBeNull()
  for (const to of [next, user.email]) {
    const mail = (await mails(stack, to)).find((m) => linkOf(m).type === 'email_change')!
    expect((await client(stack).auth.verifyOtp({ token_hash: linkOf(mail).token_hash, type: 'email_change' })).error).toBeNull()
  }
  return next
}

/** A local stand-in customer for the user, stored as a checkout stores it. */
async function localCustomer(userId: string, email: string) {
  const res = await service('/local-payments/customers', { method: 'POST', body: JSON.stringify({ user_id: userId, email }) })
  const { id } = (await res.json()) as { id: string }
  await stack.db.query('insert into public.billing_customers (user_id, stripe_customer_id) values ($1, $2)', [userId, id])
  return id
}

const localCustomerEmail = async (id: string) => ((await (await service(`/local-payments/customers/${id}`)).json()) as { email: string }).email

describe('a confirmed change of address', () => {
  it('carries the demo requests and, once the site calls update-billing-email, the local payment customer', async () => {
    const user = await confirmedUser(stack)
    const customer = await localCustomer(user.user.id, user.email)
    await stack.db.query(`insert into public.demo_requests (name, email, need) values ('Kari', $1, 'content'), ('Ola', 'ola@example.no', 'content')`, [
      user.email.toUpperCase(),
    ])

    const next = await changeAddress(user)
    const { rows } = await stack.db.query<{ name: string; email: string }>(`select name, email from public.demo_requests where name in ('Kari', 'Ola') order by name`)
    expect(rows).toEqual([
      { name: 'Kari', email: next },
      { name: 'Ola', email: 'ola@example.no' },
    ])
    expect(await localCustomerEmail(customer)).toBe(user.email)

    // The site's call, with the session the last press signed in.
    const signedIn = client(stack)
    await signedIn.auth.signInWithPassword({ email: next, password: user.password })
    const { data, error } = await signedIn.functions.invoke('update-billing-email', { method: 'POST' })
    expect(error).toBeNull()
    expect(data).toEqual({ updated: true })
    expect(await localCustomerEmail(customer)).toBe(next)
  })

  it('updates the Stripe customer with the address the auth service holds, never one from the request', async () => {
    const user = await confirmedUser(stack)
    const id = `cus_moved_${user.user.id.slice(0, 8)}`
    await stack.db.query('insert into public.billing_customers (user_id, stripe_customer_id) values ($1, $2)', [user.user.id, id])
    stripe.customers.set(`stored-${id}`, { id, userId: user.user.id, email: user.email })
    const next = await changeAddress(user)
    const session = (await client(stack).auth.signInWithPassword({ email: next, password: user.password })).data.session!
    const res = await handler(
      new Request('http://functions.local/update-billing-email', {
        method: 'POST',
        headers: { Origin: SITE, Authorization: `Bearer ${session.access_token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'attacker@example.no' }),
      }),
      { ...baseEnv(), ...stripe.env(), LOCAL_PAYMENTS_URL: undefined },
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ updated: true })
    expect(stripe.customers.get(`stored-${id}`)?.email).toBe(next)
  })

  it('a user who never bought anything has no customer to update', async () => {
    const user = await confirmedUser(stack)
    const res = await call(user.session!.access_token)
    expect(await res.json()).toEqual({ updated: false })
  })

  it('without a session → 401', async () => {
    await expectNotSignedIn(stack, 'update-billing-email', {}, (token) => call(token))
  })
})

describe('Cache-Control: no-store', () => {
  it('is on every answer of every function: preflight, refusal, through the stack too', async () => {
    const handlers = await runtimeHandlers()
    expect(handlers.size).toBeGreaterThanOrEqual(7)
    for (const [name, fn] of handlers) {
      for (const method of ['OPTIONS', 'POST', 'GET']) {
        const res = await fn(new Request(`http://functions.local/${name}`, { method, headers: { Origin: SITE, 'Content-Type': 'application/json' }, ...(method === 'POST' ? { body: '{}' } : {}) }), baseEnv())
        await res.body?.cancel()
        expect({ name, method, cache: res.headers.get('cache-control') }).toEqual({ name, method, cache: 'no-store' })
      }
    }
    const user = await confirmedUser(stack)
    const through = await fetch(`${stack.url}/functions/v1/export-account`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${user.session!.access_token}`, Origin: SITE },
    })
    expect(through.status).toBe(200)
    expect(through.headers.get('cache-control')).toBe('no-store')
    await through.body?.cancel()
  })
})

describe('a session’s sign-in time', () => {
  it('stays in the token’s amr claim when the token is renewed, as GoTrue keeps it', async () => {
    const user = await confirmedUser(stack)
    const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { amr: Array<{ method: string; timestamp: number }> }
    const first = claims(user.session!.access_token).amr
    expect(first).toEqual([{ method: 'password', timestamp: expect.any(Number) }])
    await stack.db.query(`update auth.mfa_amr_claims set updated_at = updated_at - interval '2 hours', created_at = created_at - interval '2 hours' where session_id = (select id from auth.sessions where user_id = $1 order by created_at desc limit 1)`, [user.user.id])
    const { data, error } = await user.sb.auth.refreshSession()
    expect(error).toBeNull()
    const renewed = claims(data.session!.access_token).amr
    expect(renewed).toEqual([{ method: 'password', timestamp: first[0]!.timestamp - 7200 }])
  })
})
