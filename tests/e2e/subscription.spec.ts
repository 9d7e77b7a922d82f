import { expect, type Page, test } from '@playwright/test'
import { confirmEmailLink, open, registerAndConfirm, signIn } from './stack'

// A Pro customer manages the subscription: the dashboard opens the payment provider's portal (the
// local stack's stand-in), where the customer cancels at period end, resumes, and (with the
// stand-in's tool) lets the period end; the dashboard follows each change live.
for (const lang of ['nb', 'en'] as const) {
  const prefix = lang === 'en' ? '/en' : ''
  const text = (nb: string, en: string) => (lang === 'en' ? en : nb)

  /** Signs up, pays for Pro on the local payment page, and lands on the dashboard with Pro. */
  async function proCustomer(page: Page, name: string) {
    const { email, password, confirm } = await registerAndConfirm(page, lang, name)
    await confirmEmailLink(confirm)
    await open(page, `${prefix}/login`)
    await signIn(page, lang, email, password)
    await expect(page).toHaveURL(`${prefix}/app`)
    await page.getByRole('link', { name: text('Oppgrader til Pro', 'Upgrade to Pro') }).click()
    await page.getByRole('button', { name: text('Fortsett til betaling', 'Continue to payment') }).click()
    await page.getByRole('button', { name: 'Pay' }).click()
    await expect(page).toHaveURL(`${prefix}/app`)
    await expect(page.getByTestId('plan-badge')).toHaveText('Pro', { timeout: 10_000 })
  }

  const status = (page: Page) => page.getByTestId('subscription-status')
  const manage = (page: Page) => page.getByRole('button', { name: text('Administrer abonnementet', 'Manage subscription') })
  const resume = (page: Page) => page.getByRole('button', { name: text('Gjenoppta abonnementet', 'Resume subscription') })
  // The dashboard writes dates in the page's language ("22. desember 2026" / "December 22, 2026").
  const date = /\d{1,2}\. \p{L}+ \d{4}|\p{L}+ \d{1,2}, \d{4}/u

  test(`${lang}: cancel at the portal → Pro until a date; end the period → Free, live`, async ({ page }) => {
    test.setTimeout(90_000)
    await proCustomer(page, 'Astrid Lunde')
    await expect(status(page)).toHaveText(new RegExp(`^${text('Fornyes', 'Renews')} `))
    await expect(status(page)).toContainText(date)

    await manage(page).click()
    await expect(page).toHaveURL(/\/local-payments\/portal\/bps_local_/)
    await page.getByRole('button', { name: 'Cancel subscription' }).click()
    await page.getByRole('button', { name: 'Confirm cancellation' }).click()
    await expect(page.getByText(/Cancels on/)).toBeVisible()
    await page.getByRole('link', { name: 'Return to site' }).click()
    await expect(page).toHaveURL(`${prefix}/app`)
    await expect(status(page)).toHaveText(new RegExp(`^Pro ${text('til', 'until')} `))
    await expect(page.getByTestId('plan-badge')).toHaveText('Pro')
    await expect(resume(page)).toBeVisible()

    // The period ends on the portal (in another tab, as a customer might): the dashboard turns Free live.
    await resume(page).click()
    await expect(page).toHaveURL(/\/local-payments\/portal\/bps_local_/)
    const portal = page.url()
    await page.goBack()
    await expect(page).toHaveURL(`${prefix}/app`)
    const tab = await page.context().newPage()
    await tab.goto(portal)
    await tab.getByRole('button', { name: 'End the period now' }).click()
    await expect(tab.getByText(/ended|Ended/).first()).toBeVisible()
    await tab.close()
    await expect(page.getByTestId('plan-badge')).toHaveText('Free', { timeout: 10_000 })
    await expect(page.getByRole('link', { name: text('Oppgrader til Pro', 'Upgrade to Pro') })).toBeVisible()
  })

  test(`${lang}: cancel, then resume before the end → Pro renewing again`, async ({ page }) => {
    test.setTimeout(90_000)
    await proCustomer(page, 'Bjørn Haugen')
    await manage(page).click()
    await page.getByRole('button', { name: 'Cancel subscription' }).click()
    await page.getByRole('button', { name: 'Confirm cancellation' }).click()
    await page.getByRole('link', { name: 'Return to site' }).click()
    await expect(status(page)).toHaveText(new RegExp(`^Pro ${text('til', 'until')} `))

    await resume(page).click()
    await page.getByRole('button', { name: 'Resume subscription' }).click()
    await expect(page.getByText(/Renews on/)).toBeVisible()
    await page.getByRole('link', { name: 'Return to site' }).click()
    await expect(page).toHaveURL(`${prefix}/app`)
    await expect(status(page)).toHaveText(new RegExp(`^${text('Fornyes', 'Renews')} `))
    await expect(manage(page)).toBeVisible()
    await expect(page.getByTestId('plan-badge')).toHaveText('Pro')
  })
}
