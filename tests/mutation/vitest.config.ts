// The tests StrykerJS runs against each mutant of the modules it mutates
// (tests/mutation/stryker.config.mjs): the backend and security tests that exercise them, in Node. Left out: the Deno runs (another process, which Stryker cannot switch mutants in) and the
// 200-history model of Stripe's event stream (minutes per mutant; its guards are in guards.ts).
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    environment: 'node',
    include: [
      'tests/backend/{account-functions,account-functions-failures,account-ownership,email-links,fix-payment-scripted,payment-ledger-scripted,payment-ledger-unmailed,payment-provider,create-checkout,create-portal-session,reconcile-payments-scripted,renewals,request-email-change-scripted,stripe-production,stripe-webhook,stripe-webhook-scripted}.test.ts',
      'tests/security/{account-concurrency,hostile-input,payment-invariants,webhook-unknown-user}.test.ts',
    ],
    testTimeout: 20_000,
    hookTimeout: 120_000,
  },
})
