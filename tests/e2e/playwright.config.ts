import { defineConfig, devices } from '@playwright/test'
import { chromiumFlags, chromiumPath, headlessShellPath } from '../../src/build/chromium'

/** End-to-end tests drive Debian's Chromium (its headless shell) against the built site and the
 * local stack. */
export const e2ePort = Number(process.env.E2E_PORT ?? 5183)
export const e2eStackPort = Number(process.env.E2E_STACK_PORT ?? 54329)
const baseURL = `http://localhost:${e2ePort}`
/** The specs about a page before its app starts (see headlessShellPath). */
const untilFirstSignOfLife = ['first-sign-of-life.spec.ts', 'first-input.spec.ts']

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: true,
  // Two, one a core: the run keeps both cores busy (about 3 % idle); a third worker ended it no
  // sooner (501–521 s against 520 s) and made each test slower.
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'off',
    launchOptions: {
      executablePath: headlessShellPath,
      args: chromiumFlags,
    },
  },
  projects: [
    { name: 'chromium', testIgnore: ['engines.spec.ts', ...untilFirstSignOfLife], use: { ...devices['Desktop Chrome'], channel: undefined } },
    // What a page does before the visitor's first sign of life, and the slow phone's first input:
    // the full browser, which, like a phone, has no pointer over a page until the test moves one.
    {
      name: 'chromium, no pointer',
      testMatch: untilFirstSignOfLife,
      use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions: { executablePath: chromiumPath, args: chromiumFlags } },
    },
    // Firefox ESR and WebKit, driven by tests/e2e/engines.ts (Playwright drives only its own builds).
    { name: 'firefox and webkit', testMatch: 'engines.spec.ts' },
  ],
  webServer: {
    command: 'npx tsx src/server/start.ts',
    cwd: '../..',
    url: `${baseURL}/`,
    reuseExistingServer: false,
    // The site server starts the local stack first (PGlite, migrations): slow on a busy machine.
    timeout: 120_000,
    env: {
      PORT: String(e2ePort),
      SUPABASE_LOCAL_PORT: String(e2eStackPort),
      SUPABASE_LOCAL_STATE: '.local/e2e',
      SUPABASE_LOCAL_FRESH: '1',
      // Every test's visitors come from 127.0.0.1: GoTrue's per-address limits would stop the suite
      // after about 30 sign-ups (tests/security checks the limits on stacks of their own).
      SUPABASE_LOCAL_RATE_LIMIT_BURST: '100000',
      // The same for the demo form's limit per client address (its own tests are in tests/security).
      DEMO_RATE_LIMIT_PER_IP: '100000',
      SITE_URL: baseURL,
    },
  },
})
