// Plain JavaScript on purpose: it runs before node_modules (and tsx) exist.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** A fresh clone has no node_modules: install exactly what the lockfile pins, then go on. */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const installed = join(root, 'node_modules', '.package-lock.json')
if (!existsSync(installed)) {
  console.log('node_modules is missing: running npm ci …')
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  execFileSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' })
}
