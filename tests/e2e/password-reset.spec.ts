import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { confirmEmailLink, open, showUp, confirmAndSignIn, pressEmailLink, registerAndConfirm, signIn, stackUrl, uniqueEmail } from './stack'
import { holdAllButPageScript } from './page-script-only'
import { watchLayoutShifts } from './visitor'

interface Mail {
  to: string
  links: string[]
}

/** The newest password-reset link the stack e-mailed to an address. */
async function resetLinkFor(address: string): Promise<string> {
  let link: string | undefined
  await expect
    .poll(async () => {
      const mails = (await (await fetch(`${stackUrl}/mailbox.json`)).json()) as Mail[]
      link = mails.find((mail) => mail.to === address)?.links.find((l) => l.includes('type=recovery'))
      return Boolean(link)
    })
    .toBe(true)
  return link!
}

const mailsTo = async (address: string) =>
  ((await (await fetch(`${stackUrl}/mailbox.json`)).json()) as Mail[]).filter((mail) => mail.to === address).length

for (const lang of ['nb', 'en'] as const) {
  const prefix = lang === 'en' ? '/en' : ''
  const text = (nb: string, en: string) => (lang === 'en' ? en : nb)

  async function askForLink(page: Page, email: string) {
    await open(page, `${prefix}/login`)
    await page.getByRole('link', { name: text('Glemt passord?', 'Forgot password?') }).click()
    await expect(page).toHaveURL(`${prefix}/forgot-password`)
    await page.getByLabel(text('E-post', 'E-mail')).fill(email)
    await page.getByRole('button', { name: text('Send lenke', 'Send link') }).click()
    const answer = page.getByRole('status').filter({ hasText: email })
    await expect(answer).toBeVisible()
    return answer.textContent()
  }

  test(`${lang}: forgot password, e-mail, new password, signed in; the old password no longer works`, async ({ page }) => {
    const { email, password, confirm } = await registerAndConfirm(page, lang, 'Siri Dahl')
    await confirmEmailLink(confirm)
    await askForLink(page, email)

    await pressEmailLink(page, await resetLinkFor(email))
    await expect(page).toHaveURL(`${prefix}/reset-password`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('Velg et nytt passord', 'Choose a new password'))
    const axe = await new AxeBuilder({ page }).analyze()
    expect(axe.violations).toEqual([])

    // Registration's rule holds here too.
    const field = page.getByLabel(text('Nytt passord', 'New password'))
    await field.fill('kort')
    await page.getByRole('button', { name: text('Lagre passord', 'Save password') }).click()
    await expect(page.getByText(text('Passordet må ha minst seks tegn.', 'The password needs at least six characters.'))).toBeVisible()
    await expect(field).toBeFocused()

    const newPassword = 'nytt-Fjell-2026'
    await field.fill(newPassword)
    await page.getByRole('button', { name: text('Lagre passord', 'Save password') }).click()
    await expect(page.getByText(text('Passordet er endret', 'Password changed'))).toBeVisible()
    await expect(page).toHaveURL(`${prefix}/app`)
    await expect(page.getByTestId('plan-badge')).toHaveText('Free')

    await page.getByRole('button', { name: text('Logg ut', 'Sign out') }).click()
    await expect(page).toHaveURL(lang === 'en' ? '/en' : '/')
    await open(page, `${prefix}/login`)
    await signIn(page, lang, email, password)
    await expect(page.getByRole('alert').filter({ hasText: text('Feil ved innlogging', 'Login error') })).toBeVisible()
    await signIn(page, lang, email, newPassword)
    await expect(page).toHaveURL(`${prefix}/app`)
  })

  test(`${lang}: opened without a link, the page sends the visitor to ask for one, before any of the app loads`, async ({ page }) => {
    const { documents, release } = await holdAllButPageScript(page, `${prefix}/reset-password`)
    await page.goto(`${prefix}/reset-password`, { waitUntil: 'commit' })
    await expect(page).toHaveURL(`${prefix}/forgot-password`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('Glemt passordet?', 'Forgot your password?'))
    expect(documents).toHaveLength(1)
    // Like the page it stands for, it starts when the visitor shows up.
    await release()
    await showUp(page)
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  })

  test(`${lang}: a link that cannot be used says so, and nothing on screen moves`, async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 })
    const shifted = await watchLayoutShifts(page)
    // What the auth server's verify step sends back for a used or expired link.
    await page.goto(`${prefix}/reset-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired`)
    await expect(page.getByRole('alert').filter({ hasText: text('utløpt eller allerede brukt', 'expired or has already been used') })).toBeVisible()
    expect(await shifted()).toBe(0)
  })

  test(`${lang}: the answer never tells whether an account exists; a used link offers a new one`, async ({ page }) => {
    const { email, confirm } = await registerAndConfirm(page, lang, 'Ola Berg')
    await confirmEmailLink(confirm)
    const nobody = uniqueEmail('nobody')
    const known = await askForLink(page, email)
    const unknown = await askForLink(page, nobody)
    expect(unknown?.replace(nobody, '')).toBe(known?.replace(email, ''))
    expect(await mailsTo(nobody)).toBe(0)

    const link = await resetLinkFor(email)
    await confirmEmailLink(link)
    await pressEmailLink(page, link)
    await expect(page.getByRole('alert').filter({ hasText: text('utløpt eller allerede brukt', 'expired or has already been used') })).toBeVisible()
    await page.getByRole('link', { name: text('Be om en ny lenke', 'Ask for a new link') }).click()
    await expect(page).toHaveURL(`${prefix}/forgot-password`)
  })
}

for (const lang of ['nb', 'en'] as const) {
  const prefix = lang === 'en' ? '/en' : ''
  const text = (nb: string, en: string) => (lang === 'en' ? en : nb)

  test(`${lang}: change the password on the account page; the old one no longer works`, async ({ page }) => {
    const { email, password, confirm } = await registerAndConfirm(page, lang, 'Eva Lie')
    await confirmAndSignIn(page, { email, password, confirm })
    await page.getByRole('link', { name: text('Konto', 'Account'), exact: true }).click()
    await expect(page).toHaveURL(`${prefix}/account`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('Kontoen din', 'Your account'))
    await expect(page.getByText(email)).toBeVisible()
    const axe = await new AxeBuilder({ page }).analyze()
    expect(axe.violations).toEqual([])

    const newPassword = 'nytt-Hav-2026'
    const field = page.getByLabel(text('Nytt passord', 'New password'))
    await field.fill(newPassword)
    await page.getByRole('button', { name: text('Lagre passord', 'Save password') }).click()
    await expect(page.getByText(text('Passordet er endret', 'Password changed'))).toBeVisible()
    await expect(field).toHaveValue('')
    // This session stays.
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('Kontoen din', 'Your account'))

    await page.getByRole('link', { name: text('Tilbake til dashbordet', 'Back to the dashboard') }).click()
    await page.getByRole('button', { name: text('Logg ut', 'Sign out') }).click()
    await expect(page).toHaveURL(lang === 'en' ? '/en' : '/')
    await open(page, `${prefix}/login`)
    await signIn(page, lang, email, password)
    await expect(page.getByRole('alert').filter({ hasText: text('Feil ved innlogging', 'Login error') })).toBeVisible()
    await signIn(page, lang, email, newPassword)
    await expect(page).toHaveURL(`${prefix}/app`)
  })
}
