// Every plan the product has, as data. The database's check on `subscriptions.product_name`, the
// functions, the local payment page, the machines, the dashboard and the checkout page read this
// list. A new plan is an entry here, its texts (`src/lib/plan-texts.ts` and the
// catalogs) and a migration that lets the database store its id.

export interface Plan {
  /** Stored in `subscriptions.product_name` and sent by the checkout page. */
  readonly id: string
  /** The plan's name as customers see it (a product name: the same in both languages). */
  readonly name: string
  /** Higher is more: a customer on a plan has every plan of lower rank. */
  readonly rank: number
  /** Monthly price in whole NOK; 0 for a free plan. */
  readonly priceNok: number
  /** The function secret holding the payment provider's price id; null for a free plan. */
  readonly stripePriceEnv: string | null
  /** Keys of the plan's benefits; each has its text in the site's catalogs. */
  readonly benefits: readonly string[]
}

export const plans = [
  {
    id: 'free',
    name: 'Free',
    rank: 0,
    priceNok: 0,
    stripePriceEnv: null,
    benefits: ['messagesPerMonth', 'basicAnalysis', 'emailSupport'],
  },
  {
    id: 'pro',
    name: 'Pro',
    rank: 1,
    priceNok: 2499,
    stripePriceEnv: 'STRIPE_PRICE_PRO',
    benefits: ['unlimitedMessages', 'advancedAnalysis', 'predictiveModelling', 'prioritySupport'],
  },
] as const satisfies readonly Plan[]

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

/** Subscription statuses that give the customer their plan (as the payment provider names them). */
export const ENTITLING_STATUSES = ['active', 'trialing'] as const

/** The plan a customer has from their subscription rows: the highest-ranked entitling one, else free. */
export function currentPlan(
  rows: readonly { product_name: string; status: string }[],
  catalogue: readonly Plan[] = plans,
): Plan {
  const free = catalogue.find((plan) => plan.priceNok === 0) ?? freePlan
  return rows
    .filter((row) => (ENTITLING_STATUSES as readonly string[]).includes(row.status))
    .map((row) => planById(row.product_name, catalogue))
    .filter((plan): plan is Plan => plan !== undefined)
    .reduce((best, plan) => (plan.rank > best.rank ? plan : best), free)
}

/** Whether someone on `current` already has everything `target` gives. */
export const alreadyHas = (current: Plan, target: Plan): boolean => current.rank >= target.rank
