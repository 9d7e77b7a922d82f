import { fileURLToPath } from 'node:url'
import { expect, type Page } from '@playwright/test'
import { loadKeys } from '../../supabase/local/jwt.ts'
import { confirmEmailLink, emailLinkIn, latestMailTo, stackUrl, uniqueEmail, withBotCheckToken } from './stack'

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
