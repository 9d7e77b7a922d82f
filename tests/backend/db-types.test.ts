// The functions' and the app's row types (supabase/functions/_shared/database.types.ts) are generated
// from the migrations by `npm run db:types`: applied to PGlite and read from information_schema. A
// migration that adds, drops or changes a column makes the module stale until it is generated again.
import { readFileSync } from 'node:fs'
import { describe, expect, expectTypeOf, it } from 'vitest'
import type { Tables, TablesInsert } from '../../supabase/functions/_shared/database.types.ts'
import { currentRowTypes, ROW_TYPES_FILE } from '../../supabase/local/db-types.ts'

describe('the generated row types', () => {
  it('are what the migrations make now (else: npm run db:types)', async () => {
    expect(readFileSync(ROW_TYPES_FILE, 'utf8'), 'supabase/functions/_shared/database.types.ts is stale: run npm run db:types').toBe(
      await currentRowTypes(),
    )
  }, 60_000)

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
