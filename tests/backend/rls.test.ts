// Row-level security and grants of the migrations, through /rest/v1 with the real client.
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, confirmedUser, type LocalStack, serviceClient, STARTUP_TIMEOUT, startTestStack } from './helpers.ts'

let stack: LocalStack
let alice: { sb: SupabaseClient; id: string }
let bob: { sb: SupabaseClient; id: string }
let service: SupabaseClient

const subscription = (userId: string, extra: Record<string, unknown> = {}) => ({
  user_id: userId,
  product_name: 'pro',
  status: 'active',
  current_period_end: '2030-01-31T00:00:00+00:00',
  stripe_customer_id: `cus_${userId.slice(0, 8)}`,
  stripe_subscription_id: `sub_${crypto.randomUUID()}`,
  ...extra,
})

const countRows = async (table: string) =>
  (await stack.db.query<{ n: number }>(`select count(*)::int as n from public.${table}`)).rows[0]!.n

beforeAll(async () => {
  stack = await startTestStack()
  service = serviceClient(stack)
  const a = await confirmedUser(stack, 'Alice')
  const b = await confirmedUser(stack, 'Bob')
  alice = { sb: a.sb, id: a.user.id }
  bob = { sb: b.sb, id: b.user.id }
  const inserted = await service
    .from('subscriptions')
    .insert([subscription(alice.id), subscription(alice.id, { product_name: 'free', status: 'canceled' }), subscription(bob.id)])
    .select()
  expect(inserted.error).toBeNull()
  expect(inserted.status).toBe(201)
}, STARTUP_TIMEOUT)
afterAll(() => stack.stop())

describe('subscriptions', () => {
  it('a signed-in user reads only their own rows, as the app queries them', async () => {
    const own = await alice.sb.from('subscriptions').select('*').eq('user_id', alice.id)
    expect(own.error).toBeNull()
    expect(own.data).toHaveLength(2)
    expect(own.data?.[0]).toMatchObject({ user_id: alice.id, current_period_end: '2030-01-31T00:00:00+00:00' })
    expect(Object.keys(own.data![0]!).sort()).toEqual(
      [
        'cancel_at_period_end',
        'canceled_at',
        'created_at',
        'current_period_end',
        'id',
        'next_payment_attempt',
        'payment_action_required',
        'product_name',
        'provider_updated_at',
        'provider_version',
        'status',
        'stripe_created_at',
        'stripe_customer_id',
        'stripe_subscription_id',
        'updated_at',
        'user_id',
      ].sort(),
    )

    const active = await alice.sb.from('subscriptions').select('*').eq('user_id', alice.id).eq('status', 'active')
    expect(active.data).toHaveLength(1)

    const everything = await alice.sb.from('subscriptions').select('id, user_id')
    expect(everything.data?.every((row) => row.user_id === alice.id)).toBe(true)
    const others = await alice.sb.from('subscriptions').select('*').eq('user_id', bob.id)
    expect(others.error).toBeNull()
    expect(others.data).toEqual([])
  })

  it('supports column lists, neq, in, is, order, limit, offset, single and exact counts', async () => {
    const listed = await alice.sb
      .from('subscriptions')
      .select('plan:product_name, status', { count: 'exact' })
      .neq('status', 'active')
      .in('product_name', ['free', 'pro'])
      .is('current_period_end', null)
      .order('created_at', { ascending: false })
      .limit(5)
    expect(listed.error).toBeNull()
    expect(listed.data).toEqual([])
    expect(listed.count).toBe(0)

    const ordered = await alice.sb.from('subscriptions').select('product_name', { count: 'exact' }).order('product_name').range(1, 1)
    expect(ordered.data).toEqual([{ product_name: 'pro' }])
    expect(ordered.count).toBe(2)

    const single = await alice.sb.from('subscriptions').select('status').eq('status', 'active').single()
    expect(single.data).toEqual({ status: 'active' })
    const none = await alice.sb.from('subscriptions').select('status').eq('status', 'paused').single()
    expect(none.status).toBe(406)
    expect(none.error).toMatchObject({ code: 'PGRST116', message: 'Cannot coerce the result to a single JSON object' })
    const head = await alice.sb.from('subscriptions').select('*', { count: 'exact', head: true })
    expect(head).toMatchObject({ status: 200, count: 2, data: null, error: null })

    const maybe = await alice.sb.from('subscriptions').select('status').eq('status', 'paused').maybeSingle()
    expect(maybe).toMatchObject({ data: null, error: null })
  })

  it('anon reads nothing', async () => {
    const anon = client(stack)
    const rows = await anon.from('subscriptions').select('*')
    expect(rows.status).toBe(401)
    expect(rows.error).toMatchObject({ code: '42501' })
    expect(rows.data).toBeNull()
  })

  it('a signed-in user cannot insert, update or delete', async () => {
    const before = await countRows('subscriptions')
    const insert = await alice.sb.from('subscriptions').insert(subscription(alice.id))
    expect(insert.status).toBe(403)
    expect(insert.error).toMatchObject({ code: '42501', message: 'permission denied for table subscriptions' })

    const update = await alice.sb.from('subscriptions').update({ status: 'active', product_name: 'pro' }).eq('user_id', alice.id)
    expect(update.status).toBe(403)
    expect(update.error?.code).toBe('42501')

    const remove = await alice.sb.from('subscriptions').delete().eq('user_id', alice.id)
    expect(remove.status).toBe(403)
    expect(remove.error?.code).toBe('42501')

    const anonInsert = await client(stack).from('subscriptions').insert(subscription(alice.id))
    expect(anonInsert.status).toBe(401)
    expect(await countRows('subscriptions')).toBe(before)
    const statuses = await stack.db.query(`select status from subscriptions where user_id = $1 order by status`, [alice.id])
    expect(statuses.rows).toEqual([{ status: 'active' }, { status: 'canceled' }])
  })

  it('the service role reads every row and writes', async () => {
    const all = await service.from('subscriptions').select('*')
    expect(all.data).toHaveLength(3)

    const updated = await service
      .from('subscriptions')
      .update({ status: 'past_due' })
      .eq('user_id', bob.id)
      .select('status, updated_at, created_at')
    expect(updated.error).toBeNull()
    expect(updated.data?.[0]?.status).toBe('past_due')
    expect(updated.data![0]!.updated_at > updated.data![0]!.created_at).toBe(true)

    const upserted = await service
      .from('subscriptions')
      .upsert({ ...subscription(bob.id), stripe_subscription_id: 'sub_fixed', status: 'trialing' }, { onConflict: 'stripe_subscription_id' })
      .select()
    expect(upserted.error).toBeNull()
    const again = await service
      .from('subscriptions')
      .upsert({ ...subscription(bob.id), stripe_subscription_id: 'sub_fixed', status: 'active' }, { onConflict: 'stripe_subscription_id' })
      .select('status')
    expect(again.data).toEqual([{ status: 'active' }])
    expect((await service.from('subscriptions').select('id').eq('stripe_subscription_id', 'sub_fixed')).data).toHaveLength(1)

    const removed = await service.from('subscriptions').delete().eq('stripe_subscription_id', 'sub_fixed')
    expect(removed.status).toBe(204)

    const duplicate = await service.from('subscriptions').insert({ ...subscription(bob.id), stripe_subscription_id: 'sub_dup' })
    expect(duplicate.error).toBeNull()
    const conflict = await service.from('subscriptions').insert({ ...subscription(bob.id), stripe_subscription_id: 'sub_dup' })
    expect(conflict.status).toBe(409)
    expect(conflict.error?.code).toBe('23505')

    const badStatus = await service.from('subscriptions').insert(subscription(bob.id, { status: 'free-forever' }))
    expect(badStatus.status).toBe(400)
    expect(badStatus.error?.code).toBe('23514')

    const noUser = await service.from('subscriptions').insert(subscription(crypto.randomUUID()))
    expect(noUser.status).toBe(409)
    expect(noUser.error?.code).toBe('23503')
  })

  it('deleting a user deletes their subscriptions', async () => {
    const carol = await confirmedUser(stack, 'Carol')
    await service.from('subscriptions').insert(subscription(carol.user.id))
    await stack.db.query('delete from auth.users where id = $1', [carol.user.id])
    const left = await service.from('subscriptions').select('id').eq('user_id', carol.user.id)
    expect(left.data).toEqual([])
  })
})

