import { type Browser, expect, test } from '@playwright/test'
import { holdApp } from './page-script-only'
import { canSignIn } from './stack-users'
import { watchLayoutShifts } from './visitor'
import { botCheckToken, confirmEmailLink, emailLinkIn, latestMailTo, open, pressEmailLink, stackUrl, uniqueEmail, withBotCheckToken } from './stack'
import { loadKeys } from '../../supabase/local/jwt.ts'
import { fileURLToPath } from 'node:url'

// Mail scanners (Safe Links, Mimecast, Proofpoint…) open every link of a mail before the person
// does. The auth e-mails link to a page of the site that spends the link's token only when the
// person presses its button: a scanner's visit, with or without script, changes nothing.

const keys = () => loadKeys(fileURLToPath(new URL('../../.local/e2e/jwt-secret.json', import.meta.url)))
const password = 'fjord-Lys-2025'

async function authApi(path: string, body: unknown, token?: string, method = 'POST') {
  const { anonKey } = await keys()
  const response = await fetch(`${stackUrl}/auth/v1/${path}`, {
    method,
    headers: { apikey: anonKey, 'content-type': 'application/json', authorization: `Bearer ${token ?? anonKey}` },
    body: JSON.stringify(body),
  })
  expect(response.ok, await response.clone().text()).toBe(true)
  return response.json()
}

/** The account page's change of address, as it asks the server: the new address, the password, a bot-check token. */
async function requestEmailChange(token: string, email: string) {
  const { anonKey } = await keys()
  const response = await fetch(`${stackUrl}/functions/v1/request-email-change`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ email, password, captcha_token: await botCheckToken() }),
  })
  expect(response.ok, await response.clone().text()).toBe(true)
}

const mailsTo = async (address: string) =>
  ((await (await fetch(`${stackUrl}/mailbox.json?to=${encodeURIComponent(address)}`)).json()) as Array<{ links: string[]; text: string }>)

/** What a scanner does: a plain GET that follows redirects, then the page opened in a browser of
 * its own, script and all, pressing nothing. */
async function scan(browser: Browser, link: string) {
  const fetched = await fetch(link)
  expect(fetched.status).toBe(200)
  const scanner = await browser.newContext()
  const page = await scanner.newPage()
  await open(page, link)
  await scanner.close()
}

/** A sign-up in the language of `lang` (the e-mails follow the account's language). */
async function signUp(lang: 'nb' | 'en') {
  const email = uniqueEmail(`link-${lang}`)
  await authApi('signup', await withBotCheckToken({ email, password, data: { lang, full_name: 'Kari Rask' } }))
  return email
}

