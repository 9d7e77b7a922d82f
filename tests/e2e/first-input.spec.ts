import { expect, type Page, test } from '@playwright/test'
import { watchConsole } from './console'
import { routeRealtime } from './dashboard'
import { holdApp, liveAt, openAtOnce, slowPhone } from './slow-phone'
import { asServiceRole, confirmEmailLink, emailLinkIn, latestMailTo, pressEmailLink, stackUrl, uniqueEmail, nameCompany } from './stack'
import { canSignIn, confirmedUser, requestReset, withSession } from './stack-users'

// A visitor on a slow phone (Chromium's CPU slowed 4×) acts the moment something shows: types into
// a field, taps a control, sends a form, while the page is still starting. Each keystroke, tap and
// submit takes effect exactly once. Two ways: right away while the page starts, with nothing held
// back (typing); or with every module of the app held back until the visitor is done, so that the
// action surely comes before the app runs (taps, submits).

/** Every address the page requested, to check that no typed value ever ends up in one. */
function requestAddresses(page: Page) {
  const urls: string[] = []
  page.on('request', (request) => urls.push(request.url()))
  return urls
}

const countRequests = (page: Page, pattern: RegExp) => {
  const seen: string[] = []
  page.on('request', (request) => {
    if (pattern.test(request.url())) seen.push(request.url())
  })
  return seen
}

