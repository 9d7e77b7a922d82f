// The retention the privacy policy promises, as the migration enforces it: demo requests and
// inactive accounts go after 24 months, a running subscription keeps its account, and what
// bookkeeping law requires of a paying customer stays in billing_records until its time is up.
// The job runs as pg_cron runs it on hosted Supabase: from cron.job, on the stack's clock.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { confirmedUser, type LocalStack, STARTUP_TIMEOUT, startTestStack, uniqueEmail } from './helpers.ts'

let stack: LocalStack
beforeAll(async () => {
  stack = await startTestStack()
}, STARTUP_TIMEOUT)
afterAll(() => stack.stop())

const q = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await stack.db.query<T>(sql, params)).rows

/** An account as the auth server keeps it, created and last signed in that many months ago, with a
 * session begun then and, if `refreshed`, renewed that many months ago. */
async function account(tag: string, { created, signedIn, refreshed }: { created: number; signedIn: number | null; refreshed?: number }) {
  const id = randomUUID()
  const email = uniqueEmail(tag)
  await q(
    `insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at, email_confirmed_at, last_sign_in_at)
     values ($1, 'authenticated', 'authenticated', $2, '{"full_name": "Test"}', now() - make_interval(months => $3::int), now() - make_interval(months => $3::int),
             case when $4::int is null then null else now() - make_interval(months => $4::int) end)`,
    [id, email, created, signedIn],
  )
  await q(`insert into auth.identities (provider_id, user_id, identity_data, provider) values ($1::text, $1::uuid, '{}', 'email')`, [id])
  await q(
    `insert into auth.sessions (id, user_id, created_at, updated_at, refreshed_at)
     values ($1, $2, now() - make_interval(months => $3::int), now() - make_interval(months => $3::int),
             case when $4::int is null then null else now() - make_interval(months => $4::int) end)`,
    [randomUUID(), id, signedIn ?? created, refreshed ?? null],
  )
  return { id, email }
}

/** A subscription bought through the provider, its period ending `months` from now (negative: ago). */
async function subscription(userId: string, status: string, periodEndMonths: number) {
  const sub = `sub_${randomUUID().slice(0, 8)}`
  await q(
    `insert into public.subscriptions (user_id, product_name, status, current_period_end, stripe_customer_id, stripe_subscription_id, created_at)
     values ($1, 'pro', $2, now() + make_interval(months => $3::int), $4, $5, now() - interval '30 months')`,
    [userId, status, periodEndMonths, `cus_${userId.slice(0, 8)}`, sub],
  )
  return sub
}

async function demoRequest(months: number) {
  const email = uniqueEmail('demo')
  await q(`insert into public.demo_requests (name, email, need, ip_hash, user_agent, created_at) values ('Ola', $1, 'content', 'abc', 'UA', now() - make_interval(months => $2::int))`, [
    email,
    months,
  ])
  return email
}

const exists = async (id: string) => (await q('select 1 from auth.users where id = $1', [id])).length === 1
const demoExists = async (email: string) => (await q('select 1 from public.demo_requests where email = $1', [email])).length === 1

