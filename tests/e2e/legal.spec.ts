import { expect, test } from '@playwright/test'
import { confirmEmailLink, open, registerAndConfirm, signIn, uniqueEmail } from './stack'

// What the legal pages promise, seen where it happens: the terms and the privacy policy are linked
// where the data is collected, and the browser keeps the session without Google's token.
for (const lang of ['nb', 'en'] as const) {
  const prefix = lang === 'en' ? '/en' : ''
  const text = (nb: string, en: string) => (lang === 'en' ? en : nb)
  const terms = text('vilkårene våre', 'terms of service')
  const privacy = text('Personvernerklæringen', 'privacy policy')

  test(`${lang}: registration, sign-in with Google and checkout link the terms and the privacy policy, and checkout says the price is excluding VAT`, async ({ page }) => {
    await open(page, `${prefix}/register`)
    const note = page.getByTestId('consent-note')
    await expect(note).toContainText(text('Ved å opprette en konto godtar du', 'By creating an account you accept'))
    await expect(note.getByRole('link', { name: terms })).toHaveAttribute('href', `${prefix}/terms`)
    await expect(note.getByRole('link', { name: privacy })).toHaveAttribute('href', `${prefix}/privacy`)

    const { email, password, confirm } = await registerAndConfirm(page, lang, 'Eva Strand')
    await confirmEmailLink(confirm)
    await open(page, `${prefix}/login`)
    // Google or LinkedIn sign-in makes an account for an address that has none: the note says so.
    const googleNote = page.getByTestId('consent-note')
    await expect(googleNote).toContainText(text('Fortsetter du med Google eller LinkedIn, opprettes en konto', 'Continuing with Google or LinkedIn creates an account'))
    await expect(googleNote.getByRole('link', { name: terms })).toHaveAttribute('href', `${prefix}/terms`)
    await expect(googleNote.getByRole('link', { name: privacy })).toHaveAttribute('href', `${prefix}/privacy`)
    await signIn(page, lang, email, password)
    await expect(page).toHaveURL(`${prefix}/app`)
    await open(page, `${prefix}/checkout-pro`)
    const checkoutNote = page.getByTestId('consent-note')
    await expect(checkoutNote).toContainText(text('Eksklusive merverdiavgift', 'Excluding VAT'))
    await expect(checkoutNote.getByRole('link', { name: terms })).toHaveAttribute('href', `${prefix}/terms`)
    await checkoutNote.getByRole('link', { name: privacy }).click()
    await expect(page).toHaveURL(`${prefix}/privacy`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('Personvernerklæring', 'Privacy policy'))
  })

  test(`${lang}: after Google sign-in the stored session holds no Google token`, async ({ page }) => {
    await open(page, `${prefix}/login`)
    await page.getByRole('button', { name: text('Fortsett med Google', 'Continue with Google') }).click()
    await page.getByLabel(/e-mail/i).fill(uniqueEmail('google-token'))
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page).toHaveURL(`${prefix}/app`)
    await expect(page.getByTestId('plan-badge')).toHaveText('Free')
    const stored = await page.evaluate(() => Object.entries(localStorage))
    expect(stored.map(([key]) => key)).toEqual(['vekstlinje-auth-token'])
    const session = JSON.parse(stored[0]![1]) as Record<string, unknown>
    expect(session.access_token).toBeTruthy()
    expect(session).not.toHaveProperty('provider_token')
    expect(session).not.toHaveProperty('provider_refresh_token')
  })
}
