// A plan is data: with a plan the catalogue does not have added to it (and nothing else), above its
// top plan, the migration `npm run plans:migration` writes lets the database store it,
// create-checkout sells it through the local payment page, the paid webhook events store its row,
// and a second checkout, of it or of any plan below, is refused with a code naming it. The added
// plan is one no real catalogue has ("hypothetical"), so that this proves the same whatever plans
// exist. (tests/components/new-plan.test.tsx: the site's side.)
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { paidPlanIds } from '../../supabase/functions/_shared/plans.ts'
import { planIdsSql } from '../../src/build/plan-migration.ts'
import { confirmedUser, functionError, type LocalStack, SITE, startTestStack, TEST_BUYER } from './helpers.ts'

vi.mock('../../supabase/functions/_shared/plan-catalogue.ts', async (importOriginal) => {
  const { plans } = await importOriginal<typeof import('../../supabase/functions/_shared/plan-catalogue.ts')>()
  const top = plans.reduce((a, b) => (b.rank > a.rank ? b : a))
  const added = { id: 'hypothetical', name: 'Hypothetical', rank: top.rank + 1, priceNok: 9999, stripePriceEnv: 'STRIPE_PRICE_HYPOTHETICAL', benefits: top.benefits }
  if (plans.some((plan) => plan.id === added.id)) throw new Error('the catalogue has a plan "hypothetical": this test adds one of that id')
  return { plans: [...plans, added] }
})

let stack: LocalStack
beforeAll(async () => {
  stack = await startTestStack()
  await stack.db.exec(planIdsSql())
})
afterAll(() => stack.stop())

describe('a plan added to the catalogue, above its top one', () => {
  it('is sold, paid, stored, and then refused with a code that names it', async () => {
    const user = await confirmedUser(stack)
    const { data, error } = await user.sb.functions.invoke('create-checkout', { body: { productType: 'hypothetical', lang: 'en', buyer: TEST_BUYER } })
    expect(error).toBeNull()
    const url = (data as { url: string }).url
    const page = await (await fetch(url)).text()
    expect(page).toContain('Vekstlinje Hypothetical')
    expect(page).toContain('9 999 NOK / month')

    const paid = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ decision: 'pay' }),
      redirect: 'manual',
    })
    expect(paid.headers.get('location')).toBe(`${SITE}/en/app?success=true`)
    const { rows } = await stack.db.query('select product_name, status from public.subscriptions where user_id = $1', [user.user.id])
    expect(rows).toEqual([{ product_name: 'hypothetical', status: 'active' }])

    // Every paid plan is below it or it: each is refused, naming the one the customer has.
    expect(paidPlanIds).toContain('hypothetical')
    for (const productType of paidPlanIds) {
      const refusal = await functionError(user.sb, 'create-checkout', { productType, buyer: TEST_BUYER })
      expect(refusal).toEqual({ status: 409, body: { code: 'already_on_plan', plan: 'hypothetical', error: 'Already on Hypothetical' } })
    }
  })
})
