import AxeBuilder from '@axe-core/playwright'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { canSignIn, confirmedUser, withSession } from './stack-users'
import { signedUpAccount } from './dashboard'
import { asServiceRole, emailLinkIn, open, confirmAndSignIn, pressEmailLink, stackUrl, withBotCheckToken, nameCompany, payOnLocalCheckout } from './stack'
import { loadKeys } from '../../supabase/local/jwt.ts'
import { fileURLToPath } from 'node:url'

// The account page's security: changing the e-mail address (confirmed from both addresses, safe
// from mail scanners, followed by the demo requests and the payment customer), signing out other
// devices, and signed-in answers that nobody keeps a copy of.

const keys = () => loadKeys(fileURLToPath(new URL('../../.local/e2e/jwt-secret.json', import.meta.url)))

type Mail = { to: string; subject: string; links: string[] }
const mailsTo = async (address: string) => (await (await fetch(`${stackUrl}/mailbox.json?to=${encodeURIComponent(address)}`)).json()) as Mail[]

/** The e-mail-change link the stack sent to an address. */
async function changeLinkTo(address: string): Promise<{ link: string; subject: string }> {
  let found: Mail | undefined
  await expect
    .poll(async () => {
      found = (await mailsTo(address)).find((m) => m.links.some((l) => l.includes('type=email_change')))
      return found !== undefined
    })
    .toBe(true)
  return { link: emailLinkIn(found!), subject: found!.subject }
}

