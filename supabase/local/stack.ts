// The local stack: one Node server on one port speaking the Supabase APIs the app uses
// (auth, REST, realtime, functions) over PGlite running the project's migrations, plus the
// mail catcher. A development and test stand-in for hosted Supabase, never a production backend.
import type { AddressInfo } from 'node:net'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { authRoutes } from './auth.ts'
import { localHookSecret, withLocalSecret } from './auth-hooks.ts'
import { botCheckRoutes, createBotCheck, localBotCheckSecret } from './bot-check.ts'
import { type AuthConfig, authConfigOf, DEFAULT_AUTH_CONFIG, type StackContext } from './context.ts'
import { companyRegisterRoutes } from './company-register.ts'
import { createScheduler, cronRoutes, type Scheduler } from './cron.ts'
import { type DatabaseKind, databaseKind, openDatabase } from './db.ts'
import { FUNCTIONS_DIR, type FunctionEnv, type FunctionHandler, functionRoutes, loadFunctions, readFunctionConfig } from './functions.ts'
import { cors } from './http.ts'
import { loadKeys } from './jwt.ts'
import { createMailbox, mailboxRoutes } from './mailbox.ts'
import { STYLESHEET, STYLESHEET_PATH } from './pages.ts'
import { localWebhookSecret, paymentRoutes } from './payments.ts'
import { attachRealtime } from './realtime.ts'
import { restRoutes } from './rest.ts'

export type { FunctionEnv } from './functions.ts'

/** The migrated-database template is cached per checkout, whatever the state directory. */
const TEMPLATE_CACHE_DIR = new URL('../../.local/cache/', import.meta.url).pathname

export type StackOptions = {
  /** 0 picks a free port; default env SUPABASE_LOCAL_PORT or 54321. */
  port?: number
  /** null keeps everything in memory (PGlite) or in a temporary folder (PostgreSQL); default
   * '.local/db' (PGlite) or '.local/pg' (PostgreSQL). */
  dataDir?: string | null
  /** PGlite (the default) or a PostgreSQL server of the stack's own, whose transactions run
   * concurrently as on hosted Supabase; default env SUPABASE_LOCAL_DB. */
  database?: DatabaseKind
  /** default env SITE_URL or http://localhost:5173 */
  siteUrl?: string
  quiet?: boolean
  /** Extra secrets for the functions (e.g. STRIPE_SECRET_KEY). */
  env?: Record<string, string | undefined>
  /** Folder of functions to mount; default supabase/functions. */
  functionsDir?: string
  /** Handlers to mount instead of importing functionsDir's (e.g. the functions served by Deno). */
  handlers?: Map<string, FunctionHandler>
  /** Where the JWT secret lives (and the data, unless dataDir says otherwise); default '.local'. */
  stateDir?: string
  /** Auth settings (confirmation, token lifetimes, rate limits, redirect allow list); the defaults
   * are read from supabase/config.toml (local/config.ts), as the Supabase CLI passes them to GoTrue. */
  auth?: Partial<AuthConfig>
  /** Another config.toml to read the auth settings from (tests). */
  configToml?: string
  /** false: scheduled jobs run only when `cron.tick()` is called (tests); default every minute. */
  schedule?: boolean
}

export type LocalStack = {
  url: string
  anonKey: string
  serviceRoleKey: string
  jwtSecret: string
  mailboxUrl: string
  /** Hands out a bot-check token, as the widget does in the browser (`refuse`: one siteverify refuses). */
  botCheckToken(outcome?: 'pass' | 'refuse'): string
  /** The signing secret the stripe-webhook function checks (STRIPE_WEBHOOK_SECRET). */
  webhookSecret: string
  db: PGlite
  /** The jobs migrations schedule with pg_cron, and the requests they send with pg_net. */
  cron: Scheduler
  stop(): Promise<void>
}

/** Takes `<dataDir>.lock` for this stack; throws if another stack (here or in a live process) holds it. */
const heldLocks = new Set<string>()
function lockDataDir(dataDir: string): () => void {
  const file = `${dataDir}.lock`
  if (heldLocks.has(file)) throw new Error(`The local stack's data in ${dataDir} is in use by process ${process.pid}.`)
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, 'utf8'))
    let alive = false
    try {
      alive = pid !== process.pid && process.kill(pid, 0)
    } catch {
      alive = false
    }
    if (alive) throw new Error(`The local stack's data in ${dataDir} is in use by process ${pid}.`)
  }
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, String(process.pid))
  heldLocks.add(file)
  return () => {
    heldLocks.delete(file)
    rmSync(file, { force: true })
  }
}

