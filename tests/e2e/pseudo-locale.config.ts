import { defineConfig, devices } from '@playwright/test'
import { chromiumFlags, headlessShellPath } from '../../src/build/chromium'

/** The pseudo-locale sweep: Debian's Chromium (its headless shell) against the pseudo-locale build (dist-pseudo/, made
 * by `npm run build:pseudo`), served by the site's server on its own port, without a backend. */
export const pseudoPort = Number(process.env.E2E_PSEUDO_PORT ?? 5184)
const baseURL = `http://localhost:${pseudoPort}`

export default defineConfig({
  testDir: '.',
  testMatch: 'pseudo-locale.sweep.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'off',
    launchOptions: {
      executablePath: headlessShellPath,
      args: chromiumFlags,
    },
  },
  projects: [{ name: 'pseudo-locale', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'npx tsx src/server/serve-pseudo.ts',
    cwd: '../..',
    url: `${baseURL}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(pseudoPort) },
  },
})
