// One `npm start` per checkout and state folder. The site server records itself in
// `<state>/site.json` while it serves; the local stack holds `<state>/db.lock`. A second `npm start`
// checks both before it builds anything: building first would rewrite `dist/` under the running
// site (it answers 500 meanwhile, then serves pages that talk to the second run's stack port),
// and the second run would only then die on the stack's data lock.
//
// Plain JavaScript: `npm start` runs it with node before the build (`node src/server/single-start.mjs`);
// src/server/start.ts imports it to claim and release the record.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')

/** The environment files `npm start` reads, so that the check sees the same state folder and port. */
export function loadEnvFiles(dir = rootDir) {
  for (const file of ['.env', '.env.local']) {
    try {
      process.loadEnvFile(join(dir, file))
    } catch {
      // No such file: the environment alone decides.
    }
  }
}

/** The state folder of this run (as src/server/local-supabase.ts resolves it). */
export const stateDirOf = (env = process.env) => resolve(rootDir, env.SUPABASE_LOCAL_STATE ?? '.local')

const alive = (pid) => {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return error?.code === 'EPERM'
  }
}

/** What holds this state folder now: a running site server, a running stack, or nothing. */
export function runningHolder(stateDir) {
  const site = join(stateDir, 'site.json')
  if (existsSync(site)) {
    try {
      const record = JSON.parse(readFileSync(site, 'utf8'))
      if (alive(record.pid)) return { kind: 'site', pid: record.pid, url: record.url ?? null }
    } catch {
      // Unreadable: left by a run that died while writing it; not a live holder.
    }
  }
  const lock = join(stateDir, 'db.lock')
  if (existsSync(lock)) {
    const pid = Number(readFileSync(lock, 'utf8'))
    if (alive(pid)) return { kind: 'stack', pid, url: null }
  }
  return null
}

/** Records the running site server; returns the function that removes the record. */
export function claimSite(stateDir, url) {
  const file = join(stateDir, 'site.json')
  mkdirSync(stateDir, { recursive: true })
  writeFileSync(file, JSON.stringify({ pid: process.pid, url }))
  return () => {
    try {
      if (JSON.parse(readFileSync(file, 'utf8')).pid === process.pid) rmSync(file, { force: true })
    } catch {
      // Already gone.
    }
  }
}

/** The refusal a second start prints, or null when the way is free. */
export function refusal(stateDir) {
  const holder = runningHolder(stateDir)
  if (!holder) return null
  const what =
    holder.kind === 'site'
      ? `The site is already running from this checkout (process ${holder.pid}${holder.url ? `, ${holder.url}` : ''}).`
      : `The local Supabase stack of this checkout is already running (process ${holder.pid}: \`npm run stack\` or \`npm run dev\`).`
  return `${what}\nStop it first (Ctrl+C in its terminal, or \`kill ${holder.pid}\`); nothing was built.\nTo run a second copy on purpose, give it its own state folder and ports: SUPABASE_LOCAL_STATE=.local/second SUPABASE_LOCAL_PORT=54331 PORT=5175 npm start`
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  loadEnvFiles()
  const message = refusal(stateDirOf())
  if (message) {
    console.error(message)
    process.exit(1)
  }
}