for (const lang of ['nb', 'en'] as const) {
  const prefix = lang === 'en' ? '/en' : ''
  const text = (nb: string, en: string) => (lang === 'en' ? en : nb)

  test(`${lang}: confirmation: the page names the address; the scanner's visit confirms nothing; the person's press, with the password they choose, does`, async ({ page, browser }) => {
    const email = await signUp(lang)
    const link = emailLinkIn(await latestMailTo(email))
    expect(new URL(link).pathname).toBe(`${prefix}/auth/confirm`)
    await scan(browser, link)
    // Still unconfirmed: the password does not sign in yet.
    expect(await canSignIn(email, password)).toBe(false)

    await open(page, link)
    // The title names the task; a line says why a press is needed after the e-mail's.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('Bekreft e-postadressen din', 'Confirm your e-mail address'))
    await expect(page.getByText(text('Av sikkerhetshensyn skjer ingenting før du trykker på knappen.', 'For your security, nothing happens until you press the button.'))).toBeVisible()
    await expect(page.locator('p strong', { hasText: email })).toBeVisible()
    // No password, no press: nothing is spent, and the field says why.
    await page.getByRole('button', { name: text('Bekreft og lagre passordet', 'Confirm and save the password') }).click()
    await expect(page.getByLabel(text('Passord for kontoen din', 'Password for your account'))).toBeFocused()
    await expect(page.getByText(text('Passordet må ha minst 6 tegn.', 'The password must be at least 6 characters.'))).toBeVisible()
    expect(await canSignIn(email, password)).toBe(false)

    await pressEmailLink(page, link, { password })
    // Confirmed, and nobody is signed in by the link: on to sign in with the password just chosen.
    await expect(page).toHaveURL(`${prefix}/login`)
    await expect(page.getByText(text('E-postadressen din er bekreftet', 'Your e-mail address is confirmed'))).toBeVisible()
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.endsWith('-auth-token')))).toEqual([])
    expect(await canSignIn(email, password)).toBe(true)
  })

  test(`${lang}: a password parked by whoever signed the address up first never opens the account; the owner's does`, async ({ page }) => {
    const email = uniqueEmail(`parked-${lang}`)
    await authApi('signup', await withBotCheckToken({ email, password: 'attacker-pw-1', data: { lang, full_name: 'Kari Nordmann' } }))
    // The owner finds the confirmation in their mailbox, and presses it with the password they choose.
    const owners = 'eierens-Eget-9'
    await pressEmailLink(page, emailLinkIn(await latestMailTo(email)), { password: owners })
    await expect(page).toHaveURL(`${prefix}/login`)
    expect(await canSignIn(email, 'attacker-pw-1')).toBe(false)
    expect(await canSignIn(email, owners)).toBe(true)
  })

  test(`${lang}: a visitor signed in here who opens another account's link sees its address, and stays who they are unless they choose`, async ({ page }) => {
    // The visitor's own account, signed in on this browser.
    const own = await signUp(lang)
    await confirmEmailLink(emailLinkIn(await latestMailTo(own)))
    const session = await authApi('token?grant_type=password', await withBotCheckToken({ email: own, password }))
    await page.addInitScript(([key, value]) => localStorage.setItem(key!, value!), ['vekstlinje-auth-token', JSON.stringify(session)])
    // Someone else's reset link, sent to the visitor.
    const other = await signUp(lang)
    await confirmEmailLink(emailLinkIn(await latestMailTo(other)))
    await authApi('recover', await withBotCheckToken({ email: other }))
    const link = (await mailsTo(other)).flatMap((mail) => mail.links).find((l) => l.includes('type=recovery'))!

    await open(page, link)
    await expect(page.locator('p strong', { hasText: other })).toBeVisible()
    await page.getByRole('button', { name: text('Velg et nytt passord', 'Choose a new password'), exact: true }).click()
    await expect(page.locator('p[role="status"]')).toHaveText(text(`Du er logget inn som ${own} på denne enheten. Lenken gjelder ${other}.`, `You are signed in as ${own} on this device. This link is for ${other}.`))
    await expect(page.getByRole('button', { name: text(`Fortsett som ${other}`, `Continue as ${other}`) })).toBeFocused()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await expect(page.locator('div[role="status"] p').first()).toContainText(text(`Du er fortsatt logget inn som ${own}.`, `You are still signed in as ${own}.`))
    await page.getByRole('link', { name: text('Gå til dashbordet', 'Go to your dashboard') }).click()
    await expect(page).toHaveURL(`${prefix}/app`)
    const signedIn = await page.evaluate(() => JSON.parse(localStorage.getItem('vekstlinje-auth-token') ?? 'null')?.user?.email)
    expect(signedIn).toBe(own)
  })

  test(`${lang}: password reset: the scanner's visit spends nothing; the press leads to the new-password form`, async ({ page, browser }) => {
    const email = await signUp(lang)
    await confirmEmailLink(emailLinkIn(await latestMailTo(email)))
    await open(page, `${prefix}/forgot-password`)
    await page.getByLabel(text('E-post', 'E-mail')).fill(email)
    await page.getByRole('button', { name: text('Send lenke', 'Send link') }).click()
    await expect(page.getByRole('status').filter({ hasText: email })).toBeVisible()
    let link = ''
    await expect.poll(async () => (link = (await mailsTo(email)).flatMap((mail) => mail.links).find((l) => l.includes('type=recovery')) ?? '')).not.toBe('')

    // A second e-mail within the minute is refused, in the visitor's language.
    await page.getByRole('button', { name: text('Send på nytt eller bruk en annen adresse', 'Send again or use another address') }).click()
    await page.getByRole('button', { name: text('Send lenke', 'Send link') }).click()
    await expect(
      page.getByText(text('Det er sendt for mange e-poster til denne adressen. Vent ett minutt før du ber om en ny.', 'Too many e-mails sent to this address. Wait a minute before asking again.')),
    ).toBeVisible()
    expect((await mailsTo(email)).filter((mail) => mail.links.some((l) => l.includes('type=recovery')))).toHaveLength(1)

    await scan(browser, link)
    await page.evaluate(() => localStorage.clear())
    await pressEmailLink(page, link)
    await expect(page).toHaveURL(`${prefix}/reset-password`)
    const newPassword = 'nytt-Fjell-2026'
    await page.getByLabel(text('Nytt passord', 'New password')).fill(newPassword)
    await page.getByRole('button', { name: text('Lagre passord', 'Save password') }).click()
    await expect(page).toHaveURL(`${prefix}/app`)
    expect(await canSignIn(email, newPassword)).toBe(true)

    // Pressed again, the spent link says so and offers a new one.
    await page.evaluate(() => localStorage.clear())
    await pressEmailLink(page, link)
    await expect(page.getByRole('alert').filter({ hasText: text('utløpt eller allerede brukt', 'expired or has already been used') })).toBeVisible()
    await expect(page.getByRole('link', { name: text('Be om en ny lenke', 'Ask for a new link') })).toHaveAttribute('href', `${prefix}/forgot-password`)
  })

  test(`${lang}: change of address: scanners spend neither link; both presses make the change`, async ({ page, browser }) => {
    const email = await signUp(lang)
    await confirmEmailLink(emailLinkIn(await latestMailTo(email)))
    const session = await authApi('token?grant_type=password', await withBotCheckToken({ email, password }))
    const next = uniqueEmail(`moved-${lang}`)
    await requestEmailChange(session.access_token, next)
    const toNew = emailLinkIn(await latestMailTo(next))
    const toCurrent = emailLinkIn((await mailsTo(email))[0]!)
    expect(new URL(toCurrent).searchParams.get('type')).toBe('email_change')
    expect(new URL(toNew).pathname).toBe(`${prefix}/auth/confirm`)
    await scan(browser, toNew)
    await scan(browser, toCurrent)
    expect(await canSignIn(email, password)).toBe(true)
    expect(await canSignIn(next, password)).toBe(false)

    await pressEmailLink(page, toNew)
    await expect(page.getByRole('status').filter({ hasText: text('Bekreftet. Endringen blir gjennomført', 'Confirmed. The change is made') })).toBeVisible()
    expect(await canSignIn(next, password)).toBe(false)
    await pressEmailLink(page, toCurrent)
    await expect(page).toHaveURL(`${prefix}/account`)
    await expect(page.getByText(next)).toBeVisible()
    expect(await canSignIn(next, password)).toBe(true)
  })
}

