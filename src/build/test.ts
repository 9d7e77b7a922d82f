import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { rootDir } from './site'

// `npm test`: typecheck, lint, i18n, unit and backend tests, build, checks of the build,
// end-to-end tests in Debian's Chromium. Ends with one line of totals.
const results = path.join(rootDir, 'test-results')
mkdirSync(results, { recursive: true })
// Ports can be moved (E2E_PORT, E2E_STACK_PORT, E2E_PSEUDO_PORT) to run two checkouts side by side.
const e2eEnv = {
  E2E_PORT: process.env.E2E_PORT ?? '5183',
  E2E_STACK_PORT: process.env.E2E_STACK_PORT ?? '54329',
  E2E_PSEUDO_PORT: process.env.E2E_PSEUDO_PORT ?? '5184',
}
// The build for the e2e tests talks to their own stack (port and keys of .local/e2e).
const e2eStack = { SUPABASE_LOCAL_PORT: e2eEnv.E2E_STACK_PORT, SUPABASE_LOCAL_STATE: '.local/e2e', SITE_URL: `http://localhost:${e2eEnv.E2E_PORT}` }

interface Step {
  name: string
  command: string[]
  env?: Record<string, string>
  counts?: () => { passed: number; failed: number }
}

const vitestCounts = (file: string) => () => {
  const report = JSON.parse(readFileSync(path.join(results, file), 'utf8'))
  return { passed: report.numPassedTests, failed: report.numFailedTests }
}
const playwrightCounts = (file: string) => () => {
  const { stats } = JSON.parse(readFileSync(path.join(results, file), 'utf8'))
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected }
}
const vitest = (name: string, file: string, projects: string[]): Step => ({
  name,
  command: ['npx', 'vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(results, file)}`],
  counts: vitestCounts(file),
})

const steps: Step[] = [
  { name: 'typecheck', command: ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.json'] },
  { name: 'lint', command: ['npx', 'biome', 'check', '.'] },
  { name: 'i18n', command: ['npx', 'tsx', 'src/build/i18n-check.ts', '--stale'] },
  vitest('unit and backend tests', 'vitest-unit.json', ['ui', 'node', 'deno']),
  { name: 'build', command: ['npx', 'tsx', 'src/build/build.ts'], env: e2eStack },
  // Before the checks of the build: they run the screenshot and Lighthouse tools briefly.
  { name: 'browsers', command: ['npx', 'tsx', 'src/build/ensure-browsers.ts', '--engines'] },
  { ...vitest('checks of the build', 'vitest-dist.json', ['dist']), env: e2eStack },
  // The site in the pseudo-locale, and the sweep for text that escapes the catalogs.
  { name: 'pseudo-locale build', command: ['npx', 'tsx', 'src/build/build-pseudo.ts'] },
  {
    name: 'pseudo-locale sweep',
    command: ['npx', 'playwright', 'test', '-c', 'tests/e2e/pseudo-locale.config.ts', '--reporter=list,json'],
    env: { E2E_PSEUDO_PORT: e2eEnv.E2E_PSEUDO_PORT, PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(results, 'e2e-pseudo.json') },
    counts: playwrightCounts('e2e-pseudo.json'),
  },
  {
    name: 'end-to-end tests',
    command: ['npx', 'playwright', 'test', '-c', 'tests/e2e/playwright.config.ts', '--reporter=list,json'],
    env: { ...e2eEnv, PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(results, 'e2e.json') },
    counts: playwrightCounts('e2e.json'),
  },
]

const totals = { passed: 0, failed: 0 }
const timings: string[] = []
let ok = true
for (const step of steps) {
  console.log(`\n▶ ${step.name}`)
  const started = performance.now()
  const [command, ...args] = step.command as [string, ...string[]]
  const run = spawnSync(command, args, { cwd: rootDir, stdio: 'inherit', env: { ...process.env, ...step.env } })
  timings.push(`${step.name} ${((performance.now() - started) / 1000).toFixed(1)} s`)
  if (step.counts) {
    try {
      const counts = step.counts()
      totals.passed += counts.passed
      totals.failed += counts.failed
    } catch {
      // No report written: the runner failed before running tests; its exit status says so.
    }
  }
  if (run.status !== 0) {
    ok = false
    console.error(`✖ ${step.name} failed`)
    break
  }
}
console.log(`\n${timings.join(' · ')}`)
if (!existsSync(path.join(rootDir, 'dist'))) console.log('(no build was made)')
console.log(`${totals.passed} passed, ${totals.failed} failed`)
process.exit(ok ? 0 : 1)
