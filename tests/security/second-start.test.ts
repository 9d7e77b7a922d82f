// A second `npm start` in the same checkout refuses before it builds anything: building would
// rewrite dist/ under the running site, which then serves pages pointing at a stack that dies.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = new URL('../../', import.meta.url).pathname
const check = join(root, 'src/server/single-start.mjs')

let holder: ChildProcess
beforeAll(async () => {
  // A live process to stand for the running site or stack.
  holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1 << 30)'], { stdio: 'ignore' })
  await new Promise((ready) => holder.once('spawn', ready))
})
afterAll(() => {
  holder.kill()
})

const run = (stateDir: string) =>
  spawnSync(process.execPath, [check], { cwd: root, encoding: 'utf8', env: { ...process.env, SUPABASE_LOCAL_STATE: stateDir } })

describe('a second npm start in the same checkout', () => {
  it('runs the check after installing and before building', () => {
    const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    const steps = scripts.start!.split('&&').map((step) => step.trim())
    const checkAt = steps.indexOf('node src/server/single-start.mjs')
    expect(checkAt).toBeGreaterThan(steps.indexOf('node src/build/ensure-deps.mjs'))
    expect(checkAt).toBeLessThan(steps.indexOf('npm run build'))
  })

  it('refuses while a site server of this state folder runs, naming it', () => {
    const state = mkdtempSync(join(tmpdir(), 'second-start-'))
    writeFileSync(join(state, 'site.json'), JSON.stringify({ pid: holder.pid, url: 'http://localhost:5173' }))
    const result = run(state)
    expect(result.status).toBe(1)
    expect(result.stderr).toContain(`process ${holder.pid}, http://localhost:5173`)
    expect(result.stderr).toContain('nothing was built')
  })

  it('refuses while the local stack holds the data lock', () => {
    const state = mkdtempSync(join(tmpdir(), 'second-start-'))
    writeFileSync(join(state, 'db.lock'), String(holder.pid))
    const result = run(state)
    expect(result.status).toBe(1)
    expect(result.stderr).toContain(`stack of this checkout is already running (process ${holder.pid}`)
  })

  it('goes ahead when the records are left by runs that ended', () => {
    const state = mkdtempSync(join(tmpdir(), 'second-start-'))
    const ended = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' })
    const deadPid = Number(ended.stdout.trim())
    writeFileSync(join(state, 'site.json'), JSON.stringify({ pid: deadPid, url: 'http://localhost:5173' }))
    writeFileSync(join(state, 'db.lock'), String(deadPid))
    expect(run(state).status).toBe(0)
    expect(run(mkdtempSync(join(tmpdir(), 'second-start-'))).status).toBe(0)
  })
})
