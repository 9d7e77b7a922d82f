// The Stripe SDK on its fetch client (Deno and Node alike); STRIPE_API_BASE points it at a fake
// server in tests.
import Stripe from 'stripe'
import type { FunctionEnv } from './env.ts'

export function stripeClient(env: FunctionEnv): Stripe {
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null
  return new Stripe(env.STRIPE_SECRET_KEY!, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base
      ? {
          protocol: base.protocol === 'http:' ? ('http' as const) : ('https' as const),
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
        }
      : {}),
  })
}
