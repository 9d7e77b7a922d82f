// postgres_changes filters as hosted Realtime applies them: several comma-separated conditions
// all required, every operator compared in the column's type, quoted values, deletes filtered on
// the old row (which has every column only with REPLICA IDENTITY FULL), and `select` narrowing
// the columns sent.
import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate, readMigrations } from '../db.ts'
import { type LocalStack, serviceClient, STARTUP_TIMEOUT, startTestStack, within } from './helpers.ts'

type Probe = { id: number; n: number; label: string; note: string | null }
type Change = RealtimePostgresChangesPayload<Probe>

const PROBES_SQL = `
create table public.probes (id bigint primary key, n int not null, label text not null, note text);
alter table public.probes replica identity full;
create table public.tokens (id bigint primary key, label text not null);
alter publication supabase_realtime add table public.probes, public.tokens;
`

let stack: LocalStack
let sb: SupabaseClient
let nextId = 1
let sentinel: Change[]

beforeAll(async () => {
  stack = await startTestStack()
  await migrate(stack.db, [...readMigrations(), { version: '99990101000001', name: 'probes', sql: PROBES_SQL }])
  sb = serviceClient(stack)
  sentinel = await watch({ filter: 'note=eq.sentinel' })
}, STARTUP_TIMEOUT)
afterAll(async () => {
  await sb.removeAllChannels()
  await stack.stop()
})

/** Joins one binding and waits for the server to say the subscription is made. */
async function watch(binding: { event?: string; table?: string; filter?: string; select?: string[] }) {
  const received: Change[] = []
  let made: (status: string) => void = () => {}
  const system = new Promise<string>((resolve) => {
    made = resolve
  })
  const params = { event: '*', schema: 'public', table: 'probes', ...binding }
  sb.channel(`probe-${crypto.randomUUID()}`)
    // biome-ignore lint/suspicious/noExplicitAny: `select` is newer than this client's types
    .on('postgres_changes', params as any, (change: Change) => received.push(change))
    .on('system', {}, (m: { status: string }) => made(m.status))
    .subscribe()
  expect(await within(5000, (done) => void system.then(done))).toBe('ok')
  return received
}

async function insert(rows: Omit<Probe, 'id' | 'note'>[]) {
  for (const row of rows) await stack.db.query('insert into public.probes (id, n, label) values ($1, $2, $3)', [nextId++, row.n, row.label])
}

/** Inserts a row the sentinel channel hears. All channels share one socket and changes go out
 * in commit order, so once it arrived, every earlier change has reached every channel. */
async function settle() {
  const before = sentinel.length
  await stack.db.query(`insert into public.probes (id, n, label, note) values ($1, 0, 'sentinel', 'sentinel')`, [nextId++])
  await within<void>(2000, (done) => {
    const poll = () => (sentinel.length > before ? done() : setTimeout(poll, 10))
    poll()
  })
}
const labels = (w: Change[]) => w.map((c) => (c.new as Probe).label).filter((l) => l !== 'sentinel')

describe('postgres_changes filters', () => {
  it('several conditions must all hold, compared as the column type (numbers, not text)', async () => {
    const range = await watch({ filter: 'n=gte.9,n=lte.10' })
    await insert([{ n: 9, label: 'nine' }, { n: 10, label: 'ten' }, { n: 100, label: 'hundred' }, { n: 2, label: 'two' }])
    await settle()
    expect(labels(range)).toEqual(['nine', 'ten'])
  })

  it('like, not.like, match, imatch, isdistinct, is.null, in with quoted values', async () => {
    const watchers = {
      pattern: await watch({ filter: 'label=like.p%,label=not.like.%x' }),
      regex: await watch({ filter: 'label=match.^p[0-9]$' }),
      caseless: await watch({ filter: 'label=imatch.^P1' }),
      distinct: await watch({ filter: 'label=isdistinct.p1,note=is.null' }),
      listed: await watch({ filter: 'label=in.("a,b",p2)' }),
    }
    await insert([{ n: 1, label: 'p1' }, { n: 1, label: 'p2x' }, { n: 1, label: 'a,b' }, { n: 1, label: 'p2' }])
    await settle()
    expect(labels(watchers.pattern)).toEqual(['p1', 'p2'])
    expect(labels(watchers.regex)).toEqual(['p1', 'p2'])
    expect(labels(watchers.caseless)).toEqual(['p1'])
    expect(labels(watchers.distinct)).toEqual(['p2x', 'a,b', 'p2'])
    expect(labels(watchers.listed)).toEqual(['a,b', 'p2'])
  })

  it('a delete is filtered on its old row: every column with replica identity full, else the key', async () => {
    const keep = nextId++
    const drop = nextId++
    await stack.db.query(`insert into public.probes (id, n, label) values ($1, 1, 'keep'), ($2, 1, 'drop')`, [keep, drop])
    await stack.db.query(`insert into public.tokens (id, label) values ($1, 'keep'), ($2, 'drop')`, [keep, drop])
    const byKey = await watch({ event: 'DELETE', filter: `id=eq.${drop}` })
    const byLabel = await watch({ event: 'DELETE', filter: 'label=eq.drop' })
    const tokenByLabel = await watch({ event: 'DELETE', table: 'tokens', filter: 'label=eq.drop' })
    const tokenByKey = await watch({ event: 'DELETE', table: 'tokens', filter: `id=eq.${drop}` })
    await stack.db.query('delete from public.tokens')
    await stack.db.query('delete from public.probes where id in ($1, $2)', [keep, drop])
    await settle()
    expect(byKey.map((c) => c.old)).toEqual([{ id: drop, n: 1, label: 'drop', note: null }])
    expect(byLabel.map((c) => (c.old as Probe).id)).toEqual([drop])
    expect(tokenByKey.map((c) => c.old)).toEqual([{ id: drop }])
    expect(tokenByLabel).toEqual([])
  })

  it('select sends only the chosen columns and the primary key', async () => {
    const narrow = await watch({ filter: 'label=eq.narrow', select: ['n'] })
    const id = nextId
    await insert([{ n: 7, label: 'narrow' }])
    await settle()
    expect(narrow.map((c) => c.new)).toEqual([{ id, n: 7 }])
  })

  it('a filter that cannot be read leaves the channel joined, without a subscription', async () => {
    let message = ''
    const status = await within<string>(5000, (done) =>
      sb
        .channel(`probe-${crypto.randomUUID()}`)
        .on('postgres_changes', { event: '*', schema: 'public', table: 'probes', filter: 'n=between.1' }, () => {})
        .on('system', {}, (m: { status: string; message: string }) => {
          message = m.message
          done(m.status)
        })
        .subscribe(),
    )
    expect(status).toBe('error')
    expect(message).toContain('Error parsing `filter` params')
  })
})
