// The migrations on an empty database, PGlite (the local stack's default) and a real PostgreSQL 17
// server (hosted Supabase's): they apply cleanly, set the grants and policies the app relies on,
// give every field of the demo form its column, and (as they claim) apply a second time without
// error or change.
import { readdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoFieldTable } from '../../supabase/functions/_shared/demo-fields.ts'
import { paidPlanIds, planIds } from '../../supabase/functions/_shared/plans.ts'
import { BOOTSTRAP_SQL, MIGRATIONS_DIR, migrate, readMigrations } from '../../supabase/local/db.ts'
import { connect, startPostgresServer } from '../../supabase/local/postgres.ts'
import { storedFields, validValues } from '../demo-samples.ts'
import { STARTUP_TIMEOUT } from './helpers.ts'

/** The two databases, each empty: PGlite in memory, and a PostgreSQL server of this file's own
 * (one, on a temporary folder; closing the connection stops it), through PGlite's interface. */
const databases: Array<[string, () => Promise<PGlite>]> = [
  ['PGlite', () => PGlite.create()],
  [
    'PostgreSQL 17',
    async () => {
      const server = await startPostgresServer({ dataDir: null })
      return connect(server, () => server.stop())
    },
  ],
]

let db: PGlite

async function fingerprint(): Promise<unknown> {
  const q = async (sql: string) => (await db.query(sql)).rows
  return {
    columns: await q(`select table_name, column_name, data_type, is_nullable, column_default
      from information_schema.columns where table_schema = 'public' order by 1, 2`),
    constraints: await q(`select conrelid::regclass::text as t, conname, pg_get_constraintdef(oid) as def
      from pg_constraint where connamespace = 'public'::regnamespace order by 1, 2`),
    policies: await q(`select tablename, policyname, cmd, roles::text, qual, with_check from pg_policies order by 1, 2`),
    triggers: await q(`select event_object_table, trigger_name, action_timing, event_manipulation
      from information_schema.triggers where trigger_schema = 'public' order by 1, 2, 4`),
    grants: await q(`select table_name, grantee, privilege_type from information_schema.role_table_grants
      where table_schema = 'public' and grantee in ('anon', 'authenticated', 'service_role') order by 1, 2, 3`),
    publication: await q(`select tablename from pg_publication_tables where pubname = 'supabase_realtime' order by 1`),
    indexes: await q(`select indexname, indexdef from pg_indexes where schemaname = 'public' order by 1`),
  }
}

const privilege = async (role: string, table: string, action: string) =>
  (await db.query<{ ok: boolean }>('select has_table_privilege($1, $2, $3) as ok', [role, table, action])).rows[0]!.ok

describe('migration files', () => {
  // The Supabase CLI keys each migration by the number before its name: two files with one number
  // would make `supabase db push` fail on the hosted project.
  it('each have a version of their own', () => {
    const versions = readMigrations().map((m) => m.version)
    expect(new Set(versions).size).toBe(versions.length)
  })
})

