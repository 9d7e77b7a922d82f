// The user's customer at the payment provider, as stored by their first checkout. Web standards only.
import type { Tables } from './database.types.ts'
import type { FunctionEnv } from './env.ts'
import { restRows, serviceRest } from './service-rest.ts'

/** The user's customer at the provider, as stored; null when they never started a checkout. */
export async function storedCustomer(env: FunctionEnv, userId: string): Promise<string | null> {
  const [row] = await restRows<Pick<Tables<'billing_customers'>, 'stripe_customer_id'>>(
    serviceRest(env, `billing_customers?select=stripe_customer_id&user_id=eq.${encodeURIComponent(userId)}`),
    'customer of the user',
  )
  return row?.stripe_customer_id ?? null
}