describe('the retention job', () => {
  it('is scheduled daily by the migration, calling the one SQL function', async () => {
    expect(await q("select schedule, command from cron.job where jobname = 'delete-expired-data'")).toEqual([
      { schedule: '17 3 * * *', command: 'select public.delete_expired_data()' },
    ])
  })

  it('deletes what is past 24 months, keeps the rest, and keeps the bookkeeping record of a paying customer', async () => {
    const active = await account('active', { created: 40, signedIn: 1 })
    const idle = await account('idle', { created: 30, signedIn: 25 })
    // Signed in long ago and never out: the app has renewed the session since, so the account is in use.
    const stillUsed = await account('still-used', { created: 40, signedIn: 30, refreshed: 1 })
    const refreshedLongAgo = await account('refreshed-long-ago', { created: 40, signedIn: 30, refreshed: 25 })
    const neverSignedIn = await account('never', { created: 25, signedIn: null })
    const young = await account('young', { created: 23, signedIn: null })
    const paidLongAgo = await account('paid-long-ago', { created: 40, signedIn: 30 })
    const oldSub = await subscription(paidLongAgo.id, 'canceled', -25)
    const stillPaying = await account('still-paying', { created: 40, signedIn: 30 })
    await subscription(stillPaying.id, 'active', 1)
    const recentlyEnded = await account('recently-ended', { created: 40, signedIn: 30 })
    await subscription(recentlyEnded.id, 'canceled', -3)
    await q(`insert into public.payment_events (id, type, created_at, user_id) values ($1, 'invoice.paid', now() - interval '26 months', $2)`, [
      `evt_${idle.id.slice(0, 8)}`,
      paidLongAgo.id,
    ])
    const oldDemo = await demoRequest(25)
    const newDemo = await demoRequest(23)

    // 03:17 UTC tomorrow: the job runs as pg_cron would run it.
    const tomorrow = new Date()
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1)
    tomorrow.setUTCHours(3, 17, 0, 0)
    await stack.cron.tick(new Date(tomorrow.getTime() - 60_000))
    expect(await stack.cron.tick(tomorrow)).toContain('delete-expired-data')

    expect(await exists(active.id)).toBe(true)
    expect(await exists(young.id)).toBe(true)
    expect(await exists(stillPaying.id)).toBe(true)
    expect(await exists(recentlyEnded.id)).toBe(true)
    expect(await exists(stillUsed.id)).toBe(true)
    expect(await exists(idle.id)).toBe(false)
    expect(await exists(refreshedLongAgo.id)).toBe(false)
    expect(await exists(neverSignedIn.id)).toBe(false)
    expect(await exists(paidLongAgo.id)).toBe(false)
    // Their rows went with them.
    for (const gone of [idle, neverSignedIn, paidLongAgo]) {
      expect(await q('select 1 from auth.identities where user_id = $1', [gone.id])).toEqual([])
      expect(await q('select 1 from auth.sessions where user_id = $1', [gone.id])).toEqual([])
      expect(await q('select 1 from public.subscriptions where user_id = $1', [gone.id])).toEqual([])
    }
    expect(await q('select user_id from public.payment_events where id = $1', [`evt_${idle.id.slice(0, 8)}`])).toEqual([{ user_id: null }])

    // What bookkeeping law requires stays: the provider's references, plan and period, no person.
    const [record] = await q<Record<string, unknown>>('select * from public.billing_records where stripe_subscription_id = $1', [oldSub])
    expect(record).toMatchObject({ stripe_customer_id: `cus_${paidLongAgo.id.slice(0, 8)}`, product_name: 'pro', status: 'canceled' })
    expect(JSON.stringify(record)).not.toContain(paidLongAgo.email)
    const periodEnd = record!.current_period_end as Date
    expect((record!.keep_until as Date).getFullYear()).toBe(periodEnd.getFullYear() + 6)

    expect(await demoExists(oldDemo)).toBe(false)
    expect(await demoExists(newDemo)).toBe(true)
  })

  it('never deletes an account while its subscription still runs, even when every date of it is over 24 months old', async () => {
    // Past due or unpaid for long, or paused: the provider may still charge it, so it is not inactive.
    const kept = []
    for (const status of ['past_due', 'unpaid', 'paused', 'active', 'trialing', 'incomplete']) {
      const owner = await account(`running-${status}`, { created: 40, signedIn: 30 })
      await subscription(owner.id, status, -26)
      kept.push(owner)
    }
    const ended = await account('ended-long-ago', { created: 40, signedIn: 30 })
    await subscription(ended.id, 'incomplete_expired', -26)
    await q('select public.delete_expired_data()')
    for (const owner of kept) expect(await exists(owner.id), owner.email).toBe(true)
    expect(await exists(ended.id)).toBe(false)
  })

  it('deletes a bookkeeping record once its five years after the accounting year are over, not before', async () => {
    const insert = (sub: string, keepUntil: string) =>
      q(
        `insert into public.billing_records (stripe_subscription_id, product_name, status, subscribed_at, keep_until)
         values ($1, 'pro', 'canceled', now() - interval '7 years', current_date + $2::interval)`,
        [sub, keepUntil],
      )
    await insert('sub_due', '-1 day')
    await insert('sub_kept', '1 year')
    const [run] = await q<{ result: Record<string, number> }>('select public.delete_expired_data() as result')
    expect(run!.result.billing_records).toBeGreaterThanOrEqual(1)
    expect(await q("select stripe_subscription_id from public.billing_records where stripe_subscription_id in ('sub_due', 'sub_kept')")).toEqual([
      { stripe_subscription_id: 'sub_kept' },
    ])
  })

  it('an account whose bookkeeping time is already over leaves no record behind', async () => {
    const owner = await account('long-gone', { created: 100, signedIn: 90 })
    const sub = await subscription(owner.id, 'canceled', -80)
    await q('select public.delete_expired_data()')
    expect(await exists(owner.id)).toBe(false)
    expect(await q('select 1 from public.billing_records where stripe_subscription_id = $1', [sub])).toEqual([])
  })

  it('runs on demand on the local stack, for the service role only', async () => {
    const stale = await demoRequest(30)
    const url = `${stack.url}/local-cron/jobs/delete-expired-data/run`
    expect((await fetch(url, { method: 'POST', headers: { Authorization: `Bearer ${stack.anonKey}` } })).status).toBe(401)
    expect(await demoExists(stale)).toBe(true)
    const res = await fetch(url, { method: 'POST', headers: { Authorization: `Bearer ${stack.serviceRoleKey}` } })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ran: 'delete-expired-data' })
    expect(await demoExists(stale)).toBe(false)
    const unknown = await fetch(`${stack.url}/local-cron/jobs/nothing/run`, { method: 'POST', headers: { Authorization: `Bearer ${stack.serviceRoleKey}` } })
    expect(unknown.status).toBe(404)
  })

  it('cannot be called by visitors or signed-in users, and billing records are not theirs to read', async () => {
    const privilege = async (role: string) =>
      (await q<{ ok: boolean }>("select has_function_privilege($1, 'public.delete_expired_data(timestamptz)', 'execute') as ok", [role]))[0]!.ok
    expect(await privilege('anon')).toBe(false)
    expect(await privilege('authenticated')).toBe(false)
    expect(await privilege('service_role')).toBe(true)
    const user = await confirmedUser(stack)
    const { data, error } = await user.sb.from('billing_records').select('*')
    expect(data ?? []).toEqual([])
    expect(error?.code ?? '42501').toBe('42501')
  })
})

