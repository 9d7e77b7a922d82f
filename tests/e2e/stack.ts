import { fileURLToPath } from 'node:url'
import { expect, type Page } from '@playwright/test'
import { loadKeys } from '../../supabase/local/jwt.ts'
import { e2eStackPort } from './playwright.config'
import { showUp } from './visitor'

export { showUp }

/** The local stack the e2e server started (its state folder holds the keys). */
export const stackUrl = `http://localhost:${e2eStackPort}`
const keys = () => loadKeys(fileURLToPath(new URL('../../.local/e2e/jwt-secret.json', import.meta.url)))

export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.no`

interface Mail {
  to: string
  subject: string
  text: string
  links: string[]
}

/** A bot-check token from the stack's stand-in, as its widget gets one in the browser: requests
 * made straight to the auth service (sign-up, password sign-in, recovery) carry it as the site's
 * forms do (`gotrue_meta_security.captcha_token`). */
export async function botCheckToken(): Promise<string> {
  const answer = await fetch(`${stackUrl}/local-bot-check/challenge`, { method: 'POST' })
  expect(answer.ok).toBe(true)
  return ((await answer.json()) as { token: string }).token
}

/** A request body for a guarded auth endpoint, with a bot-check token. */
export const withBotCheckToken = async (body: Record<string, unknown>) => ({ ...body, gotrue_meta_security: { captcha_token: await botCheckToken() } })

/** The newest e-mail the stack "sent" to an address. */
export async function latestMailTo(address: string): Promise<Mail> {
  let found: Mail | undefined
  await expect
    .poll(async () => {
      const mails = (await (await fetch(`${stackUrl}/mailbox.json`)).json()) as Mail[]
      found = mails.find((mail) => mail.to === address)
      return Boolean(found)
    })
    .toBe(true)
  return found!
}

/** A request to the stack's REST API as the service role (what the payment webhook uses). */
export async function asServiceRole(method: string, pathAndQuery: string, body?: unknown) {
  const { serviceRoleKey } = await keys()
  const response = await fetch(`${stackUrl}/rest/v1/${pathAndQuery}`, {
    method,
    headers: {
      apikey: serviceRoleKey,
      authorization: `Bearer ${serviceRoleKey}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  expect(response.ok, await response.clone().text()).toBe(true)
  return response.json()
}

/** Registers through the page, confirms through the mailbox link, and returns the credentials. */
export async function registerAndConfirm(page: Page, lang: 'nb' | 'en', fullName: string) {
  const email = uniqueEmail('user')
  const password = 'fjord-Lys-2025'
  const prefix = lang === 'en' ? '/en' : ''
  await open(page, `${prefix}/register`)
  await page.getByLabel(lang === 'en' ? 'Full name' : 'Fullt navn').fill(fullName)
  await page.getByLabel(lang === 'en' ? 'E-mail' : 'E-post').fill(email)
  await page.getByLabel(lang === 'en' ? 'Password' : 'Passord').fill(password)
  await page.getByRole('button', { name: lang === 'en' ? 'Create account' : 'Opprett konto' }).click()
  await expect(page.getByText(lang === 'en' ? 'Account created!' : 'Konto opprettet!')).toBeVisible()
  await expect(page).toHaveURL(`${prefix}/login`)
  const confirm = emailLinkIn(await latestMailTo(email))
  return { email, password, confirm }
}

/** The link of an auth e-mail: the site's page that verifies on a press (never the auth server's). */
export function emailLinkIn(mail: Pick<Mail, 'links'>): string {
  const link = mail.links.find((candidate) => new URL(candidate).pathname.endsWith('/auth/confirm'))
  expect(link, mail.links.join(' ')).toBeTruthy()
  return link!
}

/** The 8-digit code an auth e-mail shows, for a person whose mail system blocks its link. */
export function codeIn(mail: Pick<Mail, 'text' | 'subject'>): string {
  const codes = [...mail.text.matchAll(/(?<![\w=])\d{8}(?!\w)/g)].map((match) => match[0])
  expect(codes, mail.subject).toHaveLength(1)
  return codes[0]!
}

