// Every plan the product has, as data: the one place a plan is written. Everything else about
// plans (the database's check on `subscriptions.product_name`, the functions, the local payment
// page, the machines, the routes, the dashboard and the checkout page) derives from this list
// through plans.ts. A new plan is an entry here, the texts of any new benefit
// (`src/content/plan-texts.ts` and the catalogs), the migration `npm run plans:migration` writes,
// and its price secret.

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
