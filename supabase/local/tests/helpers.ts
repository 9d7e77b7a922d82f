// The stack's test kit, for its own tests and the project's backend tests: a stack per test file,
// supabase-js clients as the app makes them (in Node: the ws transport and an in-memory storage),
// and the mailbox. The stack serves the project it sits in, so its auth e-mails are the project's:
// written by the Send Email hook (supabase/functions/auth-hooks), each linking to the site's
// /auth/confirm page with the token's hash and type, and a change of address is asked through the
// project's request-email-change function.
import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { type LocalStack, type StackOptions, startStack } from '../stack.ts'

export type { LocalStack, StackOptions }

/** An in-memory stack on a free port, scheduled jobs run by `stack.cron.tick()` only; bcrypt at
 * cost 4 (instead of 10) keeps the tests quick, and the auth rate limits (and the project's hourly
 * e-mail limit) are out of the way (every test file signs up from the same address); tests of the
 * limits pass their own. */
export function startTestStack(options: StackOptions = {}): Promise<LocalStack> {
  return startStack({
    port: 0,
    dataDir: null,
    quiet: true,
    schedule: false,
    ...options,
    auth: { passwordHashCost: 4, rateLimitBurst: 100_000, emailSentPerHour: 100_000, ...options.auth },
  })
}

export class MemoryStorage {
  readonly items = new Map<string, string>()
  getItem(key: string) {
    return this.items.get(key) ?? null
  }
  setItem(key: string, value: string) {
    this.items.set(key, value)
  }
  removeItem(key: string) {
    this.items.delete(key)
  }
}

export const STORAGE_KEY = 'sb-localhost-auth-token'

/** supabase-js's requests, with a bot-check token where the auth server asks for one (sign-up,
 * password sign-in, recovery, resend), as the site's widget supplies it in the browser. */
export function withBotCheck(stack: LocalStack): typeof fetch {
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input.toString())
    const guarded = /\/auth\/v1\/(signup|recover|resend)$/.test(url.pathname) || (url.pathname.endsWith('/auth/v1/token') && url.searchParams.get('grant_type') === 'password')
    if (!guarded || typeof init?.body !== 'string') return fetch(input, init)
    const body = JSON.parse(init.body) as { gotrue_meta_security?: { captcha_token?: string } }
    body.gotrue_meta_security = { captcha_token: body.gotrue_meta_security?.captcha_token ?? stack.botCheckToken() }
    return fetch(input, { ...init, body: JSON.stringify(body) })
  }
}

export function client(
  stack: LocalStack,
  options: { key?: string; storage?: MemoryStorage; flowType?: 'implicit' | 'pkce'; botCheck?: boolean } = {},
): SupabaseClient {
  const auth: SupabaseClientOptions<'public'>['auth'] = {
    storage: options.storage ?? new MemoryStorage(),
    persistSession: true,
    autoRefreshToken: false,
    detectSessionInUrl: false,
    flowType: options.flowType ?? 'implicit',
  }
  return createClient(stack.url, options.key ?? stack.anonKey, {
    auth,
    realtime: { transport: WebSocket as never, heartbeatIntervalMs: 25_000 },
    global: { fetch: options.botCheck === false ? fetch : withBotCheck(stack) },
  })
}

export function serviceClient(stack: LocalStack): SupabaseClient {
  return client(stack, { key: stack.serviceRoleKey })
}

export type MailJson = { id: number; to: string; subject: string; text: string; html: string | null; links: string[] }

/** What an auth e-mail's link carries to the site's confirmation page: the token's hash and its type. */
export function linkOf(mail: MailJson): { url: URL; token_hash: string; type: 'signup' | 'recovery' | 'email_change' } {
  const url = mail.links.map((link) => new URL(link)).find((link) => link.pathname.endsWith('/auth/confirm'))
  if (!url) throw new Error(`no confirmation link in "${mail.subject}": ${mail.links.join(', ')}`)
  return { url, token_hash: url.searchParams.get('token_hash')!, type: url.searchParams.get('type') as 'signup' }
}

/** The auth server's own link for the same token (GoTrue's `.ConfirmationURL`, which no e-mail carries). */
export function verifyLinkOf(stack: LocalStack, mail: MailJson, redirectTo = `${SITE}/app`): string {
  const { token_hash, type } = linkOf(mail)
  return `${stack.url}/auth/v1/verify?${new URLSearchParams({ token: token_hash, type, redirect_to: redirectTo })}`
}

/** The 8-digit code a confirmation or reset e-mail shows (the product's own, behind its link). */
export function codeOf(mail: MailJson): string {
  const shown = [...mail.text.matchAll(/(?<![\w=])(\d{8})(?!\w)/g)].map((match) => match[1]!)
  if (shown.length !== 1) throw new Error(`"${mail.subject}" shows ${shown.length} eight-digit codes`)
  return shown[0]!
}

export async function mails(stack: LocalStack, to: string): Promise<MailJson[]> {
  const res = await fetch(`${stack.url}/mailbox.json?to=${encodeURIComponent(to)}`)
  return (await res.json()) as MailJson[]
}

/** Follows a link one hop, as a browser would, and returns where it redirects. */
export async function follow(url: string, init: RequestInit = {}): Promise<URL> {
  const res = await fetch(url, { ...init, redirect: 'manual' })
  const location = res.headers.get('location')
  if (!location) throw new Error(`expected a redirect from ${url}, got ${res.status}: ${await res.text()}`)
  return new URL(location, url)
}

let counter = 0
export function uniqueEmail(prefix = 'user'): string {
  counter += 1
  return `${prefix}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`
}

export const SITE = 'http://localhost:5173'

/** Signs up, confirms through the e-mailed link, signs in; returns the signed-in client. */
export async function confirmedUser(stack: LocalStack, fullName = 'Test User', email = uniqueEmail()) {
  const password = 'correct-horse-1'
  const sb = client(stack)
  const { error } = await sb.auth.signUp({
    email,
    password,
    options: { emailRedirectTo: `${SITE}/app`, data: { full_name: fullName } },
  })
  if (error) throw error
  const [mail] = await mails(stack, email)
  // The button on the page the e-mail links to.
  const { token_hash } = linkOf(mail!)
  const confirmed = await client(stack).auth.verifyOtp({ token_hash, type: 'signup' })
  if (confirmed.error) throw confirmed.error
  const signIn = await sb.auth.signInWithPassword({ email, password })
  if (signIn.error) throw signIn.error
  return { sb, email, password, user: signIn.data.user, session: signIn.data.session }
}

/** A change of address as the account page asks for it: through request-email-change, with the
 * password and a bot-check token (the auth service alone mails nobody for a change). */
export async function askEmailChange(stack: LocalStack, account: { sb: SupabaseClient; password: string }, email: string) {
  return account.sb.functions.invoke('request-email-change', { body: { email, password: account.password, captcha_token: stack.botCheckToken() } })
}

/** Resolves with the first value `subscribe` hands over, or rejects after `ms`. */
export function within<T>(ms: number, subscribe: (resolve: (value: T) => void) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`nothing arrived within ${ms} ms`)), ms)
    subscribe((value) => {
      clearTimeout(timer)
      resolve(value)
    })
  })
}

export function fragment(url: URL): URLSearchParams {
  return new URLSearchParams(url.hash.replace(/^#/, ''))
}

/** For hooks that start a stack: the first start in a fresh checkout also builds the template. */
export const STARTUP_TIMEOUT = 60_000

/** A buyer the register's stand-in knows (company-register.ts): what every checkout names. */
export const TEST_BUYER = { country: 'NO', orgNumber: '923456783' } as const
