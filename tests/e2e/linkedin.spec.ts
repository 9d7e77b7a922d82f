import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { asServiceRole, open, uniqueEmail, nameCompany, payOnLocalCheckout } from './stack'

// "Continue with LinkedIn" against the local stack's LinkedIn page (the stand-in for LinkedIn's
// OpenID Connect sign-in, with the claims GoTrue keeps of it): an account made there is an account
// like any other, from the dashboard to its deletion; a cancel at LinkedIn comes back to sign-in.
for (const lang of ['nb', 'en'] as const) {
  const prefix = lang === 'en' ? '/en' : ''
  const text = (nb: string, en: string) => (lang === 'en' ? en : nb)

  /** At LinkedIn's page: the address and the profile's name, then Continue (or Cancel). */
  const atLinkedIn = async (page: Page, email: string, decision: 'Continue' | 'Cancel' = 'Continue') => {
    await expect(page).toHaveURL(/\/auth\/v1\/local-linkedin\?state=/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in with LinkedIn')
    await page.getByLabel('E-mail address').fill(email)
    await page.getByLabel('Name on the profile').fill('Ingrid Bakke')
    await page.getByRole('button', { name: decision }).click()
  }

  test(`${lang}: register with LinkedIn, the dashboard greets the LinkedIn name; sign out, in again; buy Pro; delete the account`, async ({ page }) => {
    test.setTimeout(90_000)
    const email = uniqueEmail(`linkedin-${lang}`)

    await test.step('register with LinkedIn: the dashboard, with the name LinkedIn gave', async () => {
      await open(page, `${prefix}/register`)
      await page.getByRole('button', { name: text('Registrer deg med LinkedIn', 'Sign up with LinkedIn') }).click()
      await atLinkedIn(page, email)
      await expect(page).toHaveURL(`${prefix}/app`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('Hei, Ingrid Bakke!', 'Hi, Ingrid Bakke!'))
      await expect(page.getByTestId('plan-badge')).toHaveText('Free')
    })

    await test.step('sign out, and sign in again with LinkedIn as the same account', async () => {
      const userId = await page.evaluate(() => JSON.parse(localStorage.getItem(Object.keys(localStorage).find((k) => k.endsWith('-auth-token'))!)!).user.id)
      await page.getByRole('button', { name: text('Logg ut', 'Sign out') }).click()
      await expect(page).toHaveURL(lang === 'en' ? '/en' : '/')
      await open(page, `${prefix}/login`)
      await page.getByRole('button', { name: text('Fortsett med LinkedIn', 'Continue with LinkedIn') }).click()
      await atLinkedIn(page, email)
      await expect(page).toHaveURL(`${prefix}/app`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('Hei, Ingrid Bakke!', 'Hi, Ingrid Bakke!'))
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem(Object.keys(localStorage).find((k) => k.endsWith('-auth-token'))!)!).user.id)).toBe(userId)
    })

    await test.step('buy Pro through the payment page', async () => {
      await page.getByRole('link', { name: text('Oppgrader til Pro', 'Upgrade to Pro') }).click()
      await nameCompany(page, lang)
      await page.getByRole('button', { name: text('Fortsett til betaling', 'Continue to payment') }).click()
      await expect(page).toHaveURL(/\/local-payments\/checkout\/cs_local_/)
      await payOnLocalCheckout(page, `${prefix}/app`)
      await expect(page.getByTestId('plan-badge')).toHaveText('Pro', { timeout: 15_000 })
    })

    await test.step('delete the account: signed out, and a new LinkedIn sign-in is a new account', async () => {
      const userId = await page.evaluate(() => JSON.parse(localStorage.getItem(Object.keys(localStorage).find((k) => k.endsWith('-auth-token'))!)!).user.id)
      await page.getByRole('link', { name: text('Konto', 'Account'), exact: true }).click()
      await expect(page).toHaveURL(`${prefix}/account`)
      // An account without a password: its address and two-step texts name LinkedIn, never a password.
      const address = page.getByRole('region', { name: text('E-postadresse', 'E-mail address'), exact: true })
      await expect(address).toContainText(
        text(
          'Du logger inn med LinkedIn, så e-postadressen din er den samme som på LinkedIn-kontoen og kan ikke endres her.',
          "You sign in with LinkedIn, so your e-mail address is the one on your LinkedIn account and can't be changed here.",
        ),
      )
      const twoStep = page.getByRole('region', { name: text('Totrinnsbekreftelse', 'Two-step verification'), exact: true })
      await expect(twoStep).toContainText(text('hver gang du logger inn med LinkedIn', 'each time you sign in with LinkedIn'))
      await expect(twoStep).toContainText(text('du logger inn med bare LinkedIn.', 'you sign in with LinkedIn alone.'))
      await expect(twoStep).not.toContainText(text('passord', 'password'))
      expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])
      await page.getByRole('button', { name: text('Slett kontoen min', 'Delete my account') }).click()
      await page.getByLabel(text(`Skriv ${email} for å bekrefte`, `Type ${email} to confirm`)).fill(email)
      await page.getByRole('button', { name: text('Slett for godt', 'Delete permanently') }).click()
      await expect(page.getByText(text('Kontoen din er slettet', 'Your account has been deleted'))).toBeVisible()
      await expect(page).toHaveURL(lang === 'en' ? '/en' : '/')
      expect(await asServiceRole('GET', `subscriptions?user_id=eq.${userId}`)).toEqual([])
    })
  })

  test(`${lang}: cancelled at LinkedIn: back on the sign-in page, told so, signed out`, async ({ page }) => {
    await open(page, `${prefix}/login`)
    await page.getByRole('button', { name: text('Fortsett med LinkedIn', 'Continue with LinkedIn') }).click()
    await atLinkedIn(page, uniqueEmail(`linkedin-cancel-${lang}`), 'Cancel')
    await expect(page).toHaveURL(`${prefix}/login?next=${encodeURIComponent(`${prefix}/app`)}`)
    const said = text(
      'Du avbrøt innloggingen hos LinkedIn, så du er ikke logget inn. Prøv igjen, eller logg inn på en annen måte nedenfor.',
      'You canceled the sign-in at LinkedIn, so you are not signed in. Try again, or sign in another way below.',
    )
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(said)
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith('-auth-token')).length)).toBe(0)
    // Tried again, it goes through.
    await page.getByRole('button', { name: text('Fortsett med LinkedIn', 'Continue with LinkedIn') }).click()
    await atLinkedIn(page, uniqueEmail(`linkedin-again-${lang}`))
    await expect(page).toHaveURL(`${prefix}/app`)
  })
}
