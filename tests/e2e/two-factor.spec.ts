import { fileURLToPath } from 'node:url'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { loadKeys } from '../../supabase/local/jwt.ts'
import { asServiceRole, emailLinkIn, latestMailTo, open, pressEmailLink, signIn, stackUrl } from './stack'
import { canSignIn, confirmedUser, moveOnFromLastCode, requestReset, totpOf, twoFactorAccount, withSession } from './stack-users'

// Two-factor sign-in end to end: set up an authenticator app on the account page with a code
// computed here from the secret the page shows; sign out; sign in again, which asks for the code;
// a wrong code is refused, the right one reaches the dashboard; and a session that has not given the
// code reads none of the account's subscription rows through the REST API.

const keys = () => loadKeys(fileURLToPath(new URL('../../.local/e2e/jwt-secret.json', import.meta.url)))
/** The session the site stored: its access token and user. */
const storedSession = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('vekstlinje-auth-token')!) as { access_token: string; user: { id: string; factors?: Array<{ id: string }> } })

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { aal: string }

/** The account's subscription rows as the REST API gives them to this token. */
async function subscriptionsReadWith(token: string) {
  const { anonKey } = await keys()
  const response = await fetch(`${stackUrl}/rest/v1/subscriptions?select=user_id,product_name`, {
    headers: { apikey: anonKey, authorization: `Bearer ${token}` },
  })
  expect(response.status).toBe(200)
  return response.json()
}

