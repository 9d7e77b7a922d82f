// After a confirmed change of e-mail address, what keys on the address follows it: the demo
// requests (a trigger in the database) and the payment provider's customer (update-billing-email,
// against the local stand-in and a fake Stripe API). Every function's answer is kept by nobody
// (Cache-Control: no-store). A session's token keeps saying when it signed in, across refreshes.
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { functionHandler, runtimeHandlers } from './function-runtime.ts'
import { type FakeStripe, startFakeStripe } from './fake-stripe.ts'
import { askEmailChange, client, confirmedUser, expectNotSignedIn, functionError, type LocalStack, linkOf, mails, SITE, STARTUP_TIMEOUT, startTestStack, uniqueEmail } from './helpers.ts'

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
  expect((await askEmailChange(stack, user, next)).error).toBeNull()
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

  it('a two-factor account’s new address reaches the payment customer by the scheduled job, when the page’s call cannot (its press signs in at aal1)', async () => {
    const user = await confirmedUser(stack)
    const customer = await localCustomer(user.user.id, user.email)
    const { data } = await user.sb.auth.mfa.enroll({ factorType: 'totp' })
    const totp = new TOTP({ secret: Secret.fromBase32(data!.totp.secret), algorithm: 'SHA1', digits: 6, period: 30 })
    expect((await user.sb.auth.mfa.challengeAndVerify({ factorId: data!.id, code: totp.generate() })).error).toBeNull()

    const next = uniqueEmail('moved2fa')
    expect((await askEmailChange(stack, user, next)).error).toBeNull()
    const toNew = (await mails(stack, next)).find((m) => linkOf(m).type === 'email_change')!
    const toCurrent = (await mails(stack, user.email)).find((m) => linkOf(m).type === 'email_change')!
    expect((await client(stack).auth.verifyOtp({ token_hash: linkOf(toNew).token_hash, type: 'email_change' })).error).toBeNull()
    // The second press, on a phone with no session of the account: aal1, which the function refuses.
    const phone = client(stack)
    expect((await phone.auth.verifyOtp({ token_hash: linkOf(toCurrent).token_hash, type: 'email_change' })).error).toBeNull()
    expect((await functionError(phone, 'update-billing-email', {})).status).toBe(403)
    expect(await localCustomerEmail(customer)).toBe(user.email)
    const { rows: queued } = await stack.db.query('select user_id from public.billing_email_updates where user_id = $1', [user.user.id])
    expect(queued).toHaveLength(1)

    const { rows: jobs } = await stack.db.query<{ schedule: string }>(`select schedule from cron.job where jobname = 'sync-billing-emails'`)
    expect(jobs).toEqual([{ schedule: '*/5 * * * *' }])
    expect(await stack.cron.run('sync-billing-emails')).toBe(true)
    expect(await localCustomerEmail(customer)).toBe(next)
    expect((await stack.db.query('select 1 from public.billing_email_updates where user_id = $1', [user.user.id])).rows).toEqual([])
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
