// The tests StrykerJS runs against each mutant of the functions and of the local stack's auth and
// payments (tests/mutation/stryker.config.mjs): the backend and security tests that exercise them,
// in Node. Left out: the Deno runs (another process, which Stryker cannot switch mutants in) and the
// 200-history model of Stripe's event stream (minutes per mutant; its guards are in guards.ts).
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    environment: 'node',
    include: [
      'tests/backend/{account-functions,auth,bad-input,create-checkout,create-portal-session,demo-schema,local-portal,mail-provider,send-demo-request,stripe-production,stripe-webhook}.test.ts',
      'tests/security/{account-concurrency,auth-redirects-and-config,demo-rate-limit,hostile-input,local-stack-fidelity,payment-invariants,webhook-unknown-user}.test.ts',
    ],
    testTimeout: 20_000,
    hookTimeout: 120_000,
  },
})
