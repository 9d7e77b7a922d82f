// The migrations' security definer functions, from the catalogue: each runs with its owner's rights,
// so each pins an empty search_path (every name in it schema-qualified), and a caller's own schema
// or temporary table cannot stand in for one of its tables or functions. The convention holds today
// by care alone; this holds it for the next function too.
import type { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../supabase/local/db.ts'
import { STARTUP_TIMEOUT } from './helpers.ts'

let db: PGlite
beforeAll(async () => {
  // The migrated database, from the template the stacks share (built once when missing).
  db = await openDatabase({ dataDir: null, cacheDir: new URL('../../.local/cache/', import.meta.url).pathname })
}, STARTUP_TIMEOUT)
afterAll(() => db.close())

describe('security definer functions in public', () => {
  it('every one sets search_path to the empty string', async () => {
    const { rows } = await db.query<{ name: string; config: string[] | null }>(
      `select p.oid::regprocedure::text as name, p.proconfig as config
       from pg_proc p where p.pronamespace = 'public'::regnamespace and p.prosecdef order by 1`,
    )
    expect(rows.map((row) => row.name)).toContain('delete_account(uuid,jsonb)')
    for (const { name, config } of rows) expect({ name, config }).toEqual({ name, config: ['search_path=""'] })
  })
})
