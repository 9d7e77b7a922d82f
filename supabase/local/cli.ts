#!/usr/bin/env tsx
// npm run stack | stack:reset | stack:status (the package's start | reset | status, its bin
// `supabase-local`), in the current directory: the data and keys in SUPABASE_LOCAL_STATE (default
// .local, as for npm start), the variables of .env and supabase/functions/.env.
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { loadKeys } from './jwt.ts'
import { startStack } from './stack.ts'

const STATE_DIR = resolve(process.env.SUPABASE_LOCAL_STATE ?? '.local')

function loadDotEnv() {
  for (const file of ['.env', 'supabase/functions/.env']) {
    if (existsSync(file)) process.loadEnvFile(file)
  }
}

async function start() {
  loadDotEnv()
  const started = performance.now()
  const stack = await startStack({ quiet: true, stateDir: STATE_DIR, env: { ...process.env } }).catch((error: Error) => {
    console.error(error.message)
    process.exit(1)
  })
  const siteUrl = process.env.SITE_URL ?? 'http://localhost:5173'
  const rows: [string, string][] = [
    ['Site URL', siteUrl],
    ['API URL', stack.url],
    ['Realtime', `${stack.url.replace(/^http/, 'ws')}/realtime/v1/websocket`],
    ['Mailbox', stack.mailboxUrl],
    ['anon key', stack.anonKey],
    ['service_role key', stack.serviceRoleKey],
  ]
  const width = Math.max(...rows.map(([k]) => k.length))
  console.log(`Local Supabase stack started in ${Math.round(performance.now() - started)} ms (data in ${STATE_DIR}).\n`)
  for (const [key, value] of rows) console.log(`  ${key.padStart(width)}: ${value}`)
  console.log('\nPress Ctrl+C to stop.')
  const stop = async () => {
    await stack.stop()
    process.exit(0)
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

async function status() {
  const file = resolve(STATE_DIR, 'jwt-secret.json')
  if (!existsSync(file)) {
    console.error('The local stack has not been started yet: run `npm run stack` first.')
    process.exit(1)
  }
  const keys = await loadKeys(file)
  const url = `http://localhost:${process.env.SUPABASE_LOCAL_PORT ?? 54321}`
  console.log(
    JSON.stringify(
      { api_url: url, anon_key: keys.anonKey, service_role_key: keys.serviceRoleKey, mailbox_url: `${url}/mailbox` },
      null,
      2,
    ),
  )
}

function reset() {
  // The database (users, rows, mailbox) goes; the JWT secret stays, so keys copied into .env
  // files keep working, and so does the cache of the freshly migrated template.
  for (const name of ['db', 'pg']) {
    const lock = resolve(STATE_DIR, `${name}.lock`)
    if (!existsSync(lock)) continue
    const pid = Number(readFileSync(lock, 'utf8'))
    try {
      process.kill(pid, 0)
      console.error(`The local stack is running (process ${pid}): stop it first.`)
      process.exit(1)
    } catch {
      // a stale lock from a stack that did not stop cleanly
    }
  }
  for (const name of ['db', 'pg', 'db.lock', 'pg.lock']) rmSync(resolve(STATE_DIR, name), { recursive: true, force: true })
  console.log(`Local stack data cleared (${STATE_DIR}/db, or ${STATE_DIR}/pg for SUPABASE_LOCAL_DB=postgres). Keys are unchanged.`)
}

const command = process.argv[2] ?? 'start'
if (command === 'start') await start()
else if (command === 'status') await status()
else if (command === 'reset') reset()
else {
  console.error('Usage: supabase-local start|status|reset (npm run stack, stack:status, stack:reset)')
  process.exit(2)
}