describe('an account its owner deletes', () => {
  it('keeps the bookkeeping record of its paid subscription, and nothing that names the person', async () => {
    const owner = await account('self-deleted', { created: 3, signedIn: 0 })
    const sub = await subscription(owner.id, 'canceled', 0)
    const res = await fetch(`${stack.url}/auth/v1/admin/users/${owner.id}`, {
      method: 'DELETE',
      headers: { apikey: stack.serviceRoleKey, Authorization: `Bearer ${stack.serviceRoleKey}` },
    })
    expect(res.status).toBe(200)
    expect(await exists(owner.id)).toBe(false)
    expect(await q('select 1 from public.subscriptions where stripe_subscription_id = $1', [sub])).toEqual([])
    expect(await q('select product_name, status from public.billing_records where stripe_subscription_id = $1', [sub])).toEqual([
      { product_name: 'pro', status: 'canceled' },
    ])
  })

  it('keeps nothing of a checkout that was never paid', async () => {
    const owner = await account('never-paid', { created: 3, signedIn: 0 })
    const sub = await subscription(owner.id, 'incomplete_expired', 0)
    await q('delete from auth.users where id = $1', [owner.id])
    expect(await q('select 1 from public.billing_records where stripe_subscription_id = $1', [sub])).toEqual([])
  })

  it('with only the Free plan leaves nothing behind', async () => {
    const owner = await account('free', { created: 3, signedIn: 0 })
    const before = (await q<{ n: number }>('select count(*)::int as n from public.billing_records'))[0]!.n
    await q('delete from auth.users where id = $1', [owner.id])
    expect((await q<{ n: number }>('select count(*)::int as n from public.billing_records'))[0]!.n).toBe(before)
  })
})