const asService = async (path: string) => {
  const { serviceRoleKey } = await keys()
  return (await fetch(`${stackUrl}${path}`, { headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}` } })).json()
}

/** The payment stand-in's record of the user's customer. */
async function customerEmail(userId: string): Promise<string> {
  const [row] = (await asServiceRole('GET', `billing_customers?user_id=eq.${userId}&select=stripe_customer_id`)) as Array<{ stripe_customer_id: string }>
  return ((await asService(`/local-payments/customers/${row!.stripe_customer_id}`)) as { email: string }).email
}

const demoEmails = async (name: string) =>
  ((await asServiceRole('GET', `demo_requests?name=eq.${encodeURIComponent(name)}&select=email`)) as Array<{ email: string }>).map((r) => r.email)

/** What a mail scanner does with a link: a plain GET that follows redirects, and no script. */
async function scannerGet(link: string) {
  const res = await fetch(link, { redirect: 'follow' })
  expect(res.status).toBe(200)
  await res.body?.cancel()
}

for (const lang of ['nb', 'en'] as const) {
  const prefix = lang === 'en' ? '/en' : ''
  const text = (nb: string, en: string) => (lang === 'en' ? en : nb)

  async function buyPro(page: Page) {
    await page.getByRole('link', { name: text('Oppgrader til Pro', 'Upgrade to Pro') }).click()
    await nameCompany(page, lang)
    await page.getByRole('button', { name: text('Fortsett til betaling', 'Continue to payment') }).click()
    await payOnLocalCheckout(page, `${prefix}/app`)
    await expect(page.getByTestId('plan-badge')).toHaveText('Pro', { timeout: 10_000 })
  }

  test(`${lang}: change of address on the account page: both links, scanners change nothing, everything follows`, async ({ page }) => {
    test.setTimeout(90_000)
    const me = await signedUpAccount(lang, 'Sigrid Lund')
    await confirmAndSignIn(page, me)
    const userId: string = await page.evaluate(
      () => JSON.parse(localStorage.getItem(Object.keys(localStorage).find((k) => k.endsWith('-auth-token'))!)!).user.id,
    )
    const demoName = `Sigrid ${userId.slice(0, 8)}`
    await asServiceRole('POST', 'demo_requests', { name: demoName, email: me.email, need: 'content' })
    await buyPro(page)
    expect(await customerEmail(userId)).toBe(me.email)

    await page.getByRole('link', { name: text('Konto', 'Account'), exact: true }).click()
    await expect(page).toHaveURL(`${prefix}/account`)
    const next = me.email.replace('customer-', 'moved-')
    const trigger = page.getByRole('button', { name: text('Endre e-postadresse', 'Change e-mail address') })
    await trigger.click()
    const newField = page.getByLabel(text('Ny e-postadresse', 'New e-mail address'))
    const passwordField = page.getByLabel(text('Nåværende passord', 'Current password'))
    await expect(newField).toBeFocused()
    const send = page.getByRole('button', { name: text('Send bekreftelseslenker', 'Send confirmation links') })

    // Nothing is asked without the password, and a wrong one changes nothing.
    await newField.fill(next)
    await send.click()
    await expect(page.getByText(text('Skriv inn passordet du bruker nå.', 'Enter your current password.'))).toBeVisible()
    await expect(passwordField).toBeFocused()
    await passwordField.fill('not-my-password-1')
    await send.click()
    await expect(page.getByText(text('Det er ikke passordet du bruker nå.', 'That is not your current password.'))).toBeVisible()
    expect(await mailsTo(next)).toEqual([])
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])

    await passwordField.fill(me.password)
    await send.click()
    await expect(page.getByText(text('Sjekk begge innboksene', 'Check both inboxes'))).toBeVisible()
    await expect(page.getByTestId('pending-email')).toContainText(next)
    await expect(trigger).toBeFocused()
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])

    // One link to each address, in the account's language.
    const toNew = await changeLinkTo(next)
    const toCurrent = await changeLinkTo(me.email)
    expect(toNew.subject).toBe(text('Bekreft endring av e-postadresse hos Vekstlinje', 'Confirm the change of e-mail address for Vekstlinje'))
    expect(new URL(toNew.link).pathname).toBe(`${prefix}/auth/confirm`)
    expect(toNew.link).not.toBe(toCurrent.link)

    // A scanner's GET of each link, following redirects, changes nothing.
    await scannerGet(toNew.link)
    await scannerGet(toCurrent.link)
    expect(await canSignIn(me.email, me.password)).toBe(true)
    expect(await canSignIn(next, me.password)).toBe(false)
    expect(await demoEmails(demoName)).toEqual([me.email])
    await open(page, `${prefix}/account`)
    await expect(page.getByTestId('pending-email')).toContainText(next)

    // The person's presses make the change.
    await pressEmailLink(page, toNew.link)
    await expect(page.getByRole('status').filter({ hasText: text('Bekreftet. Endringen blir gjennomført', 'Confirmed. The change is made') })).toBeVisible()
    expect(await canSignIn(next, me.password)).toBe(false)
    await pressEmailLink(page, toCurrent.link)
    await expect(page).toHaveURL(`${prefix}/account`)
    await expect(page.getByText(text(`Logget inn som ${next}`, `Signed in as ${next}`))).toBeVisible()
    await expect(page.getByTestId('pending-email')).toHaveCount(0)
    await expect(page.getByText(text('E-postadressen din er endret', 'Your e-mail address has been changed'))).toBeVisible()

    expect(await canSignIn(me.email, me.password)).toBe(false)
    expect(await canSignIn(next, me.password)).toBe(true)
    expect(await demoEmails(demoName)).toEqual([next])
    await expect.poll(() => customerEmail(userId)).toBe(next)
  })

  test(`${lang}: change of address with a failed bot check: refused in the visitor's language, the account unchanged`, async ({ page }) => {
    const me = await confirmedUser(`refused-${lang}`)
    await withSession(page, me.email, me.password)
    // The widget's challenge answered as Turnstile's always-fail keys do: a token siteverify refuses.
    await page.route(`${stackUrl}/local-bot-check/challenge`, (route) => route.continue({ postData: JSON.stringify({ outcome: 'refuse' }) }))
    await open(page, `${prefix}/account`)
    const trigger = page.getByRole('button', { name: text('Endre e-postadresse', 'Change e-mail address') })
    const newField = page.getByLabel(text('Ny e-postadresse', 'New e-mail address'))
    const passwordField = page.getByLabel(text('Nåværende passord', 'Current password'))
    const send = page.getByRole('button', { name: text('Send bekreftelseslenker', 'Send confirmation links') })
    const widget = page.locator('[data-local-bot-check]')

    // By keyboard only. The widget comes with the form, takes no focus and no tab stop, and goes
    // with it: a form opened again gets a widget of its own.
    await trigger.focus()
    await page.keyboard.press('Enter')
    await expect(newField).toBeFocused()
    await expect(widget).toHaveCount(1)
    await expect(newField).toBeFocused()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: text('Avbryt', 'Cancel') })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(trigger).toBeFocused()
    await expect(widget).toHaveCount(0)
    await page.keyboard.press('Enter')
    await expect(newField).toBeFocused()
    await expect(widget).toHaveCount(1)

    const next = me.email.replace('refused-', 'elsewhere-')
    await page.keyboard.type(next)
    await page.keyboard.press('Tab')
    await expect(passwordField).toBeFocused()
    await page.keyboard.type(me.password)
    await page.keyboard.press('Tab')
    await expect(send).toBeFocused()
    // The server checks the password by a sign-in that carries the widget's token: the auth service refuses it.
    const asked = page.waitForResponse((r) => r.url().startsWith(`${stackUrl}/functions/v1/request-email-change`) && r.request().method() === 'POST')
    await page.keyboard.press('Enter')
    const refused = await asked
    expect({ status: refused.status(), code: ((await refused.json()) as { code?: string }).code }).toEqual({ status: 400, code: 'captcha_failed' })
    expect(JSON.parse(refused.request().postData() ?? '{}').captcha_token).toMatch(/^0\.local\./)
    await expect(
      page.getByText(
        text(
          'Vi fikk ikke bekreftet at du er et menneske. Vent noen sekunder og prøv igjen.',
          "We couldn't verify that you're human. Wait a few seconds and try again.",
        ),
      ),
    ).toBeVisible()
    await expect(newField).toHaveValue(next)

    // The auth service's record of the account: the same address, no change waiting, no mail sent.
    const { anonKey } = await keys()
    const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('vekstlinje-auth-token')!) as { access_token: string }).access_token)
    const account = (await (await fetch(`${stackUrl}/auth/v1/user`, { headers: { apikey: anonKey, authorization: `Bearer ${token}` } })).json()) as {
      email: string
      new_email?: string
    }
    expect({ email: account.email, new_email: account.new_email }).toEqual({ email: me.email, new_email: undefined })
    expect(await mailsTo(next)).toEqual([])
    expect((await mailsTo(me.email)).filter((mail) => mail.links.some((l) => l.includes('type=email_change')))).toEqual([])
  })

  test(`${lang}: sign out on all other devices: the other browser's next request to a function and to the database is refused at once, and it cannot renew; this one stays`, async ({ browser }) => {
    const user = await confirmedUser(`devices-${lang}`)
    const here = await signedInContext(browser, user, `${prefix}/account`)
    const there = await signedInContext(browser, user, `${prefix}/app`)
    // The account has a subscription, so that a read of the database has something to show or hide.
    const owner = await ownId(there.page)
    await asServiceRole('POST', 'subscriptions', { user_id: owner, product_name: 'pro', status: 'active', stripe_subscription_id: `sub_devices_${lang}_${Date.now()}` })
    await expect(there.page.getByTestId('plan-badge')).toHaveText('Pro', { timeout: 10_000 })
    expect(await requestsFrom(there.page)).toEqual({ functionStatus: 200, rows: [{ status: 'active' }] })

    await expect(here.page.getByTestId('signed-in-at')).toContainText(String(new Date().getUTCFullYear()))
    const section = here.page.getByRole('region', { name: text('Enheter', 'Devices') })
    await expect(section).toContainText(
      text(
        'Vi kan ikke vise en liste over de andre enhetene dine, men du kan logge ut av alle samtidig. De mister tilgangen med en gang og må logge inn på nytt.',
        "We can't show a list of your other devices, but you can sign them all out together. They lose access at once and must sign in again.",
      ),
    )
    await here.page.getByRole('button', { name: text('Logg ut på alle andre enheter', 'Sign out on all other devices') }).click()
    await expect(here.page.getByText(text('Logget ut på andre enheter', 'Signed out on other devices'))).toBeVisible()
    await expect(here.page.getByText(text('De andre enhetene har mistet tilgangen og må logge inn på nytt. Du er fortsatt logget inn her.', 'Your other devices have lost access and must sign in again. You are still signed in here.'))).toBeVisible()

    // The other browser's access token has not expired, yet its very next requests are refused: the
    // function answers 401, the database shows it nothing.
    expect(await requestsFrom(there.page)).toEqual({ functionStatus: 401, rows: [] })
    expect(await refresh(there.page)).toMatchObject({ status: 400, code: 'refresh_token_not_found' })
    // This browser still reads and calls.
    expect(await requestsFrom(here.page)).toEqual({ functionStatus: 200, rows: [{ status: 'active' }] })
    expect(await refresh(here.page)).toMatchObject({ status: 200 })
    await here.context.close()
    await there.context.close()
  })
}

