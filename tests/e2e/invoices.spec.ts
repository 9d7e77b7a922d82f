import { expect, test } from '@playwright/test'
import { confirmEmailLink, open, payOnLocalCheckout, registerAndConfirm, signIn } from './stack'

// Buying as a business on the local stack: the organisation number looked up in the register's
// stand-in as it is typed, an unknown one refused with nothing charged, and after paying, the
// invoice on the dashboard and its document with what a Norwegian invoice must show.
for (const lang of ['nb', 'en'] as const) {
  const prefix = lang === 'en' ? '/en' : ''
  const text = (nb: string, en: string) => (lang === 'en' ? en : nb)

  test(`${lang}: the company fills in from its number; an unknown number is refused; paid, the invoice shows 25 % MVA, MVA and Foretaksregisteret`, async ({ page, context }) => {
    test.setTimeout(90_000)
    const { email, password, confirm } = await registerAndConfirm(page, lang, 'Siri Fjord')
    await confirmEmailLink(confirm)
    await open(page, `${prefix}/login`)
    await signIn(page, lang, email, password)
    await expect(page).toHaveURL(`${prefix}/app`)
    // The offer and the checkout show the price without and with MVA.
    await expect(page.getByTestId('offer-price')).toHaveText(text('2 499 kr eks. mva (3 123,75 kr inkl. mva) per måned', '2 499 NOK excl. VAT (3 123.75 NOK incl. VAT) per month'))
    await page.getByRole('link', { name: text('Oppgrader til Pro', 'Upgrade to Pro') }).click()
    await expect(page).toHaveURL(`${prefix}/checkout-pro`)
    await expect(page.getByTestId('price-with-vat')).toHaveText(text('3 123,75 kr inkl. 25 % mva', '3 123.75 NOK incl. 25 % VAT'))
    const pay = page.getByRole('button', { name: text('Fortsett til betaling', 'Continue to payment') })
    await expect(pay).toBeEnabled()
    const orgNumber = page.getByLabel(text('Organisasjonsnummer', 'Organization number'))

    await test.step('an unknown organisation number: told as it is typed, refused on continuing, nothing charged', async () => {
      await orgNumber.pressSequentially('913579135')
      await expect(page.getByText(text('Ingen virksomhet har dette organisasjonsnummeret i Brønnøysundregistrene.', 'No company has this organization number in Brønnøysundregistrene.'), { exact: true })).toBeVisible()
      await pay.click()
      await expect(
        page.getByText(text('Ingen virksomhet har dette organisasjonsnummeret i Brønnøysundregistrene. Sjekk nummeret: ingenting er trukket.', 'No company has this organization number in Brønnøysundregistrene. Check it: nothing was charged.')),
      ).toBeVisible()
      await expect(page).toHaveURL(`${prefix}/checkout-pro`)
    })

    await test.step('a known one: the name and the business address fill in from the register', async () => {
      await orgNumber.fill('')
      await orgNumber.pressSequentially('923 456 783')
      await expect(page.getByTestId('company')).toContainText('FJORDLYS RÅDGIVNING AS')
      await expect(page.getByTestId('company')).toContainText('Storgata 12')
      await expect(page.getByTestId('company')).toContainText('0155 OSLO')
    })

    await test.step('pay on the payment page, which bills the company with MVA', async () => {
      await pay.click()
      await expect(page).toHaveURL(/\/local-payments\/checkout\/cs_local_/)
      await expect(page.getByText('FJORDLYS RÅDGIVNING AS, Storgata 12, 0155 OSLO, NO (923456783MVA)')).toBeVisible()
      await expect(page.getByText('3 123.75 NOK')).toBeVisible()
      await payOnLocalCheckout(page, `${prefix}/app`)
      await expect(page.getByTestId('plan-badge')).toHaveText('Pro', { timeout: 10_000 })
    })

    await test.step('the invoice on the dashboard, and its document', async () => {
      const row = page.getByTestId('invoice')
      await expect(row).toHaveCount(1, { timeout: 10_000 })
      await expect(row).toContainText(/VL-\d{4}/)
      await expect(row).toContainText(text('3 123,75 kr', '3 123.75 NOK'))
      await expect(row).toContainText(text('herav 25 % mva 624,75 kr', 'of which 25 % VAT 624.75 NOK'))
      await expect(row).toContainText(text('Betalt', 'Paid'))
      const [doc] = await Promise.all([context.waitForEvent('page'), row.getByRole('link').click()])
      await doc.waitForLoadState()
      const body = doc.locator('main')
      for (const required of [
        text('Fakturanummer', 'Invoice number'),
        text('Fakturadato', 'Date of issue'),
        text('Forfallsdato', 'Date due'),
        text('Leveringsperiode', 'Service period'),
        'Vekstlinje AS',
        'Org.nr. 931 482 610 MVA',
        'Foretaksregisteret',
        'FJORDLYS RÅDGIVNING AS',
        'Storgata 12',
        text('Merverdiavgift 25 %', 'VAT (MVA) 25 %'),
        text('624,75', '624.75'),
        text('3 123,75', '3,123.75'),
        text('norske kroner (NOK)', 'Norwegian kroner (NOK)'),
      ]) {
        await expect(body).toContainText(required)
      }
      await doc.close()
    })
  })
}
