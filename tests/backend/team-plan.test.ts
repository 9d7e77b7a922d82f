// A plan is data: with a "team" plan added to the catalogue (and nothing else), the migration
// `npm run plans:migration` writes lets the database store it, create-checkout sells it through the
// local payment page, the paid webhook events store its row, and a second checkout is refused with
// a code naming it (tests/components/team-plan.test.tsx: the site's side).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { planIdsSql } from '../../src/build/plan-migration.ts'
import { confirmedUser, functionError, type LocalStack, SITE, startTestStack } from './helpers.ts'

vi.mock('../../supabase/functions/_shared/plan-catalogue.ts', async (importOriginal) => {
  const { plans } = await importOriginal<typeof import('../../supabase/functions/_shared/plan-catalogue.ts')>()
  const team = { id: 'team', name: 'Team', rank: 2, priceNok: 4999, stripePriceEnv: 'STRIPE_PRICE_TEAM', benefits: ['unlimitedMessages'] }
  return { plans: [...plans, team] }
})

let stack: LocalStack
beforeAll(async () => {
  stack = await startTestStack()
  await stack.db.exec(planIdsSql())
})
afterAll(() => stack.stop())

describe('a "team" plan added to the catalogue', () => {
  it('is sold, paid, stored, and then refused with a code that names it', async () => {
    const user = await confirmedUser(stack)
    const { data, error } = await user.sb.functions.invoke('create-checkout', { body: { productType: 'team', lang: 'en' } })
    expect(error).toBeNull()
    const url = (data as { url: string }).url
    const page = await (await fetch(url)).text()
    expect(page).toContain('Vekstlinje Team')
    expect(page).toContain('4 999 NOK / month')

    const paid = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ decision: 'pay' }),
      redirect: 'manual',
    })
    expect(paid.headers.get('location')).toBe(`${SITE}/en/app?success=true`)
    const { rows } = await stack.db.query('select product_name, status from public.subscriptions where user_id = $1', [user.user.id])
    expect(rows).toEqual([{ product_name: 'team', status: 'active' }])

    for (const productType of ['team', 'pro']) {
      const refusal = await functionError(user.sb, 'create-checkout', { productType })
      expect(refusal).toEqual({ status: 409, body: { code: 'already_on_plan', plan: 'team', error: 'Already on Team' } })
    }
  })
})