/** The signed-in user's id, from the session the page keeps. */
const ownId = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('vekstlinje-auth-token')!) as { user: { id: string } }).user.id)

/** A request to a function (export-account) and one to the database (the subscriptions), made from
 * the page with the access token it keeps, as its app would. */
async function requestsFrom(page: Page) {
  const { anonKey } = await keys()
  return page.evaluate(
    async ({ api, anonKey }) => {
      const token = (JSON.parse(localStorage.getItem('vekstlinje-auth-token')!) as { access_token: string }).access_token
      const headers = { apikey: anonKey, authorization: `Bearer ${token}` }
      const fn = await fetch(`${api}/functions/v1/export-account`, { method: 'POST', headers })
      const rows = await (await fetch(`${api}/rest/v1/subscriptions?select=status`, { headers })).json()
      return { functionStatus: fn.status, rows }
    },
    { api: stackUrl, anonKey },
  )
}

async function signedInContext(browser: Browser, user: { email: string; password: string }, url: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await withSession(page, user.email, user.password)
  await open(page, url)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  return { context, page }
}

/** Renews the page's stored session with its refresh token, as its client would. */
async function refresh(page: Page) {
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('vekstlinje-auth-token')!) as { refresh_token: string })
  const { anonKey } = await keys()
  const res = await fetch(`${stackUrl}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: stored.refresh_token }),
  })
  return { status: res.status, code: ((await res.json()) as { code?: string }).code }
}

test('signed-in pages and function answers carry Cache-Control: no-store; public pages do not', async ({ request }) => {
  for (const url of ['/account', '/en/account', '/app', '/en/checkout-pro']) {
    expect({ url, cache: (await request.get(url)).headers()['cache-control'] }).toEqual({ url, cache: 'no-store' })
  }
  expect((await request.get('/')).headers()['cache-control']).toBe('no-cache')
  const user = await confirmedUser('no-store')
  const { anonKey } = await keys()
  const session = (await (
    await fetch(`${stackUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json' },
      body: JSON.stringify(await withBotCheckToken(user)),
    })
  ).json()) as { access_token: string }
  const answer = await fetch(`${stackUrl}/functions/v1/export-account`, {
    method: 'POST',
    headers: { apikey: anonKey, authorization: `Bearer ${session.access_token}`, origin: new URL(test.info().project.use.baseURL!).origin },
  })
  expect(answer.status).toBe(200)
  expect(answer.headers.get('cache-control')).toBe('no-store')
})
