// The bot check of the public forms (Cloudflare Turnstile), as a function meets it: the widget in
// the browser hands the visitor a token, the form sends it as `captcha_token`, and the function asks
// Turnstile's siteverify whether it is good, as the auth server does for sign-up and recovery.
//   TURNSTILE_SECRET_KEY      the widget's secret; set, every request needs a good token. Required
//                             (fail closed: missingBotCheckSecret) everywhere but on the local stack,
//                             which sets its stand-in's while config.toml's [auth.captcha] is on and
//                             leaves it out while that is off; Turnstile's test secrets count as none
//   TURNSTILE_SITEVERIFY_URL  siteverify (default Cloudflare's; the local stack's stand-in)
// A token is good for one check, so a request refused for another reason (its fields) is checked
// first and spends none.
import type { FunctionEnv } from './env.ts'

export const TURNSTILE_SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify'
/** Turnstile's longest token. */
const MAX_TOKEN_LENGTH = 2048
const VERIFY_TIMEOUT_MS = 10_000

/** Cloudflare's published Turnstile test secrets: one passes every token, the others refuse every
 * one. A function holding one has no bot check, so it counts as having none. */
export const TURNSTILE_TEST_SECRETS: readonly string[] = [
  '1x0000000000000000000000000000000AA',
  '2x0000000000000000000000000000000AA',
  '3x0000000000000000000000000000000AA',
]

/** Whether the function talks to a Supabase on this machine: the local stack, whose API is
 * `http://localhost:<port>`. Never on hosted Supabase, whose platform sets SUPABASE_URL to the
 * project's https address and refuses secrets named SUPABASE_…, so no configuration there can make
 * this true. */
export function isLocalSupabase(env: FunctionEnv): boolean {
  let host: string
  try {
    host = new URL(env.SUPABASE_URL?.trim() ?? '').hostname
  } catch {
    return false
  }
  return host === 'localhost' || host === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(host)
}

/** What the bot check lacks, for the function's 500 `not_configured` (nothing stored): the secret
 * wherever the function runs but on the local stack, whose check is off exactly when it leaves the
 * secret out (config.toml [auth.captcha] off); one of Turnstile's test secrets, anywhere. */
export function missingBotCheckSecret(env: FunctionEnv): string[] {
  const secret = env.TURNSTILE_SECRET_KEY?.trim() ?? ''
  if (TURNSTILE_TEST_SECRETS.includes(secret)) return ['TURNSTILE_SECRET_KEY (it holds a Turnstile test secret)']
  return secret || isLocalSupabase(env) ? [] : ['TURNSTILE_SECRET_KEY']
}

/** Whether requests need a token: the secret is set (missingBotCheckSecret has already refused to
 * run without one, or with a test one, wherever that matters). */
export const isBotCheckOn = (env: FunctionEnv) => Boolean(env.TURNSTILE_SECRET_KEY?.trim())

/** `passed`, `refused` (no token, or one siteverify refuses: spent, expired, forged), or
 * `unavailable` (siteverify did not answer). */
export type BotCheckOutcome = { result: 'passed' } | { result: 'refused'; codes: string[] } | { result: 'unavailable' }

export async function verifyBotCheck(env: FunctionEnv, token: unknown, remoteip: string): Promise<BotCheckOutcome> {
  const response = typeof token === 'string' ? token.trim() : ''
  if (!response) return { result: 'refused', codes: ['missing-input-response'] }
  if (response.length > MAX_TOKEN_LENGTH) return { result: 'refused', codes: ['invalid-input-response'] }
  const form = new URLSearchParams({ secret: env.TURNSTILE_SECRET_KEY?.trim() ?? '', response, remoteip })
  try {
    const answer = await fetch(env.TURNSTILE_SITEVERIFY_URL || TURNSTILE_SITEVERIFY_URL, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    })
    // Siteverify answers 200 with its verdict, refusals included.
    if (!answer.ok) {
      console.error(`[bot check] siteverify answered ${answer.status}`)
      return { result: 'unavailable' }
    }
    const verdict = (await answer.json()) as { success?: unknown; 'error-codes'?: unknown }
    if (verdict.success === true) return { result: 'passed' }
    const codes = Array.isArray(verdict['error-codes']) ? verdict['error-codes'].filter((code): code is string => typeof code === 'string') : []
    // A wrong secret is the project's fault, not the visitor's.
    if (codes.some((code) => code.includes('secret'))) {
      console.error(`[bot check] siteverify refused the secret: ${codes.join(', ')}`)
      return { result: 'unavailable' }
    }
    return { result: 'refused', codes }
  } catch (error) {
    console.error('[bot check] siteverify did not answer', error)
    return { result: 'unavailable' }
  }
}
