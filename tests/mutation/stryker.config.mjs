// StrykerJS over the server functions and the local stack's auth and payments (npm run mutate).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: [
    'supabase/functions/**/*.ts',
    '!supabase/functions/*/index.ts',
    'supabase/local/auth.ts',
    'supabase/local/auth-core.ts',
    'supabase/local/payments.ts',
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
