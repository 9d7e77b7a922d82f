import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { confirmEmailLink, open, registerAndConfirm, signIn, nameCompany } from './stack'

// Buying Pro against the local stack: the checkout page, the stack's local payment page (the
// stand-in for Stripe Checkout), its signed webhook events, and the dashboard's return toasts.
for (const lang of ['nb', 'en'] as const) {
  const prefix = lang === 'en' ? '/en' : ''
  const text = (nb: string, en: string) => (lang === 'en' ? en : nb)

  test(`${lang}: Free → checkout → cancel, then pay → success toast → Pro without a reload`, async ({ page }) => {
    test.setTimeout(60_000)
    const { email, password, confirm } = await registerAndConfirm(page, lang, 'Ingrid Bakke')
    await confirmEmailLink(confirm)
    await open(page, `${prefix}/login`)
    await signIn(page, lang, email, password)
    await expect(page).toHaveURL(`${prefix}/app`)
    const badge = page.getByTestId('plan-badge')
    await expect(badge).toHaveText('Free')

    const toCheckout = async () => {
      await page.getByRole('link', { name: text('Oppgrader til Pro', 'Upgrade to Pro') }).click()
      await expect(page).toHaveURL(`${prefix}/checkout-pro`)
      await expect(page.getByTestId('price')).toHaveText(text('2 499 kr', '2 499 NOK'))
      await nameCompany(page, lang)
      await page.getByRole('button', { name: text('Fortsett til betaling', 'Continue to payment') }).click()
      await expect(page).toHaveURL(/\/local-payments\/checkout\/cs_local_/)
      await expect(page.getByText("Local stand-in for the payment provider's checkout")).toBeVisible()
      await expect(page.getByRole('heading', { name: 'Vekstlinje Pro' })).toBeVisible()
      await expect(page.getByText('2 499 NOK / month')).toBeVisible()
    }

    await test.step('cancel: the destructive toast, still Free', async () => {
      await toCheckout()
      await page.getByRole('button', { name: 'Cancel' }).click()
      await expect(page.getByRole('alert').filter({ hasText: text('Betaling kansellert', 'Payment canceled') })).toBeVisible()
      await expect(page).toHaveURL(`${prefix}/app`)
      await expect(badge).toHaveText('Free')
    })

    await test.step('pay: the success toast, the URL cleaned, the Pro badge', async () => {
      await toCheckout()
      const started = Date.now()
      await page.getByRole('button', { name: 'Pay' }).click()
      await page.waitForURL(`**${prefix}/app?success=true`, { waitUntil: 'commit' })
      const returned = Date.now() - started
      await expect(page.getByText(text('Betaling fullført! 🎉', 'Payment complete! 🎉'))).toBeVisible()
      await expect(page).toHaveURL(`${prefix}/app`)
      await expect(badge).toHaveText('Pro', { timeout: 10_000 })
      console.log(`[pay→pro] ${lang}: ${Date.now() - started} ms from clicking Pay to the Pro badge (back on the dashboard after ${returned} ms)`)
      await expect(page.getByText(text('Ubegrensede meldinger', 'Unlimited messages'))).toBeVisible()
    })

    await test.step('the checkout page now says there is nothing more to pay', async () => {
      await open(page, `${prefix}/checkout-pro`)
      await expect(page.getByText(text('Du har allerede Pro', 'You already have Pro'))).toBeVisible()
    })
  })

  test(`${lang}: the checkout page passes axe`, async ({ page }) => {
    const { email, password, confirm } = await registerAndConfirm(page, lang, 'Ola Axe')
    await confirmEmailLink(confirm)
    await open(page, `${prefix}/login`)
    await signIn(page, lang, email, password)
    await expect(page).toHaveURL(`${prefix}/app`)
    await open(page, `${prefix}/checkout-pro`)
    await expect(page.getByTestId('price')).toHaveText(text('2 499 kr', '2 499 NOK'))
    await expect(page.getByRole('button', { name: text('Fortsett til betaling', 'Continue to payment') })).toBeEnabled()
    const axe = await new AxeBuilder({ page }).analyze()
    expect(axe.violations).toEqual([])
  })
}

test('nb: the debug card’s webhook health check shows status 200', async ({ page }) => {
  const { email, password, confirm } = await registerAndConfirm(page, 'nb', 'Kari Debug')
  await confirmEmailLink(confirm)
  await open(page, '/login')
  await signIn(page, 'nb', email, password)
  await expect(page).toHaveURL('/app')
  await page.getByRole('button', { name: 'Vis feilsøkingsinfo' }).click()
  await page.getByRole('button', { name: 'Sjekk webhooken' }).click()
  const answer = page.getByTestId('webhook-answer')
  await expect(answer).toContainText('Status 200')
  await expect(answer).toContainText('"ok":true')
})
