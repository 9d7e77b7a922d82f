// Realtime postgres_changes through the real client over /realtime/v1/websocket.
import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sign } from '../jwt.ts'
import { client, confirmedUser, type LocalStack, serviceClient, STARTUP_TIMEOUT, startTestStack, within } from './helpers.ts'

type Row = { id: string; user_id: string; status: string; product_name: string }
type Change = RealtimePostgresChangesPayload<Row>

let stack: LocalStack
let service: SupabaseClient
const opened: SupabaseClient[] = []

beforeAll(async () => {
  stack = await startTestStack()
  service = serviceClient(stack)
}, STARTUP_TIMEOUT)
afterAll(async () => {
  await Promise.all(opened.map((sb) => sb.removeAllChannels()))
  await stack.stop()
})

/** Subscribes as the app does and collects the changes; `next` waits for the next one. As with
 * hosted Realtime, the changes flow once the server's system message says the subscription is made. */
async function watch(sb: SupabaseClient, filter: string | undefined, name = crypto.randomUUID()) {
  opened.push(sb)
  const received: Change[] = []
  const waiters: ((change: Change) => void)[] = []
  let made: (ok: boolean) => void = () => {}
  const subscribed = new Promise<boolean>((resolve) => {
    made = resolve
  })
  const channel = sb
    .channel(`subs-${name}`)
    .on(
      'postgres_changes',
      { event: '*', schema: 'public', table: 'subscriptions', ...(filter ? { filter } : {}) },
      (change: Change) => {
        received.push(change)
        waiters.shift()?.(change)
      },
    )
    .on('system', {}, (message: { status: string }) => made(message.status === 'ok'))
  const status = await within<string>(5000, (done) =>
    channel.subscribe((state, error) => {
      if (state !== 'SUBSCRIBED' && error) console.error(error)
      done(state)
    }),
  )
  expect(await within(5000, (done) => void subscribed.then(done))).toBe(true)
  let consumed = 0
  return {
    status,
    received,
    channel,
    /** The next change not yet returned, within `ms`. */
    next(ms = 500): Promise<Change> {
      if (consumed < received.length) return Promise.resolve(received[consumed++]!)
      return within<Change>(ms, (resolve) =>
        waiters.push((change) => {
          consumed += 1
          resolve(change)
        }),
      )
    },
  }
}

const row = (userId: string) => ({
  user_id: userId,
  product_name: 'pro',
  status: 'active',
  stripe_subscription_id: `sub_${crypto.randomUUID()}`,
})

