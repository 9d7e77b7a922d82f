// The auth settings of supabase/config.toml that the local stack follows, read the way the
// Supabase CLI hands them to GoTrue (apps/cli-go/internal/start/start.go in supabase/cli):
//   [auth] jwt_expiry, refresh_token_reuse_interval, minimum_password_length
//   [auth.email] enable_confirmations, double_confirm_changes, max_frequency ("1s", "1m0s", …)
//   [auth.captcha] enabled (the bot check on sign-up, password sign-in, recovery and resend)
//   [auth] additional_redirect_urls → GOTRUE_URI_ALLOW_LIST (`env(NAME)` items as the CLI substitutes them)
//   [auth.email] otp_length → GOTRUE_MAILER_OTP_LENGTH (6 to 10, else 6), otp_expiry → GOTRUE_MAILER_OTP_EXP
//   [auth.rate_limit] sign_in_sign_ups → GOTRUE_RATE_LIMIT_OTP, token_refresh → GOTRUE_RATE_LIMIT_TOKEN_REFRESH,
//                     token_verifications → GOTRUE_RATE_LIMIT_VERIFY (each per IP per 5 minutes),
//                     email_sent → GOTRUE_RATE_LIMIT_EMAIL_SENT (the project's auth mail per hour; the CLI
//                     passes it only with [auth.email.smtp] enabled)
//   [auth.hook.send_email], [auth.hook.mfa_verification_attempt] enabled, uri, secrets → GOTRUE_HOOK_*
//   [auth.email.notification.<name>] enabled → GOTRUE_MAILER_NOTIFICATIONS_<NAME>_ENABLED
// and the [api] settings the CLI hands to PostgREST: schemas → PGRST_DB_SCHEMAS, extra_search_path →
// PGRST_DB_EXTRA_SEARCH_PATH, max_rows → PGRST_DB_MAX_ROWS.
// A small reader for `[section]` and `key = number | boolean | "string" | ["string", …]` lines:
// enough for these keys, and no TOML library at run time (the stack runs with production
// dependencies only).
import { existsSync, readFileSync } from 'node:fs'

export const CONFIG_TOML = new URL('../config.toml', import.meta.url).pathname

type Value = string | number | boolean | string[]

/** `{ 'auth.rate_limit': { sign_in_sign_ups: 30 }, … }` for the simple values of a TOML text. */
export function readSections(toml: string): Record<string, Record<string, Value>> {
  const sections: Record<string, Record<string, Value>> = { '': {} }
  let current = sections['']!
  for (const raw of toml.split('\n')) {
    const line = raw.replace(/^\s+|\s+$/g, '')
    if (line === '' || line.startsWith('#')) continue
    const header = /^\[([A-Za-z0-9_.-]+)\]$/.exec(line)
    if (header) {
      current = sections[header[1]!] ??= {}
      continue
    }
    const pair = /^([A-Za-z0-9_-]+)\s*=\s*(.*?)(?:\s+#.*)?$/.exec(line)
    if (!pair) continue
    const [, key, text] = pair as unknown as [string, string, string]
    if (/^-?\d+(?:\.\d+)?$/.test(text)) current[key] = Number(text)
    else if (text === 'true' || text === 'false') current[key] = text === 'true'
    else if (/^"[^"]*"$/.test(text)) current[key] = text.slice(1, -1)
    else if (/^\[\s*(?:"[^"]*"\s*(?:,\s*"[^"]*"\s*)*,?\s*)?\]$/.test(text)) current[key] = [...text.matchAll(/"([^"]*)"/g)].map((m) => m[1]!)
  }
  return sections
}

/** Seconds of a Go duration string as the CLI writes them ("1s", "1m0s", "60s"). */
export function durationSeconds(text: string): number | undefined {
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+(?:\.\d+)?)s)?$/.exec(text)
  if (!match || text === '') return undefined
  return Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0)
}

export type ConfiguredAuth = {
  autoconfirm?: boolean
  jwtExpiry?: number
  refreshTokenReuseInterval?: number
  minimumPasswordLength?: number
  emailMaxFrequency?: number
  confirmEmailChangeOnBoth?: boolean
  botCheck?: boolean
  signInSignUps?: number
  tokenRefresh?: number
  tokenVerifications?: number
  redirectAllowList?: string[]
  totpEnroll?: boolean
  totpVerify?: boolean
  maxEnrolledFactors?: number
  otpLength?: number
  otpExpiry?: number
  emailSentPerHour?: number
  sendEmailHook?: AuthHook | null
  mfaVerificationHook?: AuthHook | null
  notifications?: string[]
  externalProviders?: string[]
}

/** An HTTP hook of the auth service: where it posts, and the `v1,whsec_…` secrets it signs with
 * (`|`-separated, as GoTrue reads them). `uri` may still be an `env(NAME)` the environment lacks:
 * the stack then calls the project's own function (auth-hooks.ts). */
export type AuthHook = { uri: string; secrets: string }

/** The security notices GoTrue can send (supabase/auth internal/mailer), by config.toml's names. */
export const NOTIFICATION_KINDS = ['password_changed', 'email_changed', 'phone_changed', 'identity_linked', 'identity_unlinked', 'mfa_factor_enrolled', 'mfa_factor_unenrolled'] as const

