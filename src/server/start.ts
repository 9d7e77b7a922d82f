import { serve } from '@hono/node-server'
import { distDir } from '../build/site'
import { startLocalStack, usesHostedSupabase } from './local-supabase'
import { createSiteServer } from './site-server'
import { claimSite, loadEnvFiles, refusal, stateDirOf } from './single-start.mjs'

// `npm start`: serves the built site, and the local Supabase stack unless a hosted project is set.
loadEnvFiles()
const port = Number(process.env.PORT ?? 5173)
const siteUrl = `http://localhost:${port}`
// `npm start` checked this before building; `npm run serve` comes straight here.
const stateDir = stateDirOf()
const busy = refusal(stateDir)
if (busy) {
  console.error(busy)
  process.exit(1)
}
const release = claimSite(stateDir, siteUrl)
process.once('exit', release)
const stack = usesHostedSupabase() ? undefined : await startLocalStack(process.env.SITE_URL ?? siteUrl)
const supabaseUrl = stack?.url ?? process.env.VITE_SUPABASE_URL

// The bot check's widget: the local stack's stand-in, or Turnstile's.
const botCheckScriptUrl = stack ? `${stack.url}/local-bot-check/api.js` : process.env.VITE_TURNSTILE_SCRIPT_URL || undefined
const app = createSiteServer({ distDir, supabaseUrl, botCheckScriptUrl })
const server = serve({ fetch: app.fetch, port, hostname: process.env.HOST ?? '0.0.0.0' }, () => {
  const rows: Array<[string, string]> = [['Site', siteUrl]]
  if (stack) {
    rows.push(['Supabase API (local)', stack.url], ['Mailbox', stack.mailboxUrl], ['anon key', stack.anonKey], ['service_role key', stack.serviceRoleKey])
  } else rows.push(['Supabase API (hosted)', supabaseUrl ?? ''])
  const width = Math.max(...rows.map(([label]) => label.length))
  for (const [label, value] of rows) console.log(`  ${label.padStart(width)}  ${value}`)
})

const stop = async () => {
  release()
  server.close()
  await stack?.stop()
  process.exit(0)
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