describe('postgres_changes on subscriptions', () => {
  // `next(500)` starts when the write has returned: each change reaches the channel within 500 ms
  // of its commit.
  it("a user's inserts, updates and deletes reach their channel within 500 ms, and never another user's inserts or updates", async () => {
    const alice = await confirmedUser(stack, 'Alice')
    const bob = await confirmedUser(stack, 'Bob')
    const aliceWatch = await watch(alice.sb, `user_id=eq.${alice.user.id}`)
    const bobWatch = await watch(bob.sb, `user_id=eq.${bob.user.id}`)
    expect(aliceWatch.status).toBe('SUBSCRIBED')
    expect(bobWatch.status).toBe('SUBSCRIBED')

    const inserted = await service.from('subscriptions').insert(row(alice.user.id)).select().single()
    const insert = await aliceWatch.next(500)
    expect(insert.eventType).toBe('INSERT')
    expect(insert.new).toMatchObject({ id: inserted.data.id, user_id: alice.user.id, status: 'active' })
    expect(insert.schema).toBe('public')
    expect(insert.table).toBe('subscriptions')
    expect(insert.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)

    await service.from('subscriptions').update({ status: 'past_due' }).eq('id', inserted.data.id)
    const update = await aliceWatch.next(500)
    expect(update.eventType).toBe('UPDATE')
    expect(update.new).toMatchObject({ id: inserted.data.id, status: 'past_due' })
    // The table's replica identity is full: an update's old record is the whole row.
    expect(update.old).toMatchObject({ id: inserted.data.id, user_id: alice.user.id, status: 'active' })

    await service.from('subscriptions').delete().eq('id', inserted.data.id)
    const remove = await aliceWatch.next(500)
    expect(remove.eventType).toBe('DELETE')
    // RLS cannot apply to a deleted row, so its old record keeps the primary key only.
    expect(remove.old).toEqual({ id: inserted.data.id })

    // A delete is filtered on its old row (whole, with replica identity full): Bob's channel does
    // not hear of Alice's. Changes arrive in commit order: once Bob sees his own row, Alice's
    // insert, update and delete have passed him by.
    await service.from('subscriptions').insert(row(bob.user.id))
    const bobs = await bobWatch.next(500)
    expect(bobs.new).toMatchObject({ user_id: bob.user.id })
    expect(bobWatch.received).toHaveLength(1)
    expect(aliceWatch.received).toHaveLength(3)
  })

  it('RLS decides what inserts and updates reach; a delete shows only its key, to roles that may select it', async () => {
    const victim = await confirmedUser(stack, 'Victim')
    const spy = await confirmedUser(stack, 'Spy')
    const other = await confirmedUser(stack, 'Other')
    const spying = await watch(spy.sb, `user_id=eq.${victim.user.id}`)
    const spyOwn = await watch(spy.sb, `user_id=eq.${spy.user.id}`)
    const everything = await watch(other.sb, undefined)
    const anonymous = await watch(client(stack), undefined)
    const own = await watch(victim.sb, `user_id=eq.${victim.user.id}`)

    const inserted = await service.from('subscriptions').insert(row(victim.user.id)).select().single()
    expect((await own.next(500)).eventType).toBe('INSERT')
    await service.from('subscriptions').update({ status: 'canceled' }).eq('id', inserted.data.id)
    expect((await own.next(500)).eventType).toBe('UPDATE')

    // Sentinels on the same sockets: each sees its own row first, so nothing of the victim's came before.
    await service.from('subscriptions').insert(row(spy.user.id))
    expect((await spyOwn.next(500)).new).toMatchObject({ user_id: spy.user.id })
    expect(spying.received).toEqual([])
    await service.from('subscriptions').insert(row(other.user.id))
    expect((await everything.next(500)).new).toMatchObject({ user_id: other.user.id })
    expect(everything.received).toHaveLength(1)

    // Deletes cannot be checked against RLS (as hosted): a filter that matches the old row, or no
    // filter, hears of them, with the primary key only.
    await service.from('subscriptions').delete().eq('id', inserted.data.id)
    for (const watcher of [spying, everything]) {
      const change = await watcher.next(500)
      expect(change.eventType).toBe('DELETE')
      expect(change.old).toEqual({ id: inserted.data.id })
    }
    expect(spying.received).toHaveLength(1)

    // The anonymous role may select no column of the table: it is told of each change (as
    // hosted, with an error for inserts and updates), but never sees a value, not even a key.
    const told: Change[] = []
    for (let i = 0; i < 5; i++) told.push(await anonymous.next(500))
    expect(told.map((c) => c.eventType)).toEqual(['INSERT', 'UPDATE', 'INSERT', 'INSERT', 'DELETE'])
    for (const change of told) {
      expect(change.new).toEqual({})
      expect(change.old).toEqual({})
    }
    expect(told.slice(0, 4).map((c) => c.errors)).toEqual(Array(4).fill(['Error 401: Unauthorized']))
  })

  it('keeps delivering after a token refresh, and stops after sign-out', async () => {
    const carol = await confirmedUser(stack, 'Carol')
    const watching = await watch(carol.sb, `user_id=eq.${carol.user.id}`)
    await carol.sb.auth.refreshSession()
    await service.from('subscriptions').insert(row(carol.user.id))
    expect((await watching.next(500)).eventType).toBe('INSERT')

    await carol.sb.auth.signOut({ scope: 'local' })
    // The client pushes the anon key; as anon the rows are invisible.
    const sentinel = await watch(serviceClient(stack), `user_id=eq.${carol.user.id}`)
    await service.from('subscriptions').insert({ ...row(carol.user.id), status: 'canceled' })
    await sentinel.next(500)
    expect(watching.received).toHaveLength(1)
  })

  it('other filters: in, neq and a plain table subscription for the service role', async () => {
    const dave = await confirmedUser(stack, 'Dave')
    const admin = serviceClient(stack)
    const inList = await watch(admin, `status=in.(trialing,paused)`)
    const notActive = await watch(admin, `status=neq.active`)
    await service.from('subscriptions').insert({ ...row(dave.user.id), status: 'trialing' })
    expect((await inList.next(500)).new).toMatchObject({ status: 'trialing' })
    expect((await notActive.next(500)).new).toMatchObject({ status: 'trialing' })
    await service.from('subscriptions').insert({ ...row(dave.user.id), status: 'active' })
    await service.from('subscriptions').insert({ ...row(dave.user.id), status: 'paused' })
    expect((await inList.next(500)).new).toMatchObject({ status: 'paused' })
    expect((await notActive.next(500)).new).toMatchObject({ status: 'paused' })
  })
})

