// The functions' and the app's row types (supabase/functions/_shared/database.types.ts) are generated
// from the migrations by `npm run db:types`: applied to PGlite and read from information_schema. The
// file names what it was made from (the migrated database's template key and the generator) and the
// hash of its text: a migration that changes, a new PGlite or a new generator makes it stale, and an
// edit by hand shows, both without a database.
import { readFileSync } from 'node:fs'
import { describe, expect, expectTypeOf, it } from 'vitest'
import type { Tables, TablesInsert } from '../../supabase/functions/_shared/database.types.ts'
import { ROW_TYPES_FILE, rowTypesInputs, stampOf } from '../../supabase/local/db-types.ts'

describe('the generated row types', () => {
  it('are made from the migrations as they are now, and not edited since (else: npm run db:types)', () => {
    const stamp = stampOf(readFileSync(ROW_TYPES_FILE, 'utf8'))
    expect(stamp, 'supabase/functions/_shared/database.types.ts is stale: run npm run db:types').toEqual({ inputs: rowTypesInputs(), intact: true })
  })

  it('tell an edit by hand', () => {
    const module = readFileSync(ROW_TYPES_FILE, 'utf8')
    expect(stampOf(module.replace('status: string', 'status: number'))).toMatchObject({ intact: false })
    expect(stampOf(module.replace(/^.*\n/, ''))).toBeNull()
  })

  it('type the rows as PostgREST answers them: nullable columns with null, defaults optional on insert', () => {
    expectTypeOf<Tables<'subscriptions'>['status']>().toEqualTypeOf<string>()
    expectTypeOf<Tables<'subscriptions'>['current_period_end']>().toEqualTypeOf<string | null>()
    expectTypeOf<Tables<'subscriptions'>['cancel_at_period_end']>().toEqualTypeOf<boolean>()
    expectTypeOf<Tables<'subscriptions'>['provider_version']>().toEqualTypeOf<number | null>()
    expectTypeOf<TablesInsert<'subscriptions'>>().toHaveProperty('id').toEqualTypeOf<string | undefined>()
    expectTypeOf<TablesInsert<'subscriptions'>>().toHaveProperty('user_id').toEqualTypeOf<string>()
    expectTypeOf<TablesInsert<'email_change_requests'>>().toHaveProperty('id').toEqualTypeOf<undefined>()
  })
})