for (const lang of ['nb', 'en'] as const) {
  const prefix = lang === 'en' ? '/en' : ''
  const text = (nb: string, en: string) => (lang === 'en' ? en : nb)

  test.describe(`${lang}: typed at once on a slow phone`, () => {
    test.beforeEach(({ page }) => slowPhone(page))

    test('the demo form keeps every character of every field, and stores them', async ({ page }) => {
      const problems = watchConsole(page)
      const urls = requestAddresses(page)
      const email = uniqueEmail(`early-demo-${lang}`)
      const typed = { name: 'Kari Rask', company: 'Fjord & Fjell AS', linkedin: 'linkedin.com/in/kari-rask', notes: 'Vi vil ha flere møter.' }
      await openAtOnce(page, `${prefix}/demo`)
      const field = (label: string | RegExp) => page.getByLabel(label, { exact: typeof label === 'string' })
      await field(text('Fullt navn', 'Full name')).pressSequentially(typed.name)
      await field(text('E-post', 'E-mail')).pressSequentially(email)
      await field(new RegExp(`^${text('Firmanavn', 'Company name')}`)).pressSequentially(typed.company)
      await field(new RegExp(`^${text('LinkedIn-profil', 'LinkedIn profile')}`)).pressSequentially(typed.linkedin)
      await field(text('Hva trenger du hjelp med?', 'What do you need help with?')).selectOption('content')
      await field(new RegExp(`^${text('Tilleggsinformasjon', 'Additional info')}`)).pressSequentially(typed.notes)
      await liveAt(page.locator('#demo-form'))
      await expect(field(text('Fullt navn', 'Full name'))).toHaveValue(typed.name)
      await expect(field(text('E-post', 'E-mail'))).toHaveValue(email)
      await expect(field(new RegExp(`^${text('Firmanavn', 'Company name')}`))).toHaveValue(typed.company)
      await expect(field(new RegExp(`^${text('Tilleggsinformasjon', 'Additional info')}`))).toHaveValue(typed.notes)
      await page.getByRole('button', { name: 'Book demo' }).click()
      await expect(page.getByRole('status').filter({ hasText: text('Takk!', 'Thanks!') })).toBeVisible({ timeout: 15_000 })
      const rows = (await asServiceRole('GET', `demo_requests?select=*&email=eq.${encodeURIComponent(email)}`)) as Array<Record<string, unknown>>
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({ name: typed.name, company: typed.company, need: 'content', notes: typed.notes })
      expect(urls.filter((url) => url.includes(encodeURIComponent(email)) || url.includes('Kari'))).toEqual([])
      expect(problems).toEqual([])
    })

    test('sign-in takes the address and password typed at once', async ({ page }) => {
      const { email, password } = await confirmedUser(`early-login-${lang}`)
      const urls = requestAddresses(page)
      await openAtOnce(page, `${prefix}/login`)
      await page.getByLabel(text('E-post', 'E-mail'), { exact: true }).pressSequentially(email)
      await page.getByLabel(text('Passord', 'Password'), { exact: true }).pressSequentially(password)
      await page.getByLabel(text('Passord', 'Password'), { exact: true }).press('Enter')
      await expect(page).toHaveURL(`${prefix}/app`, { timeout: 15_000 })
      expect(urls.filter((url) => url.includes(password))).toEqual([])
    })

    test('registration takes the name, address and password typed at once', async ({ page }) => {
      const email = uniqueEmail(`early-register-${lang}`)
      const password = 'tidlig-Fjell-7'
      await openAtOnce(page, `${prefix}/register`)
      await page.getByLabel(text('Fullt navn', 'Full name')).pressSequentially('Ola Tidlig')
      await page.getByLabel(text('E-post', 'E-mail')).pressSequentially(email)
      await page.getByLabel(text('Passord', 'Password')).pressSequentially(password)
      await page.getByRole('button', { name: text('Opprett konto', 'Create account') }).click()
      await expect(page).toHaveURL(`${prefix}/login`, { timeout: 15_000 })
      await confirmEmailLink(emailLinkIn(await latestMailTo(email)))
      expect(await canSignIn(email, password)).toBe(true)
    })

    test('the reset request takes the address typed at once', async ({ page }) => {
      const { email } = await confirmedUser(`early-forgot-${lang}`)
      await openAtOnce(page, `${prefix}/forgot-password`)
      await page.getByLabel(text('E-post', 'E-mail'), { exact: true }).pressSequentially(email)
      await page.getByRole('button', { name: text('Send lenke', 'Send link') }).click()
      await expect(page.getByRole('status').filter({ hasText: email })).toBeVisible({ timeout: 15_000 })
      const mail = await latestMailTo(email)
      expect(mail.links.some((link) => link.includes('type=recovery'))).toBe(true)
    })

    test('the new-password form and the account page take the password typed at once', async ({ page, baseURL }) => {
      test.setTimeout(60_000)
      const { email, password } = await confirmedUser(`early-password-${lang}`)
      // The reset page, opened from the e-mailed link.
      await requestReset(email, `${baseURL}${prefix}/reset-password`)
      const link = (await latestMailTo(email)).links.find((l) => l.includes('type=recovery'))!
      await pressEmailLink(page, link)
      await expect(page).toHaveURL(/\/reset-password$/)
      // Opened afresh (the session the press made is stored), and typed into at once.
      await openAtOnce(page, `${prefix}/reset-password`)
      const fresh = 'nytt-Fjell-9'
      await page.getByLabel(text('Nytt passord', 'New password')).pressSequentially(fresh)
      await page.getByRole('button', { name: text('Lagre passord', 'Save password') }).click()
      await expect(page).toHaveURL(`${prefix}/app`, { timeout: 15_000 })
      expect(await canSignIn(email, fresh)).toBe(true)
      expect(await canSignIn(email, password)).toBe(false)
      // The account page's form, once it shows.
      const later = 'senere-Fjell-3'
      await openAtOnce(page, `${prefix}/account`)
      await page.getByLabel(text('Nytt passord', 'New password')).pressSequentially(later)
      await page.getByRole('button', { name: text('Lagre passord', 'Save password') }).click()
      await expect(page.getByRole('status').filter({ hasText: text('Passordet er endret', 'Password changed') })).toBeVisible({ timeout: 15_000 })
      await expect(page.getByLabel(text('Nytt passord', 'New password'))).toHaveValue('')
      expect(await canSignIn(email, later)).toBe(true)
      // Deleting the account: its confirmation, typed the moment the field shows.
      await page.getByRole('button', { name: text('Slett kontoen min', 'Delete my account') }).click()
      await page.getByLabel(text(`Skriv ${email} for å bekrefte`, `Type ${email} to confirm`)).pressSequentially(email)
      await page.getByRole('button', { name: text('Slett for godt', 'Delete permanently') }).click()
      await expect(page).toHaveURL(lang === 'en' ? '/en' : '/', { timeout: 15_000 })
      expect(await canSignIn(email, later)).toBe(false)
    })
  })

  test.describe(`${lang}: the first tap, before the app has started`, () => {
    test.beforeEach(({ page }) => slowPhone(page))

    test('the mobile menu opens', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 800 })
      const { release } = await holdApp(page, `${prefix}/`)
      await openAtOnce(page, `${prefix}/`)
      const trigger = page.locator('#mobile-menu-trigger')
      await trigger.click()
      await release()
      await liveAt(trigger)
      await expect(trigger).toHaveAttribute('aria-expanded', 'true')
      await expect(page.locator('#mobile-menu').getByRole('link', { name: text('Priser', 'Pricing') })).toBeVisible()
    })

    test('a how-it-works step is chosen', async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 })
      const { release } = await holdApp(page, `${prefix}/`)
      await openAtOnce(page, `${prefix}/`)
      const step = page.locator('#how-it-works [data-part="trigger"]').nth(2)
      await step.scrollIntoViewIfNeeded()
      await step.click()
      await release()
      await liveAt(step)
      await expect(step).toHaveAttribute('data-state', 'active')
    })

    test('the hero card pauses at the first tap on its control, which shows once the visitor is there and the motion setting known', async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 })
      await openAtOnce(page, `${prefix}/`)
      // Until the visitor shows up (here, a pointer over the card), nothing of the app runs.
      const card = page.locator('figure[aria-labelledby="hero-card-title"]')
      await card.hover()
      const control = card.locator('button')
      await control.click()
      await expect(control).toHaveAttribute('aria-label', text('Spill av animasjonen', 'Play animation'))
    })

    test('a question of the help page opens once', async ({ page }) => {
      const { release } = await holdApp(page, `${prefix}/help`)
      await openAtOnce(page, `${prefix}/help`)
      const question = page.locator('[data-scope="faq"] [data-part="trigger"]').nth(1)
      await question.click()
      await release()
      await liveAt(question)
      await expect(question).toHaveAttribute('aria-expanded', 'true')
    })

    for (const [provider, path] of [
      ['Google', 'local-google'],
      ['LinkedIn', 'local-linkedin'],
    ] as const) {
      test(`"Continue with ${provider}" goes to ${provider} once`, async ({ page }) => {
        const authorize = countRequests(page, /\/auth\/v1\/authorize/)
        const { release } = await holdApp(page, `${prefix}/login`)
        await openAtOnce(page, `${prefix}/login`)
        await page.getByRole('button', { name: text(`Fortsett med ${provider}`, `Continue with ${provider}`) }).click()
        await release()
        await expect(page).toHaveURL(new RegExp(`/auth/v1/${path}`), { timeout: 15_000 })
        expect(authorize).toHaveLength(1)
      })
    }

    test('the language switch goes to the other language', async ({ page }) => {
      const { release } = await holdApp(page, `${prefix}/pricing`)
      await openAtOnce(page, `${prefix}/pricing`)
      await page.getByRole('banner').getByRole('link', { name: lang === 'en' ? 'NO' : 'EN', exact: true }).click()
      await release()
      await expect(page).toHaveURL(lang === 'en' ? '/' : '/en')
    })

    test('a form sent before the app runs is answered once, and never sent by the browser', async ({ page }) => {
      const { email } = await confirmedUser(`early-submit-${lang}`)
      const urls = requestAddresses(page)
      const { documents, release } = await holdApp(page, `${prefix}/forgot-password`)
      await openAtOnce(page, `${prefix}/forgot-password`)
      const field = page.getByLabel(text('E-post', 'E-mail'), { exact: true })
      await field.fill(email)
      await field.press('Enter')
      await release()
      await expect(page.getByRole('status').filter({ hasText: email })).toBeVisible({ timeout: 15_000 })
      expect(documents).toHaveLength(1)
      expect(page.url()).toBe(new URL(`${prefix}/forgot-password`, page.url()).href)
      expect(urls.filter((url) => url.includes(encodeURIComponent(email)) || url.includes(email))).toEqual([])
      const mails = (await (await fetch(`${stackUrl}/mailbox.json`)).json()) as Array<{ to: string; links: string[] }>
      expect(mails.filter((mail) => mail.to === email && mail.links.some((link) => link.includes('type=recovery')))).toHaveLength(1)
    })
  })

  test.describe(`${lang}: the first tap on the signed-in pages`, () => {
    test.beforeEach(({ page }) => slowPhone(page))

    test('checkout starts one payment, the dashboard refreshes once, a toast closes', async ({ page }) => {
      const { email, password } = await confirmedUser(`early-checkout-${lang}`)
      await withSession(page, email, password)
      const checkouts = countRequests(page, /\/functions\/v1\/create-checkout/)
      await openAtOnce(page, `${prefix}/checkout-pro`)
      await nameCompany(page, lang)
      await page.getByRole('button', { name: text('Fortsett til betaling', 'Continue to payment') }).click()
      await expect(page.getByRole('button', { name: 'Pay' })).toBeVisible({ timeout: 15_000 })
      expect(checkouts).toHaveLength(1)
      await page.getByRole('button', { name: 'Cancel' }).click()
      await expect(page).toHaveURL(new RegExp(`${prefix}/app`))
      // The canceled-payment toast: its close button, tapped as soon as it shows.
      const close = page.getByRole('button', { name: text('Lukk varselet', 'Close notification') })
      await close.click()
      await expect(close).toHaveCount(0)
      const fetches = countRequests(page, /\/rest\/v1\/subscriptions/)
      const realtime = await routeRealtime(page)
      await openAtOnce(page, `${prefix}/app`)
      // Counted from the new page on: the page left behind may still fetch or join until it goes.
      const [fetchesBefore, joinsBefore] = [fetches.length, realtime.joins()]
      await page.getByRole('button', { name: text('Oppdater abonnement', 'Refresh subscription') }).click()
      await expect(page.getByRole('button', { name: text('Oppdater abonnement', 'Refresh subscription') })).toBeEnabled()
      await expect.poll(realtime.joins, { timeout: 15_000 }).toBeGreaterThan(joinsBefore)
      // One fetch as the dashboard opens, one each time its live channel joins, one for the tap; a
      // join or a tap while a fetch has not gone out yet is answered by that fetch. Never two for one.
      const joins = realtime.joins() - joinsBefore
      await expect.poll(() => fetches.length - fetchesBefore).toBeGreaterThanOrEqual(1)
      expect(fetches.length - fetchesBefore).toBeLessThanOrEqual(2 + joins)
      await page.getByRole('button', { name: text('Logg ut', 'Sign out') }).click()
      await expect(page).toHaveURL(lang === 'en' ? '/en' : '/')
      expect(await page.evaluate(() => localStorage.getItem('vekstlinje-auth-token'))).toBeNull()
    })
  })
}
