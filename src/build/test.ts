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
  /** The step's slowest test files, with their times in seconds. */
  slowest?: () => Array<[string, number]>
}

const report = (file: string) => JSON.parse(readFileSync(path.join(results, file), 'utf8'))
const relative = (file: string) => path.relative(rootDir, path.resolve(rootDir, file))
/** Slowest first; a file that two projects run is listed once per project. */
const slowestOf = (times: Array<[string, number]>, count = 8) => times.sort((a, b) => b[1] - a[1]).slice(0, count)

const vitest = (name: string, file: string, projects: string[]): Step => ({
  name,
  command: ['npx', 'vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(results, file)}`],
  counts: () => {
    const { numPassedTests, numFailedTests } = report(file)
    return { passed: numPassedTests, failed: numFailedTests }
  },
  slowest: () =>
    slowestOf(
      (report(file).testResults as Array<{ name: string; startTime: number; endTime: number }>).map((r) => [relative(r.name), (r.endTime - r.startTime) / 1000]),
    ),
})

interface PlaywrightSuite {
  file: string
  specs?: Array<{ tests: Array<{ results: Array<{ duration: number }> }> }>
  suites?: PlaywrightSuite[]
}
const playwright = (file: string) => ({
  counts: () => {
    const { stats } = report(file)
    return { passed: stats.expected + stats.flaky, failed: stats.unexpected }
  },
  slowest: () => {
    const perFile = new Map<string, number>()
    const add = (suite: PlaywrightSuite) => {
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests) for (const result of test.results) perFile.set(suite.file, (perFile.get(suite.file) ?? 0) + result.duration / 1000)
      for (const child of suite.suites ?? []) add(child)
    }
    for (const suite of report(file).suites as PlaywrightSuite[]) add(suite)
    return slowestOf([...perFile].map(([name, seconds]) => [`tests/e2e/${name}`, seconds]))
  },
})

const steps: Step[] = [
  { name: 'typecheck', command: ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.json'] },
  { name: 'lint', command: ['npx', 'biome', 'check', '.'] },
  { name: 'i18n', command: ['npx', 'tsx', 'src/build/i18n-check.ts', '--stale'] },
  vitest('unit and backend tests', 'vitest-unit.json', ['machines', 'ui', 'node', 'own-graph', 'deno', 'timing']),
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
    ...playwright('e2e-pseudo.json'),
  },
  {
    name: 'end-to-end tests',
    command: ['npx', 'playwright', 'test', '-c', 'tests/e2e/playwright.config.ts', '--reporter=list,json'],
    env: { ...e2eEnv, PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(results, 'e2e.json') },
    ...playwright('e2e.json'),
  },
]

/** Clock ticks per second of the CPU times in /proc. */
const ticks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100
/** CPU seconds (user and system) spent so far by this process's finished children and their own
 * (Linux: /proc/self/stat). Unlike a step's time, it does not grow when others share the machine. */
function childrenCpu(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // Counted from the state (field 3): cutime is field 16, cstime field 17.
    const seconds = (Number(fields[13]) + Number(fields[14])) / ticks
    return Number.isFinite(seconds) ? seconds : undefined
  } catch {
    return undefined
  }
}

const totals = { passed: 0, failed: 0 }
const timings: string[] = []
let ok = true
for (const step of steps) {
  console.log(`\n▶ ${step.name}`)
  const started = performance.now()
  const cpuBefore = childrenCpu()
  const [command, ...args] = step.command as [string, ...string[]]
  const run = spawnSync(command, args, { cwd: rootDir, stdio: 'inherit', env: { ...process.env, ...step.env } })
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  const cpuAfter = childrenCpu()
  timings.push(`${step.name} ${seconds} s`)
  const cpu = cpuBefore === undefined || cpuAfter === undefined ? '' : ` (CPU ${(cpuAfter - cpuBefore).toFixed(0)} s)`
  console.log(`⏱ ${step.name}: ${seconds} s${cpu}`)
  try {
    const slowest = step.slowest?.()
    // Where the time went (test time per file; the slowest files are named in the README).
    if (slowest?.length) console.log(`  slowest files: ${slowest.map(([name, s]) => `${name} ${s.toFixed(1)} s`).join(', ')}`)
  } catch {
    // No report written.
  }
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
