// StrykerJS (npm run mutate) over the modules that start and end billing and delete accounts:
// account deletion and export, the payment provider (Stripe and the local stand-in: cancel, refund,
// expire checkouts, customers, portal, invoices), the payment webhook and its ledger (which
// activate, renew and end subscriptions from Stripe's events), checkout, the new card after a failed
// renewal, the nightly reconciliation and the e-mail change. The other functions and the local
// stack's auth and payment pages are the next to add; each adds its tests' run time to every mutant
// it brings.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: [
    'supabase/functions/delete-account/handler.ts',
    'supabase/functions/export-account/handler.ts',
    'supabase/functions/_shared/payment-provider.ts',
    'supabase/functions/stripe-webhook/handler.ts',
    // What the webhook (and the nightly reconciliation) does with an event: it moved here from the handler.
    'supabase/functions/_shared/payment-ledger.ts',
    // Checkout, a failed renewal's new card, the nightly reconciliation, and the e-mail change.
    'supabase/functions/create-checkout/handler.ts',
    'supabase/functions/fix-payment/handler.ts',
    'supabase/functions/reconcile-payments/handler.ts',
    'supabase/functions/request-email-change/handler.ts',
  ],
  testRunner: 'vitest',
  // The TypeScript here is the native port, without the compiler API Stryker would call to rewrite a
  // tsconfig; vitest strips types anyway, so neither the rewrite nor type-check comments are needed.
  tsconfigFile: 'tests/mutation/no-tsconfig.json',
  disableTypeChecks: false,
  vitest: { configFile: 'tests/mutation/vitest.config.ts', related: false },
  plugins: ['@stryker-mutator/vitest-runner', './tests/mutation/ignore-logging.mjs'],
  ignorers: ['logging'],
  coverageAnalysis: 'perTest',
  ignoreStatic: true,
  concurrency: 2,
  timeoutMS: 20_000,
  incremental: true,
  incrementalFile: '.local/stryker/incremental.json',
  tempDirName: '.local/stryker/tmp',
  reporters: ['clear-text', 'json', 'progress'],
  jsonReporter: { fileName: '.local/stryker/mutation.json' },
  thresholds: { high: 90, low: 85, break: null },
}