/** A value as the CLI substitutes it: `env(NAME)` as a whole becomes the variable, when it is set. */
function fromEnv(value: string, env: NodeJS.ProcessEnv): string {
  const name = /^env\(([A-Za-z_][A-Za-z0-9_]*)\)$/.exec(value)?.[1]
  return (name && env[name]) || value
}

/** The settings config.toml gives; a key it leaves out is left out here too. */
export function authSettings(toml: string, env: NodeJS.ProcessEnv = process.env): ConfiguredAuth {
  const sections = readSections(toml)
  const auth = sections.auth ?? {}
  const email = sections['auth.email'] ?? {}
  const limits = sections['auth.rate_limit'] ?? {}
  const captcha = sections['auth.captcha'] ?? {}
  const totp = sections['auth.mfa.totp'] ?? {}
  const bool = (value: Value | undefined) => (typeof value === 'boolean' ? value : undefined)
  const out: ConfiguredAuth = {}
  const num = (value: Value | undefined) => (typeof value === 'number' ? value : undefined)
  const set = <K extends keyof ConfiguredAuth>(key: K, value: ConfiguredAuth[K] | undefined) => {
    if (value !== undefined) out[key] = value
  }
  set('autoconfirm', typeof email.enable_confirmations === 'boolean' ? !email.enable_confirmations : undefined)
  set('jwtExpiry', num(auth.jwt_expiry))
  set('refreshTokenReuseInterval', num(auth.refresh_token_reuse_interval))
  set('minimumPasswordLength', num(auth.minimum_password_length))
  set('emailMaxFrequency', typeof email.max_frequency === 'string' ? durationSeconds(email.max_frequency) : undefined)
  set('confirmEmailChangeOnBoth', typeof email.double_confirm_changes === 'boolean' ? email.double_confirm_changes : undefined)
  set('botCheck', typeof captcha.enabled === 'boolean' ? captcha.enabled : undefined)
  set('signInSignUps', num(limits.sign_in_sign_ups))
  set('tokenRefresh', num(limits.token_refresh))
  set('tokenVerifications', num(limits.token_verifications))
  set('redirectAllowList', Array.isArray(auth.additional_redirect_urls) ? auth.additional_redirect_urls.map((url) => fromEnv(url, env)) : undefined)
  set('totpEnroll', bool(totp.enroll_enabled))
  set('totpVerify', bool(totp.verify_enabled))
  set('maxEnrolledFactors', num(sections['auth.mfa']?.max_enrolled_factors))
  const external = Object.entries(sections)
    .filter(([name, section]) => name.startsWith('auth.external.') && section.enabled === true)
    .map(([name]) => name.slice('auth.external.'.length))
  set('externalProviders', external)
  // GoTrue resets a length outside 6–10 to 6 (internal/conf/configuration.go).
  const otpLength = num(email.otp_length)
  set('otpLength', otpLength === undefined ? undefined : otpLength >= 6 && otpLength <= 10 ? otpLength : 6)
  set('otpExpiry', num(email.otp_expiry))
  if (sections['auth.email.smtp']?.enabled === true) set('emailSentPerHour', num(limits.email_sent))
  const hook = (name: string): AuthHook | null | undefined => {
    const section = sections[`auth.hook.${name}`]
    if (!section) return undefined
    if (section.enabled !== true) return null
    return { uri: fromEnv(typeof section.uri === 'string' ? section.uri : '', env), secrets: fromEnv(typeof section.secrets === 'string' ? section.secrets : '', env) }
  }
  set('sendEmailHook', hook('send_email'))
  set('mfaVerificationHook', hook('mfa_verification_attempt'))
  const notifications = NOTIFICATION_KINDS.filter((kind) => sections[`auth.email.notification.${kind}`]?.enabled === true)
  if (notifications.length > 0) set('notifications', notifications)
  return out
}

/** config.toml's auth settings, or nothing when the file is missing. */
export function configuredAuth(file = CONFIG_TOML): ConfiguredAuth {
  return existsSync(file) ? authSettings(readFileSync(file, 'utf8')) : {}
}

export type ConfiguredApi = { schemas?: string[]; extraSearchPath?: string[]; maxRows?: number }

/** config.toml's [api] settings; a key it leaves out is left out here too. */
export function apiSettings(toml: string): ConfiguredApi {
  const api = readSections(toml).api ?? {}
  const list = (value: Value | undefined) => (Array.isArray(value) ? value : undefined)
  return {
    ...(list(api.schemas) ? { schemas: list(api.schemas) } : {}),
    ...(list(api.extra_search_path) ? { extraSearchPath: list(api.extra_search_path) } : {}),
    ...(typeof api.max_rows === 'number' ? { maxRows: api.max_rows } : {}),
  }
}

/** config.toml's [api] settings, or nothing when the file is missing. */
export function configuredApi(file = CONFIG_TOML): ConfiguredApi {
  return existsSync(file) ? apiSettings(readFileSync(file, 'utf8')) : {}
}