test('a link cut short says so in the page’s language, and offers a new e-mail', async ({ page }) => {
  await open(page, '/en/auth/confirm?type=recovery')
  await expect(page.getByRole('alert').filter({ hasText: 'This link is incomplete.' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/en/forgot-password')
  // Of unknown kind: both ways, each saying which task it is for.
  await open(page, '/auth/confirm?token_hash=abc')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ett steg igjen')
  await expect(page.getByRole('link', { name: 'Skal du bekrefte e-postadressen? Logg inn for å få tilsendt en ny bekreftelseslenke' })).toHaveAttribute('href', '/login')
  await expect(page.getByRole('link', { name: 'Skal du velge nytt passord? Be om en ny lenke' })).toHaveAttribute('href', '/forgot-password')
})

for (const [lang, prefix, titles] of [
  ['nb', '', { signup: 'Bekreft e-postadressen din', recovery: 'Velg et nytt passord', email_change: 'Bekreft endringen av e-postadresse' }],
  ['en', '/en', { signup: 'Confirm your e-mail address', recovery: 'Choose a new password', email_change: 'Confirm the change of e-mail address' }],
] as const) {
  test(`${lang}: the title names the link's task from the first paint, and nothing moves when the app has read the link`, async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 })
    const shifted = await watchLayoutShifts(page)
    for (const type of ['email_change', 'signup', 'recovery'] as const) {
      const url = `${prefix}/auth/confirm?token_hash=pkce_0123abcd&type=${type}&email=kari.nordmann%40example.no`
      const { release } = await holdApp(page, url)
      await page.goto(url, { waitUntil: 'commit' })
      const title = page.getByRole('heading', { level: 1 })
      // Before any of the app runs: the prerendered title's text gives way to the link's.
      await expect(page.locator('html')).toHaveAttribute('data-link-type', type)
      await expect(title.locator('span')).toBeHidden()
      expect(await title.evaluate((h1) => getComputedStyle(h1, '::after').content)).toBe(`"${titles[type]}"`)
      const before = await title.boundingBox()
      await release()
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
      await expect(title).toHaveText(titles[type])
      await expect(title.locator('span')).toBeVisible()
      expect(await title.evaluate((h1) => getComputedStyle(h1, '::after').content)).toBe('none')
      expect(await title.boundingBox()).toEqual(before)
      expect(await shifted(), type).toBe(0)
      await page.unrouteAll()
    }
  })
}
