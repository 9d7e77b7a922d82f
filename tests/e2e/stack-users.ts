import { fileURLToPath } from 'node:url'
import { expect, type Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { loadKeys } from '../../supabase/local/jwt.ts'
import { asServiceRole, confirmEmailLink, emailLinkIn, latestMailTo, stackUrl, uniqueEmail, withBotCheckToken } from './stack'

// Users made through the auth service's API rather than the pages, for tests about something else.

const keys = () => loadKeys(fileURLToPath(new URL('../../.local/e2e/jwt-secret.json', import.meta.url)))
const AUTH_STORAGE_KEY = 'vekstlinje-auth-token'

async function auth(path: string, body: Record<string, unknown>) {
  const { anonKey } = await keys()
  const response = await fetch(`${stackUrl}/auth/v1/${path}`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify(await withBotCheckToken(body)),
  })
  expect(response.ok, await response.clone().text()).toBe(true)
  return response.json()
}

/** A user who has signed up and confirmed the address (in `lang`: the e-mails follow it). */
export async function confirmedUser(tag: string, fullName = 'Kari Rask', lang?: 'nb' | 'en') {
  const email = uniqueEmail(tag)
  const password = 'fjord-Lys-2025'
  await auth('signup', { email, password, data: { full_name: fullName, ...(lang ? { lang } : {}) } })
  await confirmEmailLink(emailLinkIn(await latestMailTo(email)))
  return { email, password }
}

/** Signs `page` in as the user before any page loads: the session is stored where the site keeps it. */
export async function withSession(page: Page, email: string, password: string) {
  const session = await auth('token?grant_type=password', { email, password })
  await page.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [AUTH_STORAGE_KEY, JSON.stringify(session)])
}

/** Whether the password signs the user in. */
export async function canSignIn(email: string, password: string) {
  const { anonKey } = await keys()
  const response = await fetch(`${stackUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify(await withBotCheckToken({ email, password })),
  })
  return response.ok
}

/** Asks the auth service for a password-reset e-mail whose link opens `redirectTo`. */
export const requestReset = (email: string, redirectTo: string) => auth(`recover?redirect_to=${encodeURIComponent(redirectTo)}`, { email })

/** The authenticator app's codes for a factor's secret. */
export const totpOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 })

/** A code works once: the auth hooks refuse one given in the same or the next 30 seconds as the
 * factor's last accepted code. Tests give codes seconds apart, so the last one is made a minute
 * older, as if the app had moved on to its next code. */
export const moveOnFromLastCode = (factorId: string) =>
  asServiceRole('PATCH', `mfa_factor_locks?factor_id=eq.${factorId}`, { last_valid_at: new Date(Date.now() - 120_000).toISOString() })

/** An account with two-factor sign-in, set up through the auth service's API. */
export async function twoFactorAccount(tag: string, lang: 'nb' | 'en') {
  const { email, password } = await confirmedUser(tag, 'Kari Rask', lang)
  const { anonKey } = await keys()
  const call = async (path: string, token: string, body: unknown = {}) => {
    const response = await fetch(`${stackUrl}/auth/v1/${path}`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    })
    expect(response.ok, await response.clone().text()).toBe(true)
    return response.json()
  }
  const session = await call('token?grant_type=password', anonKey, await withBotCheckToken({ email, password }))
  const factor = await call('factors', session.access_token, { factor_type: 'totp', issuer: 'Vekstlinje' })
  const challenge = await call(`factors/${factor.id}/challenge`, session.access_token)
  await call(`factors/${factor.id}/verify`, session.access_token, { challenge_id: challenge.id, code: totpOf(factor.totp.secret).generate() })
  await moveOnFromLastCode(factor.id)
  return { email, password, secret: factor.totp.secret as string, factorId: factor.id as string }
}
