import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { dashboardOf, portalTab, proCustomer } from './dashboard'
import { open, stackUrl } from './stack'

// A subscription over the years, in both languages, on the local stack: the stand-in's portal (in a
// tab of its own, as its tools for tests and demos are used) moves the customer's test clock to the
// renewal with the card it is told to meet. A renewal that is declined keeps Pro and shows the
// banner, mails the customer once in their language with a link that works, and is fixed in one
// press; one that asks for 3-D Secure is confirmed by the customer on the invoice's page; one never
// fixed ends unpaid, Pro locked and the data's export still working. None of them is offered a
// second checkout. The dashboard follows each change live.
for (const lang of ['nb', 'en'] as const) {
  const d = dashboardOf(lang)
  const words = {
    fix: d.text('Ordne betalingen', 'Fix payment'),
    confirm: d.text('Bekreft betalingen', 'Confirm payment'),
    failedMail: d.text('Betalingen til Vekstlinje gikk ikke gjennom', 'Your payment to Vekstlinje did not go through'),
    keptPro: d.text('Du beholder Pro', 'You keep Pro'),
    locked: d.text('Pro er låst', 'Pro is locked'),
    owedAtCheckout: d.text('Den siste betalingen for abonnementet ditt gikk ikke gjennom.', 'The last payment for your subscription did not go through.'),
    download: d.text('Last ned dataene mine', 'Download my data'),
    account: d.text('Konto', 'Account'),
  }

  /** The stand-in portal's tool: the card the next renewal meets, then the test clock to it. */
  async function renewWith(portal: Page, card: string) {
    await portal.reload()
    await portal.getByLabel('Card for renewals').selectOption(card)
    await portal.getByRole('button', { name: 'Use this card for renewals' }).click()
    await portal.getByRole('button', { name: 'Advance the test clock to the renewal' }).click()
    await expect(portal.getByRole('status')).toContainText('The test clock reached the renewal')
  }

  const paymentMails = async (email: string) => {
    const mails = (await (await fetch(`${stackUrl}/mailbox.json?to=${encodeURIComponent(email)}`)).json()) as Array<{ subject: string; links: string[] }>
    return mails.filter((mail) => mail.subject === words.failedMail)
  }

  test(`${lang}: a declined renewal keeps Pro and is fixed in one press; 3-D Secure is confirmed; never fixed, Pro locks and the export stays`, async ({ page }) => {
    test.setTimeout(120_000)
    const { email } = await proCustomer(page, lang, lang === 'nb' ? 'Ingrid Dahl' : 'Erik Berg')
    const portal = await portalTab(page.context(), lang)

    // Declined: the banner, Pro kept, no checkout offered, live.
    await renewWith(portal, 'pm_local_card_declined')
    await expect(d.status(page)).toHaveAttribute('data-state', 'paymentFailed')
    await expect(d.status(page).getByRole('alert')).toContainText(words.keptPro)
    await expect(d.badge(page)).toHaveText('Pro')
    await expect(d.upgrade(page)).toHaveCount(0)
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])
    // One e-mail, in the account's language, whose link opens the invoice's page.
    await expect.poll(async () => (await paymentMails(email)).length).toBe(1)
    const [mail] = await paymentMails(email)
    const link = mail!.links.find((l) => l.includes('/local-payments/invoice/'))!
    await portal.goto(link)
    await expect(portal.getByRole('heading', { name: 'Pay this invoice' })).toBeVisible()
    await portal.goBack()

    // One press: the card's update at the portal, back on the dashboard paid, nothing reloaded by hand.
    const fix = d.status(page).getByRole('button', { name: words.fix })
    await fix.focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/local-payments\/portal\/bps_local_/)
    await page.getByLabel(/Visa ending 4242/).check()
    await page.getByRole('button', { name: 'Save card' }).click()
    await expect(page).toHaveURL(d.app)
    await expect(d.status(page)).toHaveAttribute('data-state', 'renewing')
    await expect(d.manage(page)).toBeVisible()

    // 3-D Secure: the customer confirms the payment on the invoice's page.
    await renewWith(portal, 'pm_local_card_3ds')
    await expect(d.status(page)).toHaveAttribute('data-state', 'actionRequired')
    await expect(d.upgrade(page)).toHaveCount(0)
    await d.status(page).getByRole('button', { name: words.confirm }).click()
    await expect(page).toHaveURL(/\/local-payments\/invoice\/in_local_/)
    await page.getByRole('button', { name: 'Complete authentication' }).click()
    await expect(page.getByRole('status')).toHaveText('Thank you: the invoice is paid.')
    await open(page, d.app)
    await expect(d.status(page)).toHaveAttribute('data-state', 'renewing')

    // Never fixed: every attempt declined, the subscription unpaid: Pro locked, no checkout, the export works.
    await renewWith(portal, 'pm_local_card_declined')
    await expect(d.status(page)).toHaveAttribute('data-state', 'paymentFailed')
    await portal.reload()
    await portal.getByRole('button', { name: 'Advance the test clock past the last attempt' }).click()
    await expect(d.status(page)).toHaveAttribute('data-state', 'unpaid')
    await expect(d.status(page).getByRole('alert')).toContainText(words.locked)
    await expect(d.badge(page)).toHaveText('Free')
    await expect(d.upgrade(page)).toHaveCount(0)
    await open(page, `${d.prefix}/checkout-pro`)
    await expect(page.getByRole('region', { name: d.text('Pro-planen', 'The Pro plan') }).getByRole('status')).toContainText(words.owedAtCheckout)
    await expect(page.getByRole('button', { name: d.text('Fortsett til betaling', 'Continue to payment') })).toHaveCount(0)
    await open(page, `${d.prefix}/account`)
    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: words.download }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^vekstlinje-data-/)
    await portal.close()
  })
}
