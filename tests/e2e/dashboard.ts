import { fileURLToPath } from 'node:url'
import { type BrowserContext, expect, type Page, type WebSocketRoute } from '@playwright/test'
import { loadKeys } from '../../supabase/local/jwt.ts'
import { e2ePort } from './playwright.config'
import { confirmEmailLink, emailLinkIn, latestMailTo, open, signIn, stackUrl, uniqueEmail, withBotCheckToken, nameCompany, payOnLocalCheckout } from './stack'

export type Lang = 'nb' | 'en'

/** The dashboard's words in a language, and its address. */
export function dashboardOf(lang: Lang) {
  const prefix = lang === 'en' ? '/en' : ''
  const text = (nb: string, en: string) => (lang === 'en' ? en : nb)
  return {
    prefix,
    text,
    app: `${prefix}/app`,
    badge: (page: Page) => page.getByTestId('plan-badge'),
    status: (page: Page) => page.getByTestId('subscription-status'),
    manage: (page: Page) => page.getByRole('button', { name: text('Administrer abonnementet', 'Manage subscription') }),
    resume: (page: Page) => page.getByRole('button', { name: text('Gjenoppta abonnementet', 'Resume subscription') }),
    upgrade: (page: Page) => page.getByRole('link', { name: text('Oppgrader til Pro', 'Upgrade to Pro') }),
  }
}

/** An account made through the auth API as the registration page makes it (its name and
 * language in the metadata), with the confirmation link the stack e-mailed (pressed, it signs the
 * page in and opens the dashboard). Registering through the page is the auth tests' subject; here
 * it only costs time. */
export async function signedUpAccount(lang: Lang, fullName: string, email = uniqueEmail('customer')) {
  const { anonKey } = await loadKeys(fileURLToPath(new URL('../../.local/e2e/jwt-secret.json', import.meta.url)))
  const password = 'fjord-Lys-2025'
  const redirect = `http://localhost:${e2ePort}${dashboardOf(lang).app}`
  const response = await fetch(`${stackUrl}/auth/v1/signup?redirect_to=${encodeURIComponent(redirect)}`, {
    method: 'POST',
    headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(await withBotCheckToken({ email, password, data: { full_name: fullName, lang } })),
  })
  expect(response.ok, await response.clone().text()).toBe(true)
  return { email, password, confirm: emailLinkIn(await latestMailTo(email)) }
}

/** The same account, confirmed. */
export async function confirmedAccount(lang: Lang, fullName: string) {
  const { email, password, confirm } = await signedUpAccount(lang, fullName)
  await confirmEmailLink(confirm)
  return { email, password }
}

/** Signs a new customer in, pays for Pro on the local payment page, and lands on the dashboard with
 * Pro; answers the customer's address. */
export async function proCustomer(page: Page, lang: Lang, name: string): Promise<{ email: string }> {
  const d = dashboardOf(lang)
  const { email, password } = await confirmedAccount(lang, name)
  await open(page, `${d.prefix}/login`)
  await signIn(page, lang, email, password)
  await expect(page).toHaveURL(d.app)
  await d.upgrade(page).click()
  await nameCompany(page, lang)
  await page.getByRole('button', { name: d.text('Fortsett til betaling', 'Continue to payment') }).click()
  await payOnLocalCheckout(page, d.app)
  // The payment's live update, or the fetch that follows the return from the payment page.
  await expect(d.badge(page)).toHaveText('Pro', { timeout: 10_000 })
  return { email }
}

/** The payment provider's portal (the stack's stand-in) in a tab of its own, opened from the
 * dashboard there as the customer would. */
export async function portalTab(context: BrowserContext, lang: Lang): Promise<Page> {
  const d = dashboardOf(lang)
  const tab = await context.newPage()
  await open(tab, d.app)
  await d.manage(tab).click()
  await expect(tab).toHaveURL(/\/local-payments\/portal\/bps_local_/)
  return tab
}

/** A frame of the realtime protocol (Phoenix: JSON, as an object in version 1, an array in 2). */
function frameOf(message: string | Buffer): { topic: string; event: string; payload: Record<string, unknown> } | null {
  if (typeof message !== 'string') return null
  try {
    const parsed = JSON.parse(message)
    if (Array.isArray(parsed)) return { topic: parsed[2], event: parsed[3], payload: parsed[4] ?? {} }
    return { topic: parsed.topic, event: parsed.event, payload: parsed.payload ?? {} }
  } catch {
    return null
  }
}

/**
 * The page's realtime socket, passed through the test so that it can fail as real ones do:
 * - `drop()` closes it under the page, as a lost connection does, and keeps the page's attempts to
 *   reconnect waiting until `restore()`;
 * - `sleep()` lets nothing from the server reach the page (a laptop asleep: the socket is dead but
 *   nobody knows yet) until `wake()`.
 * It counts the channel joins the server accepted and the row changes that never arrived.
 */
export async function routeRealtime(page: Page) {
  type Link = { page: WebSocketRoute; server?: WebSocketRoute; queued: Array<string | Buffer> }
  const live = new Set<Link>()
  const waiting: Link[] = []
  const state = { dropped: false, asleep: false, joins: 0, lostChanges: 0 }
  const connect = (link: Link) => {
    const server = link.page.connectToServer()
    link.server = server
    server.onMessage((message) => {
      const frame = frameOf(message)
      if (state.asleep) {
        if (frame?.event === 'postgres_changes') state.lostChanges += 1
        return
      }
      if (frame?.event === 'phx_reply' && frame.topic.startsWith('realtime:') && (frame.payload as { status?: string }).status === 'ok') {
        const response = (frame.payload as { response?: { postgres_changes?: unknown } }).response
        if (response?.postgres_changes) state.joins += 1
      }
      link.page.send(message)
    })
    server.onClose((code, reason) => {
      live.delete(link)
      link.page.close({ code, reason })
    })
    for (const message of link.queued.splice(0)) server.send(message)
  }
  await page.routeWebSocket(/\/realtime\/v1\/websocket/, (ws) => {
    const link: Link = { page: ws, queued: [] }
    live.add(link)
    ws.onMessage((message) => {
      if (link.server) link.server.send(message)
      else link.queued.push(message)
    })
    ws.onClose((code, reason) => {
      live.delete(link)
      link.server?.close({ code, reason })
    })
    if (state.dropped) waiting.push(link)
    else connect(link)
  })
  return {
    /** How many times the server accepted a join of a channel with row changes. */
    joins: () => state.joins,
    /** How many row changes the server sent while the page was asleep. */
    lostChanges: () => state.lostChanges,
    /** How many of the page's new sockets wait for the connection to come back. */
    waiting: () => waiting.length,
    drop() {
      state.dropped = true
      for (const link of [...live]) {
        live.delete(link)
        link.server?.close({ code: 1001, reason: 'connection lost' })
        link.page.close({ code: 1006, reason: 'connection lost' })
      }
    },
    restore() {
      state.dropped = false
      for (const link of waiting.splice(0)) connect(link)
    },
    sleep() {
      state.asleep = true
    },
    wake() {
      state.asleep = false
    },
  }
}

/** Tells the page it is hidden or shown, as the browser tells a tab sent to the background and
 * brought back. Headless Chromium always reports a visible page (a minimised window, another tab
 * in front, a frozen page all leave `visibilityState` at "visible"), so the page is told directly. */
export async function setTabHidden(page: Page, hidden: boolean) {
  await page.evaluate((hidden) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') })
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden })
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))
  }, hidden)
}
