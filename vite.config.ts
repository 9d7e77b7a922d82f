import { lingui } from '@lingui/vite-plugin'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import react from '@vitejs/plugin-react'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig, type UserConfig } from 'vite'
import babel from 'vite-plugin-babel'
import { arktypeWithoutEvalProbe } from './src/build/vite-arktype-no-eval.ts'
import { linguiCatalogScopes } from './src/build/vite-catalog-scopes.ts'
import { xstateSetupOnlyCreatesMachines } from './src/build/vite-xstate-setup.ts'
import { plainDynamicImports } from './src/build/vite-plain-dynamic-imports.ts'
import { isShellModule } from './src/build/vite-shell-chunk.ts'
import { stripMachineDescriptions } from './src/build/vite-strip-descriptions.ts'

// Lingui macros need Babel: plugin-react 6 dropped its `babel` option (it is silently ignored).
const linguiMacros = babel({
  include: /\/(src|machines|tests)\/.*\.[jt]sx?$/,
  babelConfig: {
    babelrc: false,
    configFile: false,
    parserOpts: { plugins: ['typescript', 'jsx'] },
    plugins: ['@lingui/babel-plugin-lingui-macro'],
  },
})

// The footer's copyright year is the year of the build, the same in the client and the server build
// (both read it from here as import.meta.env.VITE_BUILD_YEAR).
process.env.VITE_BUILD_YEAR ??= String(new Date().getFullYear())

const appEntry = fileURLToPath(new URL('./src/app/entry-client.tsx', import.meta.url))

const frameworkModules =
  /node_modules[\\/](react|react-dom|scheduler|xstate|@xstate[\\/]react|@lingui[\\/](core|react)|wouter|regexparam|use-sync-external-store)[\\/]|react-sync-store/

// Small modules the landing shares with other pages (the reduced-motion watcher, the service's
// claims, three icons): with the shell, rather than chunks of a few dozen or hundred bytes each.
const sharedByLanding = /[\\/]src[\\/](lib[\\/]motion|content[\\/]claims)\.ts$|[\\/]lucide[\\/]dist[\\/]esm[\\/]icons[\\/](check|arrow-right|shield-check)\.mjs$/

/** Test files whose assertions depend on how fast the stack answers (see the `timing` project). */
const timedTests = ['supabase/local/tests/local-stack-fidelity.test.ts']
// Tests that add to the plan catalogue or the demo field table (vi.mock), or read a module's state of
// a function instance (the payment ledger's "logged once"), need a module graph of their own.
const ownGraphTests = ['tests/backend/new-plan.test.ts', 'tests/backend/new-demo-field.test.ts', 'tests/backend/payment-ledger-unmailed.test.ts']

export default defineConfig(async ({ command, mode }): Promise<UserConfig> => ({
  // A build fails on any missing translation; the dev server and tests fall back to the source text.
  plugins: [
    react(),
    linguiMacros,
    lingui({ failOnMissing: command === 'build' }),
    linguiCatalogScopes({ failOnMissing: command === 'build' }),
    vanillaExtractPlugin(),
    plainDynamicImports(),
    xstateSetupOnlyCreatesMachines(),
    stripMachineDescriptions(),
    arktypeWithoutEvalProbe(),
  ],
  publicDir: 'src/public',
  resolve: {
    alias: [
      // The shims of useSyncExternalStore (for Reacts before 18) are dead code with React 19.
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: fileURLToPath(new URL('./src/lib/react-sync-store.ts', import.meta.url)) },
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector' },
    ],
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Every browser the site supports preloads modules natively.
    modulePreload: false,
    cssCodeSplit: false,
    rolldownOptions: {
      // The development server's page (index.html), and the app that a built page's script starts
      // after the first paint (the page script is bundled on its own: src/build/page-script.ts).
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), app: appEntry },
      output: {
        // The libraries every page runs, in one long-cached chunk that compresses as a whole.
        codeSplitting: {
          groups: [
            { name: 'framework', test: frameworkModules, priority: 2 },
            // The backend client, loaded only when a page needs the backend.
            { name: 'supabase-js', test: /node_modules[\\/]@supabase[\\/]/, priority: 2 },
            { name: (id, graph) => (isShellModule(id, graph, appEntry) || sharedByLanding.test(id) ? 'shell' : null), debugName: 'shell', priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine, where the
    // suite then runs file after file while a core waits (on Deno, PGlite, the network). Two at least.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The files that take minutes start first (loaded only for tests: the build does without it).
    sequence: mode === 'test' ? { sequencer: (await import('./tests/sequencer.ts')).LongFilesFirst } : {},
    projects: [
      {
        // The machines are pure: no DOM to build per file, and one module graph for all of them.
        extends: true,
        test: {
          name: 'machines',
          environment: 'node',
          include: ['tests/machines/**/*.test.ts'],
          setupFiles: ['tests/setup-validators.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['tests/components/**/*.test.{ts,tsx}', 'tests/lib/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup-dom.ts'],
          // A long model path renders and types a dozen steps in jsdom: over 5 s on a busy 2-core machine.
          testTimeout: 20000,
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          // The local stack's own tests (its package's tests folder) run here too.
          include: ['tests/backend/**/*.test.ts', 'tests/tools/**/*.test.ts', 'tests/security/**/*.test.ts', 'supabase/local/tests/**/*.test.ts'],
          exclude: [...timedTests, ...ownGraphTests],
          testTimeout: 20000,
          // A file's stack starts in its beforeAll: seconds on a busy machine, more than the default 10.
          hookTimeout: 60000,
          // The files share one module graph per worker: the stack's modules, supabase-js, the
          // functions' handlers and PGlite's compiled WebAssembly load once, not once per file.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'own-graph', environment: 'node', include: ownGraphTests, testTimeout: 20000, hookTimeout: 60000 },
      },
      {
        // Tests that time the stack (answers within a bound, rate-limit bursts against a refill
        // clock) run alone, after the others, so that no other test file competes for the cores.
        extends: true,
        test: {
          name: 'timing',
          environment: 'node',
          include: timedTests,
          testTimeout: 20000,
          hookTimeout: 60000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // The function tests again, each function served by Deno from what the CLI uploads.
        extends: true,
        test: {
          name: 'deno',
          environment: 'node',
          include: ['tests/backend/{send-demo-request,create-checkout,company-lookup,create-portal-session,stripe-webhook,account-functions,mail-provider,email-change-follows,renewals}.test.ts'],
          env: { FUNCTIONS_RUNTIME: 'deno' },
          globalSetup: ['tests/backend/deno-functions.setup.ts'],
          testTimeout: 20000,
          isolate: false,
          hookTimeout: 120000,
        },
      },
      {
        // Checks of the built site (dist/); `npm test` runs them after the build.
        extends: true,
        // Parsing the prerendered pages takes seconds on a busy machine: 20 s a test, as the backend's.
        test: { name: 'dist', environment: 'node', include: ['tests/build/**/*.test.ts'], testTimeout: 20000 },
      },
    ],
  },
}))