const pressLabels = {
  signup: { nb: 'Bekreft og lagre passordet', en: 'Confirm and save the password' },
  recovery: { nb: 'Velg et nytt passord', en: 'Choose a new password' },
  email_change: { nb: 'Bekreft endringen', en: 'Confirm the change' },
} as const

/** Opens an auth e-mail's link and presses the page's button, as the person does; a new account's
 * link first takes the password the account will have. */
export async function pressEmailLink(page: Page, link: string, { password }: { password?: string } = {}) {
  const url = new URL(link)
  const type = url.searchParams.get('type') as keyof typeof pressLabels
  const lang = url.pathname.startsWith('/en/') ? 'en' : 'nb'
  await open(page, link)
  if (type === 'signup') {
    expect(password, 'a sign-up link asks for the password').toBeTruthy()
    await page.getByLabel(lang === 'en' ? 'Password for your account' : 'Passord for kontoen din').fill(password!)
  }
  await page.getByRole('button', { name: pressLabels[type][lang], exact: true }).click()
}

/** A new account's link pressed with its password, then the sign-in it leads to: on the dashboard. */
export async function confirmAndSignIn(page: Page, account: { confirm: string; email: string; password: string }) {
  const lang = new URL(account.confirm).pathname.startsWith('/en/') ? 'en' : 'nb'
  const prefix = lang === 'en' ? '/en' : ''
  await pressEmailLink(page, account.confirm, { password: account.password })
  await expect(page).toHaveURL(`${prefix}/login`)
  await expect(page.getByText(lang === 'en' ? 'Your e-mail address is confirmed' : 'E-postadressen din er bekreftet')).toBeVisible()
  await page.locator('html[data-hydrated]').waitFor()
  await signIn(page, lang, account.email, account.password)
  await expect(page).toHaveURL(`${prefix}/app`)
}

/** What the page's button sends (`verifyOtp` with the link's hash), straight to the auth service:
 * for tests about something else that need the address confirmed. */
export async function confirmEmailLink(link: string) {
  const { anonKey } = await keys()
  const url = new URL(link)
  const response = await fetch(`${stackUrl}/auth/v1/verify`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ token_hash: url.searchParams.get('token_hash'), type: url.searchParams.get('type') }),
  })
  expect(response.ok, await response.clone().text()).toBe(true)
}

export async function signIn(page: Page, lang: 'nb' | 'en', email: string, password: string) {
  await page.getByLabel(lang === 'en' ? 'E-mail' : 'E-post').fill(email)
  await page.getByLabel(lang === 'en' ? 'Password' : 'Passord').fill(password)
  await page.getByRole('button', { name: lang === 'en' ? 'Sign in' : 'Logg inn', exact: true }).click()
}

/** Opens a page as a visitor does (who shows up, `showUp`) and waits until the app has hydrated. */
export async function open(page: Page, url: string) {
  await page.goto(url)
  await showUp(page)
  await page.locator('html[data-hydrated]').waitFor()
}

/** Pays on the local payment page and waits to be back at `returnTo`. The page hands Stripe's events
 * to the webhook (a Deno function) before it sends the buyer back, as it keeps nothing half done:
 * seconds on a machine whose cores the other tests share, more than an assertion's default wait. */
export async function payOnLocalCheckout(page: Page, returnTo: string | RegExp) {
  await page.getByRole('button', { name: 'Pay' }).click()
  await expect(page).toHaveURL(returnTo, { timeout: 20_000 })
}

/** Names the buyer on the checkout page: a Norwegian company the register's stand-in knows. */
export async function nameCompany(page: Page, lang: 'nb' | 'en', orgNumber = '923456783') {
  await page.getByLabel(lang === 'en' ? 'Organization number' : 'Organisasjonsnummer').fill(orgNumber)
}