describe.each(databases)('migrations from empty, on %s', (_, open) => {
  beforeAll(async () => {
    db = await open()
  }, STARTUP_TIMEOUT)
  afterAll(() => db.close())

  it('apply cleanly after the bootstrap, in order, and are recorded', async () => {
    const migrations = readMigrations()
    expect(migrations.map((m) => m.name)).toEqual(readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort().map((f) => f.replace(/^\d+_|\.sql$/g, '')))
    const applied = await migrate(db, migrations)
    expect(applied).toEqual(migrations.map((m) => m.version))
    expect(await migrate(db, migrations)).toEqual([])
  })

  it('create the tables, every one with RLS on', async () => {
    const { rows } = await db.query<{ relname: string; relrowsecurity: boolean; relreplident: string }>(
      `select relname, relrowsecurity, relreplident from pg_class
       where relnamespace = 'public'::regnamespace and relkind = 'r' order by relname`,
    )
    expect(rows.map((r) => r.relname)).toEqual(expect.arrayContaining(['billing_customers', 'billing_records', 'demo_requests', 'payment_events', 'subscriptions']))
    for (const row of rows) expect({ table: row.relname, rls: row.relrowsecurity }).toEqual({ table: row.relname, rls: true })
    // Realtime sends whole old rows of the one published table.
    expect(rows.find((r) => r.relname === 'subscriptions')?.relreplident).toBe('f')
  })

  /** What the API roles may do to the public tables: the signed-in read their subscriptions, and
   * nothing else; every other table is the service role's alone (a new table must join this list
   * to give the API roles anything). */
  const apiReadable: Record<string, string[]> = { 'public.subscriptions': ['SELECT'], 'public.invoices': ['SELECT'] }

  it('grant as hosted Supabase: reads for authenticated on subscriptions and invoices only, writes for the service role', async () => {
    const { rows } = await db.query<{ name: string }>(`select 'public.' || relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r'`)
    for (const { name: table } of rows) {
      for (const action of ['SELECT', 'INSERT', 'UPDATE', 'DELETE']) {
        const granted = { anon: await privilege('anon', table, action), authenticated: await privilege('authenticated', table, action), service_role: await privilege('service_role', table, action) }
        expect({ table, action, ...granted }).toEqual({ table, action, anon: false, authenticated: (apiReadable[table] ?? []).includes(action), service_role: true })
      }
    }
  })

  it('publish subscriptions (only) for realtime', async () => {
    const { rows } = await db.query(`select tablename from pg_publication_tables where pubname = 'supabase_realtime'`)
    expect(rows).toEqual([{ tablename: 'subscriptions' }])
  })

  it('subscription statuses are those of the payment provider; the product is a plan of the catalogue', async () => {
    const paid = paidPlanIds[0]!
    await db.query(`insert into auth.users (id, email) values ('00000000-0000-0000-0000-00000000000a', 'a@example.com'), ('00000000-0000-0000-0000-00000000000b', 'b@example.com')`)
    for (const status of ['active', 'past_due', 'canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused']) {
      await db.query(`insert into public.subscriptions (user_id, product_name, status) values ('00000000-0000-0000-0000-00000000000a', $1, $2)`, [
        paid,
        status,
      ])
    }
    await db.query(`insert into public.subscriptions (user_id, product_name, status) values ('00000000-0000-0000-0000-00000000000b', $1, 'trialing')`, [paid])
    // At most one active (or trialing) subscription per user.
    for (const status of ['active', 'trialing']) {
      await expect(
        db.query(`insert into public.subscriptions (user_id, product_name, status) values ('00000000-0000-0000-0000-00000000000a', $1, $2)`, [paid, status]),
      ).rejects.toMatchObject({ code: '23505' })
    }
    await expect(
      db.query(`insert into public.subscriptions (user_id, product_name, status) values ('00000000-0000-0000-0000-00000000000a', 'gold', 'active')`),
    ).rejects.toMatchObject({ code: '23514' })
    await expect(
      db.query(`insert into public.subscriptions (user_id, product_name, status) values ('00000000-0000-0000-0000-00000000000a', $1, 'lapsed')`, [paid]),
    ).rejects.toMatchObject({ code: '23514' })
    await db.query('delete from auth.users')
    expect((await db.query('select count(*)::int as n from public.subscriptions')).rows).toEqual([{ n: 0 }])
  })

  it('the products the database allows are exactly the plans of the catalogue (supabase/functions/_shared/plans.ts)', async () => {
    const { rows } = await db.query<{ def: string }>(
      `select pg_get_constraintdef(c.oid) as def from pg_constraint c
       where c.conrelid = 'public.subscriptions'::regclass and c.contype = 'c' and pg_get_constraintdef(c.oid) like '%product_name%'`,
    )
    expect(rows).toHaveLength(1)
    const allowed = [...rows[0]!.def.matchAll(/'([^']*)'::text/g)].map((match) => match[1])
    expect(allowed.sort()).toEqual([...planIds].sort())
  })

  it('the functions that write money and demo requests, or delete accounts, are the service role’s alone', async () => {
    const functions = [
      'public.delete_account(uuid, jsonb)',
      'public.store_demo_request(jsonb, text, integer, integer, integer)',
      'public.next_subscription_version()',
      'public.record_payment_event(text, text, timestamptz, uuid)',
      'public.apply_subscription_snapshot(jsonb, bigint)',
    ]
    for (const fn of functions) {
      const can = async (role: string) =>
        (await db.query<{ ok: boolean }>('select has_function_privilege($1, $2, $3) as ok', [role, fn, 'EXECUTE'])).rows[0]!.ok
      expect(await can('anon')).toBe(false)
      expect(await can('authenticated')).toBe(false)
      expect(await can('service_role')).toBe(true)
    }
  })

  it('give every field of the demo form (the field table) a text column of public.demo_requests, not null, an optional one empty by default', async () => {
    const { rows } = await db.query<{ column_name: string; data_type: string; is_nullable: string; column_default: string | null }>(
      `select column_name, data_type, is_nullable, column_default from information_schema.columns
       where table_schema = 'public' and table_name = 'demo_requests'`,
    )
    const columns = new Map(rows.map((row) => [row.column_name, row]))
    for (const spec of demoFieldTable) {
      const column = columns.get(spec.name)
      const found = { field: spec.name, column: column?.data_type ?? 'missing', nullable: column?.is_nullable, default: column?.column_default }
      expect(found).toEqual({ ...found, column: 'text', nullable: 'NO', ...(spec.required ? {} : { default: "''::text" }) })
    }
  })

  it('store_demo_request keeps every field of the demo form: none is dropped for want of a column', async () => {
    const request = { ...storedFields(validValues), language: 'en' }
    try {
      const { rows } = await db.query<{ stored: Record<string, unknown> }>('select public.store_demo_request($1, null, 10, 10, 3600) as stored', [request])
      expect(rows[0]!.stored).toMatchObject(request)
    } finally {
      await db.query('delete from public.demo_requests')
    }
  })

  it('are idempotent: the bootstrap and every migration run a second time change nothing', async () => {
    const before = await fingerprint()
    await db.exec(BOOTSTRAP_SQL)
    for (const migration of readMigrations()) await db.exec(migration.sql)
    expect(await fingerprint()).toEqual(before)
  })

  it('the retry schedule: one job with the extensions’ stand-ins, and scheduling again replaces it', async () => {
    const retry = readMigrations().find((m) => m.name === 'demo_notification_retry')!
    await db.exec(retry.sql)
    const { rows } = await db.query("select jobname, schedule from cron.job where jobname = 'retry-demo-notifications'")
    expect(rows).toEqual([{ jobname: 'retry-demo-notifications', schedule: '*/5 * * * *' }])
  })

  it('a confirmed change of address carries the demo requests sent with the old address (case aside), and only those', async () => {
    const id = '00000000-0000-0000-0000-0000000000e1'
    await db.query(`insert into auth.users (id, email) values ($1, 'kari@example.no')`, [id])
    const request = (email: string) => db.query(`insert into public.demo_requests (name, email, need) values ('Kari', $1, 'content')`, [email])
    await request('Kari@Example.no')
    await request('kari@example.no.other.com')
    await request('ola@example.no')
    const emails = async () => (await db.query<{ email: string }>('select email from public.demo_requests order by email')).rows.map((r) => r.email)
    // Other columns of the user change nothing.
    await db.query(`update auth.users set email_change = 'kari.ny@example.no' where id = $1`, [id])
    expect(await emails()).toEqual(['Kari@Example.no', 'kari@example.no.other.com', 'ola@example.no'])
    await db.query(`update auth.users set email = 'kari.ny@example.no', email_change = null where id = $1`, [id])
    expect(await emails()).toEqual(['kari.ny@example.no', 'kari@example.no.other.com', 'ola@example.no'])
    await db.query('delete from public.demo_requests')
    await db.query('delete from auth.users where id = $1', [id])
  })
})

describe('the retry schedule without pg_cron and pg_net', () => {
  it('applies on a Postgres that has neither (nor their stand-ins), with a notice instead of a job', async () => {
    const plain = await PGlite.create()
    try {
      const notices: string[] = []
      const retry = readMigrations().find((m) => m.name === 'demo_notification_retry')!
      await plain.exec(retry.sql, { onNotice: (notice) => notices.push(notice.message ?? '') })
      expect(notices.join('\n')).toContain('pg_cron or pg_net is not available')
      expect((await plain.query("select to_regclass('cron.job') as job")).rows).toEqual([{ job: null }])
    } finally {
      await plain.close()
    }
  })
})