describe('demo_requests and payment_events', () => {
  const demo = {
    name: 'Kari Nordmann',
    email: 'kari@example.com',
    company: 'Eksempel AS',
    linkedin: 'https://www.linkedin.com/in/kari',
    need: 'Leadgenerering',
    notes: 'Hei',
    language: 'nb',
  }

  it('anon and signed-in users can neither insert nor read', async () => {
    const anon = client(stack)
    expect((await anon.from('demo_requests').insert(demo)).status).toBe(401)
    expect((await anon.from('demo_requests').select('*')).status).toBe(401)
    expect((await alice.sb.from('demo_requests').insert(demo)).status).toBe(403)
    const read = await alice.sb.from('demo_requests').select('*')
    expect(read.status).toBe(403)
    expect(read.error?.code).toBe('42501')
    expect((await alice.sb.from('payment_events').select('*')).status).toBe(403)
    expect(await countRows('demo_requests')).toBe(0)
  })

  it('the service role stores and reads them', async () => {
    const stored = await service.from('demo_requests').insert({ ...demo, ip_hash: 'abc', user_agent: 'vitest' }).select().single()
    expect(stored.error).toBeNull()
    expect(stored.data).toMatchObject({ ...demo, notified_at: null })
    const marked = await service
      .from('demo_requests')
      .update({ notified_at: new Date().toISOString() })
      .eq('id', stored.data.id)
      .select('notified_at')
    expect(marked.data?.[0]?.notified_at).toBeTruthy()

    const event = { id: 'evt_1', type: 'checkout.session.completed', created_at: new Date().toISOString() }
    expect((await service.from('payment_events').insert(event)).status).toBe(201)
    const replay = await service.from('payment_events').insert(event)
    expect(replay.status).toBe(409)
  })

  it('the table checks enforce the form limits', async () => {
    const tooLong = await service.from('demo_requests').insert({ ...demo, name: 'x'.repeat(101) })
    expect(tooLong.status).toBe(400)
    expect(tooLong.error?.code).toBe('23514')
  })
})
