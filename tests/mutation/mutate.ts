// npm run mutate: mutation testing of what keeps money and accounts safe. Not part of `npm test`
// (it takes long, like a benchmark); it prints scores and exits non-zero below the bar.
//
//   npm run mutate                      StrykerJS over the listed modules, then the guards
//   npm run mutate -- stryker           StrykerJS only (incremental: unchanged mutants keep their result)
//   npm run mutate -- guards [filter]   the listed guards only (tests/mutation/guards.ts)
//   npm run mutate -- score             the scores and survivors of the last StrykerJS run
//
// StrykerJS (tests/mutation/stryker.config.mjs) mutates the modules below and runs, for each
// mutant, the tests that cover it (tests/mutation/vitest.config.ts). The score is killed (or timed
// out) over all mutants that ran or had no test; it must be at least 85 %. Every mutant that
// survives is listed, and tests/mutation/survivors.md says why each may stay.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { runGuards } from './guards.ts'

export const BAR = 85
const REPORT = '.local/stryker/mutation.json'

type Mutant = { id: string; mutatorName: string; replacement?: string; status: string; location: { start: { line: number; column: number } } }
type Report = { files: Record<string, { source: string; mutants: Mutant[] }> }

const DETECTED = new Set(['Killed', 'Timeout'])
const UNDETECTED = new Set(['Survived', 'NoCoverage'])

/** Prints the score per module and in all, and each survivor; answers whether it reaches the bar. */
function printScore(): boolean {
  if (!existsSync(REPORT)) {
    console.error(`No report at ${REPORT}: StrykerJS did not finish.`)
    return false
  }
  const report = JSON.parse(readFileSync(REPORT, 'utf8')) as Report
  let detected = 0
  let undetected = 0
  const survivors: string[] = []
  console.log('\nmutation score per module (killed or timed out / killed, timed out, survived or not covered)')
  for (const [file, { source, mutants }] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
    const d = mutants.filter((m) => DETECTED.has(m.status)).length
    const u = mutants.filter((m) => UNDETECTED.has(m.status)).length
    detected += d
    undetected += u
    console.log(`  ${(d + u === 0 ? 100 : (100 * d) / (d + u)).toFixed(1).padStart(5)} %  ${String(d).padStart(4)}/${String(d + u).padEnd(4)} ${file}`)
    const lines = source.split('\n')
    for (const m of mutants.filter((x) => UNDETECTED.has(x.status))) {
      const line = m.location.start.line
      survivors.push(`  ${file}:${line} ${m.status} ${m.mutatorName}${m.replacement ? ` → ${m.replacement.replace(/\s+/g, ' ').slice(0, 60)}` : ''}   | ${lines[line - 1]?.trim().slice(0, 90)}`)
    }
  }
  const score = detected + undetected === 0 ? 100 : (100 * detected) / (detected + undetected)
  console.log(`\nsurvivors (${survivors.length}):\n${survivors.join('\n')}`)
  console.log(`\nmutation score ${score.toFixed(1)} % (${detected} of ${detected + undetected}); the bar is ${BAR} %`)
  return score >= BAR
}

const [what = 'all', filter = ''] = process.argv.slice(2)
let ok = true
if (what === 'all' || what === 'stryker') {
  const run = spawnSync('npx', ['stryker', 'run', 'tests/mutation/stryker.config.mjs'], { stdio: 'inherit' })
  ok = run.status === 0 && printScore()
}
if (what === 'score') ok = printScore()
if (what === 'all' || what === 'guards') ok = runGuards(filter) && ok
process.exit(ok ? 0 : 1)