export async function startStack(options: StackOptions = {}): Promise<LocalStack> {
  const stateDir = resolve(options.stateDir ?? '.local')
  const database = options.database ?? databaseKind()
  const dataDir = options.dataDir === undefined ? resolve(stateDir, database === 'postgres' ? 'pg' : 'db') : options.dataDir && resolve(options.dataDir)
  const port = options.port ?? Number(process.env.SUPABASE_LOCAL_PORT ?? 54321)
  const siteUrl = (options.siteUrl ?? process.env.SITE_URL ?? 'http://localhost:5173').replace(/\/$/, '')

  // The database's files must have one owner: a second stack on the same directory is refused.
  const unlock = dataDir === null ? () => {} : lockDataDir(dataDir)
  // A persistent database keeps the install's secret; an in-memory one gets a throwaway secret.
  const [keys, db, handlers] = await Promise.all([
    loadKeys(dataDir === null ? null : resolve(stateDir, 'jwt-secret.json')),
    openDatabase({ dataDir, cacheDir: TEMPLATE_CACHE_DIR, kind: database }),
    options.handlers ?? loadFunctions(options.functionsDir ?? FUNCTIONS_DIR),
  ]).catch((error) => {
    unlock()
    throw error
  })

  const app = new Hono()
  const ctx: StackContext = {
    db,
    keys,
    apiUrl: '',
    siteUrl,
    mailbox: createMailbox(db),
    botCheck: createBotCheck(localBotCheckSecret(keys.jwtSecret), new URL(siteUrl).hostname),
    auth: { ...(options.configToml ? authConfigOf(options.configToml) : DEFAULT_AUTH_CONFIG), ...options.auth },
  }
  const hookSecret = options.env?.AUTH_HOOK_SECRET || localHookSecret(keys.jwtSecret)
  ctx.auth.sendEmailHook = withLocalSecret(ctx.auth.sendEmailHook, hookSecret)
  ctx.auth.mfaVerificationHook = withLocalSecret(ctx.auth.mfaVerificationHook, hookSecret)
  const env: FunctionEnv = {}
  const cron = createScheduler(db)

  // The APIs answer any origin, as the hosted gateway does; the mailbox (sign-in links, recovery
  // links) is readable only by its own page and by tools outside a browser.
  const apiCors = cors()
  app.use('*', (c, next) => (c.req.path.startsWith('/mailbox') ? next() : apiCors(c, next)))
  app.get('/', (c) => c.redirect('/mailbox'))
  app.get(STYLESHEET_PATH, (c) => c.body(STYLESHEET, 200, { 'Content-Type': 'text/css; charset=utf-8' }))
  app.route('/auth/v1', authRoutes(ctx))
  app.route('/local-bot-check', botCheckRoutes(ctx.botCheck))
  app.route('/rest/v1', restRoutes(ctx))
  app.route(
    '/functions/v1',
    functionRoutes({ handlers, openFunctions: readFunctionConfig(), env, jwtSecret: keys.jwtSecret }),
  )
  app.route('/', mailboxRoutes(ctx.mailbox, keys.jwtSecret))
  app.route('/local-payments', paymentRoutes(ctx, env))
  app.route('/local-brreg', companyRegisterRoutes())
  app.route('/', cronRoutes(cron, keys.jwtSecret))
  app.notFound((c) => c.json({ message: 'no Route matched with those values' }, 404))

  const server = await new Promise<ReturnType<typeof serve>>((ready, fail) => {
    const s = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => ready(s))
    s.once('error', fail)
  }).catch(async (error: NodeJS.ErrnoException) => {
    await db.close()
    unlock()
    if (error.code === 'EADDRINUSE') {
      throw new Error(`Port ${port} is in use: is the local stack already running? Set SUPABASE_LOCAL_PORT to use another.`)
    }
    throw error
  })
  const address = server.address() as AddressInfo
  const url = `http://localhost:${address.port}`
  ctx.apiUrl = url
  Object.assign(env, options.env, {
    SUPABASE_URL: url,
    SUPABASE_ANON_KEY: keys.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey,
    SITE_URL: siteUrl,
    LOCAL_MAILBOX_URL: `${url}/mailbox/send`,
    // The local payment page signs its events with this; a real endpoint's secret may replace it.
    STRIPE_WEBHOOK_SECRET: options.env?.STRIPE_WEBHOOK_SECRET || localWebhookSecret(keys.jwtSecret),
    LOCAL_PAYMENTS_URL: `${url}/local-payments/sessions`,
    // Enhetsregisteret's stand-in: a few companies, one deleted, the rest unknown.
    BRREG_API_URL: `${url}/local-brreg/enhetsregisteret/api`,
    // The bot check's stand-in answers as Turnstile's siteverify, with its own secret; while
    // [auth.captcha] is on, the demo function checks tokens as the auth service does.
    TURNSTILE_SITEVERIFY_URL: `${url}/local-bot-check/siteverify`,
    // The auth service signs its hooks (Send Email, MFA verification) with this; auth-hooks checks it.
    AUTH_HOOK_SECRET: hookSecret,
    ...(ctx.auth.botCheck ? { TURNSTILE_SECRET_KEY: ctx.botCheck.secret } : {}),
  })
  const realtime = attachRealtime(server as import('node:http').Server, ctx)

  // What a hosted project stores in Vault for its scheduled jobs (see the migrations).
  await db.query(
    `insert into vault.secrets (name, secret) values ('project_url', $1), ('service_role_key', $2)
     on conflict (name) do update set secret = excluded.secret, updated_at = now()`,
    [url, keys.serviceRoleKey],
  )
  if (options.schedule !== false) cron.start()

  if (!options.quiet) console.log(`[local stack] listening on ${url}`)

  let stopped: Promise<void> | undefined
  return {
    url,
    anonKey: keys.anonKey,
    serviceRoleKey: keys.serviceRoleKey,
    jwtSecret: keys.jwtSecret,
    mailboxUrl: `${url}/mailbox`,
    botCheckToken: (outcome) => ctx.botCheck.challenge(outcome),
    webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
    db,
    cron,
    stop() {
      stopped ??= (async () => {
        await cron.stop()
        await realtime.close()
        await new Promise<void>((done) => {
          server.close(() => done())
          ;(server as import('node:http').Server).closeAllConnections?.()
        })
        await db.close()
        unlock()
      })()
      return stopped
    },
  }
}