describe('joins that must fail', () => {
  it('a subscription that cannot be made is reported in a system message after the join, as hosted does', async () => {
    const user = await confirmedUser(stack, 'Subscriber')
    const attempt = (sb: SupabaseClient, table: string, filter?: string) => {
      let state = ''
      return within<{ state: string; status: string; message: string }>(5000, (done) => {
        sb.channel(`bad-${crypto.randomUUID()}`)
          .on('postgres_changes', { event: '*', schema: 'public', table, ...(filter ? { filter } : {}) }, () => {})
          .on('system', {}, (m: { status: string; message: string }) => done({ state, status: m.status, message: m.message }))
          .subscribe((s) => {
            state = s
          })
      })
    }
    opened.push(user.sb)
    const noTable = await attempt(user.sb, 'no_such_table')
    expect(noTable).toMatchObject({ state: 'SUBSCRIBED', status: 'error' })
    expect(noTable.message).toMatch(/^Unable to subscribe to changes with given parameters/)
    expect(await attempt(user.sb, 'subscriptions', 'nope=eq.1')).toMatchObject({ status: 'error', message: expect.stringContaining('invalid column for filter nope') })
    // A filter value must cast to the column's type; the table is untouched.
    const injection = await attempt(user.sb, 'subscriptions', "user_id=eq.1'; drop table subscriptions; --")
    expect(injection).toMatchObject({ status: 'error', message: expect.stringContaining('invalid input syntax for type uuid') })
    expect((await stack.db.query(`select to_regclass('public.subscriptions') as t`)).rows[0]).toEqual({ t: 'subscriptions' })
    // The anonymous role may not filter on a column it cannot select.
    const anonymous = client(stack)
    opened.push(anonymous)
    expect(await attempt(anonymous, 'subscriptions', `user_id=eq.${user.user.id}`)).toMatchObject({ status: 'error', message: expect.stringContaining('invalid column for filter user_id') })
    expect(await attempt(user.sb, 'subscriptions', `user_id=eq.${user.user.id}`)).toMatchObject({ state: 'SUBSCRIBED', status: 'ok', message: 'Subscribed to PostgreSQL' })
  })

  it('a forged or expired access token is refused', async () => {
    for (const token of [
      await sign({ role: 'authenticated', sub: crypto.randomUUID(), exp: 9_999_999_999 }, 'forged-secret'),
      await sign({ role: 'authenticated', sub: crypto.randomUUID(), exp: 1 }, stack.jwtSecret),
    ]) {
      const sb = client(stack)
      opened.push(sb)
      await sb.realtime.setAuth(token)
      const state = await within<string>(5000, (done) =>
        sb
          .channel(`forged-${crypto.randomUUID()}`)
          .on('postgres_changes', { event: '*', schema: 'public', table: 'subscriptions' }, () => {})
          .subscribe((s) => done(s)),
      )
      expect(state).toBe('CHANNEL_ERROR')
    }
  })

  it('a socket without a valid apikey is not upgraded; heartbeats are answered', async () => {
    const base = `${stack.url.replace('http', 'ws')}/realtime/v1/websocket?vsn=2.0.0`
    const refused = await within<number>(5000, (done) => {
      const ws = new WebSocket(`${base}&apikey=not-a-key`)
      ws.on('unexpected-response', (_req, res) => done(res.statusCode ?? 0))
      ws.on('error', () => {})
    })
    expect(refused).toBe(401)

    const ws = new WebSocket(`${base}&apikey=${stack.anonKey}`)
    await within<void>(5000, (done) => ws.on('open', () => done()))
    const reply = await within<unknown>(500, (done) => {
      ws.on('message', (data) => done(JSON.parse(data.toString())))
      ws.send(JSON.stringify([null, '7', 'phoenix', 'heartbeat', {}]))
    })
    expect(reply).toEqual([null, '7', 'phoenix', 'phx_reply', { status: 'ok', response: {} }])

    // A joined channel that is handed a forged token is closed with a system error.
    const frames: unknown[][] = []
    ws.on('message', (data) => frames.push(JSON.parse(data.toString())))
    const topic = 'realtime:raw'
    const joined = within<void>(500, (done) =>
      ws.on('message', (data) => JSON.parse(data.toString())[3] === 'phx_reply' && done()),
    )
    ws.send(JSON.stringify(['1', '1', topic, 'phx_join', { config: { postgres_changes: [] }, access_token: stack.anonKey }]))
    await joined
    const closed = within<void>(500, (done) =>
      ws.on('message', (data) => JSON.parse(data.toString())[3] === 'phx_close' && done()),
    )
    ws.send(JSON.stringify(['1', '2', topic, 'access_token', { access_token: await sign({ role: 'anon' }, 'forged') }]))
    await closed
    expect(frames.map((f) => f[3])).toEqual(['phx_reply', 'system', 'phx_close'])
    expect(frames[1]![4]).toMatchObject({ status: 'error' })
    ws.close()
  })
})
