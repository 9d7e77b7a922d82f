// What every part of the stack shares.
import type { PGlite } from '@electric-sql/pglite'
import { type AuthHook, CONFIG_TOML, configuredAuth } from './config.ts'
import type { Keys } from './jwt.ts'
import type { BotCheck } from './bot-check.ts'
import type { Mailbox } from './mailbox.ts'

export type AuthConfig = {
  /** false (default, as config.toml): sign-up sends a confirmation e-mail and returns no session. */
  autoconfirm: boolean
  /** Access token lifetime in seconds (config.toml jwt_expiry). */
  jwtExpiry: number
  /** Seconds in which the parent of the active refresh token may be used again (tabs race). */
  refreshTokenReuseInterval: number
  /** Seconds between two e-mails of one kind to the same address (config.toml auth.email.max_frequency). */
  emailMaxFrequency: number
  /** A new e-mail address takes effect once both addresses have confirmed (config.toml
   * auth.email.double_confirm_changes, GoTrue's SECURE_EMAIL_CHANGE_ENABLED). */
  confirmEmailChangeOnBoth: boolean
  /** The bot check (config.toml [auth.captcha]): sign-up, password sign-in, recovery and resend
   * need a token that siteverify accepts (here the stand-in, bot-check.ts). */
  botCheck: boolean
  /** GoTrue's RATE_LIMIT_OTP (config.toml sign_in_sign_ups): sign-ups, /recover, /resend and
   * PUT /user, each its own bucket per client IP, refilled at this many per 5 minutes. */
  signInSignUps: number
  /** GoTrue's RATE_LIMIT_TOKEN_REFRESH (config.toml token_refresh): every grant of /token
   * (password sign-in, refresh, PKCE) shares one bucket per client IP, refilled per 5 minutes. */
  tokenRefresh: number
  /** GoTrue's RATE_LIMIT_VERIFY (config.toml token_verifications): /verify per client IP per 5 minutes. */
  tokenVerifications: number
  /** Requests a bucket holds when full; GoTrue gives each of these limiters a burst of 30. */
  rateLimitBurst: number
  /** In bytes, as GoTrue counts (config.toml minimum_password_length). */
  minimumPasswordLength: number
  /** bcrypt cost; 10 as GoTrue. Tests may lower it to save time. */
  passwordHashCost: number
  /** GoTrue's URI allow list (config.toml additional_redirect_urls): globs of the redirect URLs
   * allowed besides the site URL's own. */
  redirectAllowList: string[]
  /** Authenticator apps as a second factor (config.toml [auth.mfa.totp] enroll_enabled, verify_enabled). */
  totpEnroll: boolean
  totpVerify: boolean
  /** Factors a user may have at once (config.toml [auth.mfa] max_enrolled_factors). */
  maxEnrolledFactors: number
  /** Digits of an e-mailed one-time code (config.toml [auth.email] otp_length). */
  otpLength: number
  /** Seconds an e-mailed code and its link stay good (config.toml [auth.email] otp_expiry). */
  otpExpiry: number
  /** Auth e-mails the whole project may send an hour (GoTrue's RATE_LIMIT_EMAIL_SENT: one counter
   * for every address and kind, checked before a mail is handed to SMTP or the Send Email hook). */
  emailSentPerHour: number
  /** The Send Email hook (config.toml [auth.hook.send_email]): the project's function sends every
   * auth e-mail instead of the auth service; null when off. */
  sendEmailHook: AuthHook | null
  /** The MFA verification attempt hook (config.toml [auth.hook.mfa_verification_attempt]). */
  mfaVerificationHook: AuthHook | null
  /** The security notices that are on (config.toml [auth.email.notification.<kind>] enabled). */
  notifications: string[]
  /** The sign-in providers config.toml turns on ([auth.external.<id>] enabled): google, linkedin_oidc. */
  externalProviders: string[]
}

/** GoTrue's own defaults. */
const GOTRUE_DEFAULTS: AuthConfig = {
  autoconfirm: false,
  jwtExpiry: 3600,
  refreshTokenReuseInterval: 10,
  emailMaxFrequency: 60,
  confirmEmailChangeOnBoth: true,
  botCheck: false,
  signInSignUps: 30,
  tokenRefresh: 150,
  tokenVerifications: 30,
  rateLimitBurst: 30,
  minimumPasswordLength: 6,
  passwordHashCost: 10,
  redirectAllowList: [],
  totpEnroll: true,
  totpVerify: true,
  maxEnrolledFactors: 10,
  otpLength: 6,
  otpExpiry: 86400,
  // The CLI's value when no SMTP is configured (apps/cli-go/internal/start/start.go).
  emailSentPerHour: 360000,
  sendEmailHook: null,
  mfaVerificationHook: null,
  notifications: [],
  externalProviders: [],
}

/** GoTrue's defaults, then what a config.toml sets (config.ts reads it), as the Supabase CLI
 * passes them to GoTrue. */
export function authConfigOf(configToml = CONFIG_TOML): AuthConfig {
  return { ...GOTRUE_DEFAULTS, ...configuredAuth(configToml) }
}

/** The auth settings of supabase/config.toml. */
export const DEFAULT_AUTH_CONFIG: AuthConfig = authConfigOf()

export type StackContext = {
  db: PGlite
  keys: Keys
  /** Public base URL, e.g. http://localhost:54321 */
  apiUrl: string
  siteUrl: string
  mailbox: Mailbox
  /** The bot check's stand-in (Turnstile's widget and siteverify). */
  botCheck: BotCheck
  auth: AuthConfig
}
