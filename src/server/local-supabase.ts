import { rmSync } from 'node:fs'
import path from 'node:path'
import { loadKeys } from '@vekstlinje/supabase-local/jwt'
import { rootDir } from '../build/site'

/** Where the local stack runs and keeps its state; the e2e tests use a state folder of their own. */
export const localStack = () => {
  const port = Number(process.env.SUPABASE_LOCAL_PORT ?? 54321)
  const stateDir = path.resolve(rootDir, process.env.SUPABASE_LOCAL_STATE ?? '.local')
  return { port, stateDir, url: `http://localhost:${port}` }
}

/** A hosted project is configured when both public variables are set. */
export const usesHostedSupabase = () => Boolean(process.env.VITE_SUPABASE_URL && process.env.VITE_SUPABASE_ANON_KEY)

/** The public variables the browser bundle needs to talk to the local stack. */
export async function localSupabaseEnv() {
  const { stateDir, url } = localStack()
  const keys = await loadKeys(path.join(stateDir, 'jwt-secret.json'))
  // The bot check's stand-in widget, with Turnstile's always-pass test site key.
  return {
    VITE_SUPABASE_URL: url,
    VITE_SUPABASE_ANON_KEY: keys.anonKey,
    VITE_TURNSTILE_SITE_KEY: process.env.VITE_TURNSTILE_SITE_KEY || '1x00000000000000000000AA',
    VITE_TURNSTILE_SCRIPT_URL: `${url}/local-bot-check/api.js`,
  }
}

/** Starts the local stack (fresh data when SUPABASE_LOCAL_FRESH=1, as the e2e tests ask). */
export async function startLocalStack(siteUrl: string) {
  const { port, stateDir } = localStack()
  const { databaseKind } = await import('@vekstlinje/supabase-local/db')
  const dataDir = path.join(stateDir, databaseKind() === 'postgres' ? 'pg' : 'db')
  if (process.env.SUPABASE_LOCAL_FRESH === '1') rmSync(dataDir, { recursive: true, force: true })
  const { startStack } = await import('@vekstlinje/supabase-local/stack')
  // The end-to-end tests' many visitors all come from one address: they lift the per-address limits,
  // and the project's hourly e-mail limit their hundreds of sign-ups would reach (tests/security and
  // tests/backend check the limits on stacks of their own).
  const burst = Number(process.env.SUPABASE_LOCAL_RATE_LIMIT_BURST)
  const auth = burst > 0 ? { rateLimitBurst: burst, emailSentPerHour: burst } : undefined
  return startStack({ port, stateDir, dataDir, siteUrl, quiet: true, env: { ...process.env }, ...(auth ? { auth } : {}) })
}
