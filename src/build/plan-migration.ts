// The database's list of plan ids, written from the plan catalogue: `npm run plans:migration` adds
// a migration that lets `subscriptions.product_name` hold exactly the catalogue's ids (run it after
// adding or removing a plan; tests/backend/migrations.test.ts fails until the migrations agree).
import { readdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Plan } from '../../supabase/functions/_shared/plan-catalogue.ts'
import { plans } from '../../supabase/functions/_shared/plans.ts'
import { MIGRATIONS_DIR } from '@vekstlinje/supabase-local/db'

const literal = (id: string) => {
  if (!/^[a-z][a-z0-9_]*$/.test(id)) throw new Error(`a plan id is lower-case letters, digits and _: ${JSON.stringify(id)}`)
  return `'${id}'`
}

/** The migration's SQL: the check on `subscriptions.product_name` and its default (the free plan). */
export function planIdsSql(catalogue: readonly Plan[] = plans): string {
  const free = catalogue.find((plan) => plan.priceNok === 0)
  if (!free) throw new Error('the catalogue has no free plan')
  return `-- The plan ids a subscription may name: the plan catalogue's (supabase/functions/_shared/plan-catalogue.ts),
-- written by \`npm run plans:migration\`. Idempotent.
alter table public.subscriptions drop constraint if exists subscriptions_product_name_check;
alter table public.subscriptions add constraint subscriptions_product_name_check
  check (product_name in (${catalogue.map((plan) => literal(plan.id)).join(', ')}));
alter table public.subscriptions alter column product_name set default ${literal(free.id)};
`
}

/** The version the Supabase CLI keys a migration by: the time, to the second (UTC), and after every
 * migration already there (`supabase db push` refuses one older than the newest applied). */
export function nextVersion(now: Date, existing: readonly string[]): string {
  const clock = now.toISOString().replace(/\D/g, '').slice(0, 14)
  const newest = existing.map((name) => /^(\d{14})_/.exec(name)?.[1] ?? '').sort().at(-1) ?? ''
  return clock > newest ? clock : String(BigInt(newest) + 1n)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = path.join(MIGRATIONS_DIR, `${nextVersion(new Date(), readdirSync(MIGRATIONS_DIR))}_plan_ids.sql`)
  writeFileSync(file, planIdsSql())
  console.log(`wrote ${path.relative(process.cwd(), file)}`)
}
