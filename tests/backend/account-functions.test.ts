// export-account and delete-account: through the local stack with supabase-js as the app invokes
// them. Who is served comes from the bearer token only; another user's rows never show.
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, confirmedUser, type LocalStack, startTestStack, STARTUP_TIMEOUT, TEST_BUYER } from './helpers.ts'

let stack: LocalStack
beforeAll(async () => {
  stack = await startTestStack()
}, STARTUP_TIMEOUT)
afterAll(() => stack.stop())

type Signed = Awaited<ReturnType<typeof confirmedUser>>

async function demoRequest(email: string, name: string) {
  await stack.db.query(`insert into public.demo_requests (name, email, need) values ($1, $2, 'content')`, [name, email])
}

async function invoke(sb: SupabaseClient, name: string, body?: unknown) {
  const { data, error } = await sb.functions.invoke(name, body === undefined ? {} : { body: body as Record<string, unknown> })
  if (!error) return { status: 200, body: data }
  const response = (error as { context?: Response }).context
  return { status: response?.status ?? 0, body: await response?.json() }
}

/** Pays for Pro on the local payment page: the webhook writes an active row. */
async function buyPro(user: Signed) {
  const { data } = await user.sb.functions.invoke('create-checkout', { body: { productType: 'pro', lang: 'nb', buyer: TEST_BUYER } })
  const res = await fetch((data as { url: string }).url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ decision: 'pay' }),
    redirect: 'manual',
  })
  expect(res.status).toBe(303)
  const { rows } = await stack.db.query<{ stripe_subscription_id: string }>(
    `select stripe_subscription_id from public.subscriptions where user_id = $1 and status = 'active'`,
    [user.user.id],
  )
  expect(rows).toHaveLength(1)
  return rows[0]!.stripe_subscription_id
}

const count = async (sql: string, params: unknown[]) => (await stack.db.query(sql, params)).rows.length

describe('export-account', () => {
  it('without a session → 401', async () => {
    expect(await invoke(client(stack), 'export-account')).toEqual({ status: 401, body: { error: 'Not signed in' } })
  })

  it('holds the caller’s profile, subscriptions and demo requests, and nobody else’s', async () => {
    // Two addresses that a careless `ilike` would confuse: `_` matches any one character.
    const stamp = Math.random().toString(36).slice(2, 8)
    const kari = await confirmedUser(stack, 'Kari Nordmann', `kari_${stamp}@example.com`)
    const other = await confirmedUser(stack, 'Kari Annen', `karix${stamp}@example.com`)
    await demoRequest(kari.email.toUpperCase(), 'Kari')
    await demoRequest(other.email, 'Other')
    await buyPro(kari)
    await buyPro(other)

    const first = await invoke(kari.sb, 'export-account')
    expect(first.status).toBe(200)
    const data = first.body as {
      exported_at: string
      profile: { id: string; email: string; user_metadata: { full_name: string } }
      subscriptions: Array<{ user_id: string; product_name: string; status: string }>
      demo_requests: Array<{ email: string; name: string }>
      payment_events: Array<{ id: string; type: string }>
      payment_customers: Array<{ stripe_customer_id: string }>
    }
    expect(data.profile).toMatchObject({ id: kari.user.id, email: kari.email, user_metadata: { full_name: 'Kari Nordmann' } })
    expect(JSON.stringify(data.profile)).not.toMatch(/password|token/i)
    expect(data.subscriptions).toEqual([expect.objectContaining({ user_id: kari.user.id, product_name: 'pro', status: 'active' })])
    expect(data.demo_requests.map((row) => row.name)).toEqual(['Kari'])
    // The payment provider's events about this account, and none about the other.
    const { rows: own } = await stack.db.query<{ id: string }>('select id from public.payment_events where user_id = $1', [kari.user.id])
    expect(own.length).toBeGreaterThan(0)
    expect(data.payment_events.map((event) => event.id).sort()).toEqual(own.map((event) => event.id).sort())
    expect(data.payment_events.map((event) => event.type)).toContain('invoice.payment_succeeded')
    // Their one customer at the provider, and nobody else's.
    const customer = async (userId: string) =>
      (await stack.db.query<{ stripe_customer_id: string }>('select stripe_customer_id from public.billing_customers where user_id = $1', [userId])).rows[0]!.stripe_customer_id
    expect(data.payment_customers.map((row) => row.stripe_customer_id)).toEqual([await customer(kari.user.id)])
    expect(JSON.stringify(data)).not.toContain(await customer(other.user.id))
    expect(JSON.stringify(data)).not.toContain(other.user.id)
    expect(JSON.stringify(data)).not.toContain(other.email)

    // Asking again answers the same rows.
    const again = (await invoke(kari.sb, 'export-account')).body as typeof data
    expect({ ...again, exported_at: '' }).toEqual({ ...data, exported_at: '' })
  })
})