for (const lang of ['nb', 'en'] as const) {
  const prefix = lang === 'en' ? '/en' : ''
  const text = (nb: string, en: string) => (lang === 'en' ? en : nb)
  const codeField = (page: Page) => page.getByLabel(text('Sekssifret kode fra appen', 'Six-digit code from the app'))

  test(`${lang}: set up an authenticator app, then sign-in asks for its code; aal1 reads no subscription rows`, async ({ page }) => {
    test.setTimeout(60_000)
    const { email, password } = await confirmedUser(`totp-${lang}`)
    await withSession(page, email, password)
    await open(page, `${prefix}/account`)

    // Turning it on: the QR code shows as an image, and the secret as text to type.
    await page.getByRole('button', { name: text('Slå på totrinnsbekreftelse', 'Turn on two-step verification') }).click()
    const qr = page.getByRole('img', { name: text('QR-kode for å slå på totrinnsbekreftelse', 'QR code for turning on two-step verification') })
    await expect(qr).toBeVisible()
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    const secret = (await page.getByTestId('two-factor-secret').textContent())!.replace(/\s/g, '')
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    await expect(codeField(page)).toBeFocused()
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])

    await codeField(page).fill(totpOf(secret).generate())
    await page.getByRole('button', { name: text('Bekreft og slå på', 'Confirm and turn on') }).click()
    await expect(page.getByText(text('Totrinnsbekreftelse er slått på', 'Two-step verification is on'))).toBeVisible()
    await expect(page.getByText(new RegExp(text('^Slått på .+, med autentiseringsapp\\.$', '^On since .+, with an authenticator app\\.$')))).toBeVisible()
    await moveOnFromLastCode((await storedSession(page)).user.factors![0]!.id)
    await expect(page.getByRole('button', { name: text('Slå av totrinnsbekreftelse', 'Turn off two-step verification') })).toBeVisible()
    // The way back in without the phone is on the page.
    await expect(page.getByRole('region', { name: text('Totrinnsbekreftelse', 'Two-step verification') }).getByRole('link', { name: 'support@vekstlinje.no' })).toBeVisible()
    const { user } = await storedSession(page)
    await asServiceRole('POST', 'subscriptions', { user_id: user.id, product_name: 'pro', status: 'active', current_period_end: '2030-01-31T00:00:00Z' })

    // Sign out, and in again with the password: the code step shows, not the dashboard.
    await page.getByRole('link', { name: text('Tilbake til dashbordet', 'Back to the dashboard') }).click()
    await page.getByRole('button', { name: text('Logg ut', 'Sign out') }).click()
    await expect(page).toHaveURL(lang === 'en' ? '/en' : '/')
    await open(page, `${prefix}/login`)
    await signIn(page, lang, email, password)
    await expect(page).toHaveURL(`${prefix}/app`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('Skriv inn koden fra autentiseringsappen', 'Enter the code from your authenticator app'))
    await expect(page.getByTestId('plan-badge')).toHaveCount(0)
    // Not welcomed as signed in while the code is still due.
    await expect(page.getByText(text('Velkommen tilbake!', 'Welcome back!'))).toHaveCount(0)
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])

    // This session has only the password behind it: the REST API shows none of the account's rows.
    const aal1 = await storedSession(page)
    expect(claimsOf(aal1.access_token).aal).toBe('aal1')
    expect(await subscriptionsReadWith(aal1.access_token)).toEqual([])

    // A wrong code is refused, in the page's language.
    const right = totpOf(secret).generate()
    await codeField(page).fill(right === '000000' ? '111111' : '000000')
    await page.getByRole('button', { name: text('Fortsett', 'Continue'), exact: true }).click()
    await expect(page.getByText(text('Koden er ikke riktig. Skriv inn koden appen viser nå.', 'That code is not right. Enter the code your app shows now.'))).toBeVisible()
    await expect(codeField(page)).toBeFocused()
    await expect(page.getByTestId('plan-badge')).toHaveCount(0)

    // The right one: the dashboard, and the rows are readable with the raised session.
    await codeField(page).fill(totpOf(secret).generate())
    await page.getByRole('button', { name: text('Fortsett', 'Continue'), exact: true }).click()
    await expect(page.getByTestId('plan-badge')).toHaveText('Pro')
    await expect(page).toHaveURL(`${prefix}/app`)
    const aal2 = await storedSession(page)
    expect(claimsOf(aal2.access_token).aal).toBe('aal2')
    expect(await subscriptionsReadWith(aal2.access_token)).toEqual([{ user_id: user.id, product_name: 'pro' }])
    // The token from before the code stays at aal1 and still reads nothing.
    expect(await subscriptionsReadWith(aal1.access_token)).toEqual([])
  })

  test(`${lang}: a two-factor account resets its password with the code step, then changes its e-mail address`, async ({ page }) => {
    test.setTimeout(90_000)
    const { email, password, secret, factorId } = await twoFactorAccount(`reset-2fa-${lang}`, lang)
    await requestReset(email, `http://localhost${prefix}/reset-password`)
    const link = (await latestMailTo(email)).links.find((l) => l.includes('type=recovery'))!
    await pressEmailLink(page, link)
    await expect(page).toHaveURL(`${prefix}/reset-password`)
    // The auth service changes a two-factor account's password only at aal2: the code comes first.
    await expect(page.getByText(text('Kontoen din er beskyttet med totrinnsbekreftelse', 'Your account is protected with two-step verification'))).toBeVisible()
    await expect(codeField(page)).toBeFocused()
    await expect(page.getByLabel(text('Nytt passord', 'New password'))).toHaveCount(0)
    await page.keyboard.type(totpOf(secret).generate())
    await page.keyboard.press('Enter')
    const newPassword = page.getByLabel(text('Nytt passord', 'New password'))
    await expect(newPassword).toBeFocused()
    const chosen = 'etter-Reset-2fa-7'
    await newPassword.fill(chosen)
    await page.getByRole('button', { name: text('Lagre passord', 'Save password') }).click()
    await expect(page).toHaveURL(`${prefix}/app`)
    await expect(page.getByTestId('plan-badge')).toHaveText('Free')
    expect(await canSignIn(email, password)).toBe(false)
    expect(await canSignIn(email, chosen)).toBe(true)
    await moveOnFromLastCode(factorId)

    // The same session (aal2) changes the address: both links, and the account page follows.
    await open(page, `${prefix}/account`)
    const next = email.replace(`reset-2fa-${lang}`, `moved-2fa-${lang}`)
    await page.getByRole('button', { name: text('Endre e-postadresse', 'Change e-mail address') }).click()
    await page.getByLabel(text('Ny e-postadresse', 'New e-mail address')).fill(next)
    await page.getByLabel(text('Nåværende passord', 'Current password')).fill(chosen)
    await page.getByRole('button', { name: text('Send bekreftelseslenker', 'Send confirmation links') }).click()
    await expect(page.getByTestId('pending-email')).toContainText(next)
    await pressEmailLink(page, emailLinkIn(await latestMailTo(next)))
    await expect(page.getByRole('status').filter({ hasText: text('Bekreftet. Endringen blir gjennomført', 'Confirmed. The change is made') })).toBeVisible()
    await pressEmailLink(page, emailLinkIn(await latestMailTo(email)))
    await expect(page).toHaveURL(`${prefix}/account`)
    await expect(page.getByText(text(`Logget inn som ${next}`, `Signed in as ${next}`))).toBeVisible()
    // The session stayed the one that gave the code: no code step on the account page.
    expect(claimsOf((await storedSession(page)).access_token).aal).toBe('aal2')
    expect(await canSignIn(next, chosen)).toBe(true)
  })
}
