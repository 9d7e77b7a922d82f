// What the product derives from its plans (plan-catalogue.ts): ids, the free plan, the plan a
// customer has, the next one up, and how a refusal names a plan.
import { type Plan, plans } from './plan-catalogue.ts'

export { type Plan, plans }

export type PlanId = (typeof plans)[number]['id']
export type PaidPlanId = Extract<(typeof plans)[number], { stripePriceEnv: string }>['id']
export type BenefitKey = (typeof plans)[number]['benefits'][number]

/** The plan everyone has without paying. */
export const freePlan: Plan = plans.find((plan) => plan.priceNok === 0)!

export const planIds = plans.map((plan) => plan.id) as PlanId[]
export const paidPlanIds = plans.filter((plan) => plan.stripePriceEnv !== null).map((plan) => plan.id) as PaidPlanId[]

export function planById(id: string, catalogue: readonly Plan[] = plans): Plan | undefined {
  return catalogue.find((plan) => plan.id === id)
}

/** Subscription statuses that give the customer their plan (as the payment provider names them):
 * paid up, or in a trial. At most one such subscription per account (the database holds it). */
export const ENTITLING_STATUSES = ['active', 'trialing'] as const

/** A renewal whose payment failed, while the provider retries it: the customer keeps the plan, as
 * the provider's retry window is the grace period (Stripe: `past_due`). */
export const GRACE_STATUSES = ['past_due'] as const

/** Statuses that give the customer their plan: entitling, or in the grace of a failed renewal. */
export const PLAN_GIVING_STATUSES = [...ENTITLING_STATUSES, ...GRACE_STATUSES] as const

/** A payment is owed: a renewal failed (`past_due`), the retries ran out (`unpaid`: the plan is
 * locked), or a first payment is not complete (`incomplete`). Such a customer is never offered a
 * second checkout: they fix the payment instead. */
export const OWING_STATUSES = ['past_due', 'unpaid', 'incomplete'] as const

/** Whether a customer owes a payment, from their subscription rows. */
export const owesPayment = (rows: readonly { status: string }[]) => rows.some((row) => (OWING_STATUSES as readonly string[]).includes(row.status))

/** The refusal of a checkout while a payment is owed: the code crosses the wire, the site words it. */
export const PAYMENT_OWED = 'payment_owed'

/** The plan a customer has from their subscription rows: the highest-ranked one that gives its plan
 * (paid up, in a trial, or in a failed renewal's grace), else free. */
export function currentPlan(
  rows: readonly { product_name: string; status: string }[],
  catalogue: readonly Plan[] = plans,
): Plan {
  const free = catalogue.find((plan) => plan.priceNok === 0) ?? freePlan
  return rows
    .filter((row) => (PLAN_GIVING_STATUSES as readonly string[]).includes(row.status))
    .map((row) => planById(row.product_name, catalogue))
    .filter((plan): plan is Plan => plan !== undefined)
    .reduce((best, plan) => (plan.rank > best.rank ? plan : best), free)
}

/** Whether someone on `current` already has everything `target` gives. */
export const alreadyHas = (current: Plan, target: Plan): boolean => current.rank >= target.rank

/** The plans that are bought, cheapest first. */
export const paidPlans: Plan[] = plans.filter((plan) => plan.stripePriceEnv !== null).sort((a, b) => a.rank - b.rank)

/** The plan to offer someone on `current`: the lowest-ranked one above it, if there is one. */
export function nextPlanUp(current: Plan, catalogue: readonly Plan[] = plans): Plan | undefined {
  return catalogue.filter((plan) => plan.rank > current.rank).sort((a, b) => a.rank - b.rank)[0]
}

/** The refusal of a checkout for a plan the customer has already (or one above it): the code
 * crosses the wire with the id of the plan they are on, and the site words it in their language. */
export const ALREADY_ON_PLAN = 'already_on_plan'