describe('delete-account', () => {
  it('without a session → 401; with a wrong confirmation → 400 and nothing is deleted', async () => {
    expect((await invoke(client(stack), 'delete-account', { confirm: 'x@example.com' })).status).toBe(401)
    const user = await confirmedUser(stack)
    for (const body of [{}, { confirm: 'someone-else@example.com' }, { confirm: 42 }]) {
      expect((await invoke(user.sb, 'delete-account', body)).status).toBe(400)
    }
    expect(await count('select 1 from auth.users where id = $1', [user.user.id])).toBe(1)
  })

  it('deletes the caller only: the token decides, never the body', async () => {
    const keep = await confirmedUser(stack)
    const leave = await confirmedUser(stack)
    await demoRequest(keep.email, 'Keep')
    await demoRequest(leave.email, 'Leave')
    // Naming the other account in the body does not reach it.
    expect((await invoke(leave.sb, 'delete-account', { confirm: keep.email })).status).toBe(400)
    expect(await invoke(leave.sb, 'delete-account', { confirm: leave.email.toUpperCase() })).toEqual({ status: 200, body: { deleted: true } })
    expect(await count('select 1 from auth.users where id = $1', [leave.user.id])).toBe(0)
    expect(await count('select 1 from public.demo_requests where email = $1', [leave.email])).toBe(0)
    expect(await count('select 1 from auth.users where id = $1', [keep.user.id])).toBe(1)
    expect(await count('select 1 from public.demo_requests where email = $1', [keep.email])).toBe(1)
  })

  it('a Pro customer: the subscription is cancelled at the provider first, then the user and rows go; signing in fails; a repeated call → 401', async () => {
    const user = await confirmedUser(stack)
    const subscriptionId = await buyPro(user)
    const before = await count(`select 1 from public.payment_events where type = 'customer.subscription.deleted'`, [])

    expect(await invoke(user.sb, 'delete-account', { confirm: user.email })).toEqual({ status: 200, body: { deleted: true } })
    // The provider was told: its cancellation event reached the webhook.
    expect(await count(`select 1 from public.payment_events where type = 'customer.subscription.deleted'`, [])).toBe(before + 1)
    expect(await count('select 1 from public.subscriptions where stripe_subscription_id = $1', [subscriptionId])).toBe(0)
    expect(await count('select 1 from auth.users where id = $1', [user.user.id])).toBe(0)
    // The provider's events stay, no longer tied to the person.
    expect(await count('select 1 from public.payment_events where user_id = $1', [user.user.id])).toBe(0)

    const signIn = await client(stack).auth.signInWithPassword({ email: user.email, password: user.password })
    expect(signIn.error?.code).toBe('invalid_credentials')
    expect((await invoke(user.sb, 'delete-account', { confirm: user.email })).status).toBe(401)
  })
})

describe('delete-account: one transaction, whatever the account holds', () => {
  it('an address with 450 demo requests: all of them go with the account (no list of ids in a URL)', async () => {
    const user = await confirmedUser(stack)
    await stack.db.query(`insert into public.demo_requests (name, email, need) select 'Kari', $1, 'content' from generate_series(1, 450)`, [user.email])
    expect(await invoke(user.sb, 'delete-account', { confirm: user.email })).toEqual({ status: 200, body: { deleted: true } })
    expect(await count('select 1 from public.demo_requests where email = $1', [user.email])).toBe(0)
    expect(await count('select 1 from auth.users where id = $1', [user.user.id])).toBe(0)
  })

  it('three calls at once (a double click, two tabs) all answer 200, and the account is gone', async () => {
    const user = await confirmedUser(stack)
    await buyPro(user)
    const answers = await Promise.all([1, 2, 3].map(() => invoke(user.sb, 'delete-account', { confirm: user.email })))
    expect(answers).toEqual([1, 2, 3].map(() => ({ status: 200, body: { deleted: true } })))
    expect(await count('select 1 from auth.users where id = $1', [user.user.id])).toBe(0)
  })

  it('the database function deletes nothing while a subscription runs that the caller did not cancel', async () => {
    const user = await confirmedUser(stack)
    const subscription = await buyPro(user)
    const call = (cancelled: string[]) =>
      fetch(`${stack.url}/rest/v1/rpc/delete_account`, {
        method: 'POST',
        headers: { apikey: stack.serviceRoleKey, Authorization: `Bearer ${stack.serviceRoleKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ account: user.user.id, cancelled }),
      }).then((res) => res.json())
    expect(await call([])).toEqual({ result: 'subscription_running', subscriptions: [subscription] })
    expect(await count('select 1 from auth.users where id = $1', [user.user.id])).toBe(1)
    // Told that it was cancelled at the provider (its event may still be on its way), it goes on.
    expect(await call([subscription])).toMatchObject({ result: 'deleted' })
    expect(await call([subscription])).toEqual({ result: 'gone' })
  })

  it('a checkout tab still open when the account is deleted can no longer be paid', async () => {
    const user = await confirmedUser(stack)
    const { data } = await user.sb.functions.invoke('create-checkout', { body: { productType: 'pro', lang: 'nb', buyer: TEST_BUYER } })
    const url = (data as { url: string }).url
    expect((await fetch(url)).status).toBe(200)
    expect(await invoke(user.sb, 'delete-account', { confirm: user.email })).toEqual({ status: 200, body: { deleted: true } })
    const page = await fetch(url)
    expect(page.status).toBe(404)
    expect(await page.text()).toContain('Checkout expired')
    const pay = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'decision=pay', redirect: 'manual' })
    expect(pay.status).toBe(404)
    expect(await count('select 1 from local_stack.subscriptions where user_id = $1', [user.user.id])).toBe(0)
  })
})
