// What every part of the stack shares.
import type { PGlite } from '@electric-sql/pglite'
import type { Keys } from './jwt.ts'
import type { Mailbox } from './mailbox.ts'

export type AuthConfig = {
  /** false (default, as config.toml): sign-up sends a confirmation e-mail and returns no session. */
  autoconfirm: boolean
  /** Access token lifetime in seconds (config.toml jwt_expiry). */
  jwtExpiry: number
  /** Seconds in which the parent of the active refresh token may be used again (tabs race). */
  refreshTokenReuseInterval: number
  /** Seconds between two e-mails to the same address (config.toml auth.email.max_frequency). */
  emailMaxFrequency: number
  /** Sign-ups and sign-ins per client IP per 5 minutes. */
  signInSignUps: number
  /** Token refreshes per client IP per 5 minutes. */
  tokenRefresh: number
  minimumPasswordLength: number
  /** bcrypt cost; 10 as GoTrue. Tests may lower it to save time. */
  passwordHashCost: number
}

export const DEFAULT_AUTH_CONFIG: AuthConfig = {
  autoconfirm: false,
  jwtExpiry: 3600,
  refreshTokenReuseInterval: 10,
  emailMaxFrequency: 1,
  signInSignUps: 300,
  tokenRefresh: 1500,
  minimumPasswordLength: 6,
  passwordHashCost: 10,
}

export type StackContext = {
  db: PGlite
  keys: Keys
  /** Public base URL, e.g. http://localhost:54321 */
  apiUrl: string
  siteUrl: string
  mailbox: Mailbox
  auth: AuthConfig
}
