import { readFile } from 'node:fs/promises'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { asServiceRole, open, confirmAndSignIn, registerAndConfirm, signIn, nameCompany, payOnLocalCheckout } from './stack'

// The account page's own data: download it, delete it. Rows are checked with the service role.
for (const lang of ['nb', 'en'] as const) {
  const prefix = lang === 'en' ? '/en' : ''
  const text = (nb: string, en: string) => (lang === 'en' ? en : nb)

  async function signedInOnAccount(page: Page, name: string) {
    const account = await registerAndConfirm(page, lang, name)
    await confirmAndSignIn(page, account)
    const userId: string = await page.evaluate(
      () => JSON.parse(localStorage.getItem(Object.keys(localStorage).find((k) => k.endsWith('-auth-token'))!)!).user.id,
    )
    return { ...account, userId }
  }

  const demoRequest = (email: string, name: string) => asServiceRole('POST', 'demo_requests', { name, email, need: 'content' })

  test(`${lang}: download my data: the file holds the user's rows and no one else's`, async ({ page, browser }) => {
    const otherPage = await browser.newPage()
    const other = await signedInOnAccount(otherPage, 'Other Person')
    await otherPage.close()
    const me = await signedInOnAccount(page, 'Nora Vik')
    await demoRequest(me.email, 'Nora')
    await demoRequest(other.email, 'Other')
    await asServiceRole('POST', 'subscriptions', { user_id: me.userId, product_name: 'pro', status: 'active', current_period_end: '2026-12-22T00:00:00Z' })
    await asServiceRole('POST', 'subscriptions', { user_id: other.userId, product_name: 'pro', status: 'active', current_period_end: '2026-12-23T00:00:00Z' })

    await page.getByRole('link', { name: text('Konto', 'Account'), exact: true }).click()
    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: text('Last ned dataene mine', 'Download my data') }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^vekstlinje-data-\d{4}-\d{2}-\d{2}\.json$/)
    const data = JSON.parse(await readFile((await download.path())!, 'utf8'))
    expect(data.profile).toMatchObject({ id: me.userId, email: me.email, user_metadata: { full_name: 'Nora Vik' } })
    expect(data.subscriptions).toEqual([expect.objectContaining({ user_id: me.userId, current_period_end: expect.stringContaining('2026-12-22') })])
    expect(data.demo_requests.map((row: { name: string }) => row.name)).toEqual(['Nora'])
    const everything = JSON.stringify(data)
    expect(everything).not.toContain(other.userId)
    expect(everything).not.toContain(other.email)
  })

  for (const plan of ['Free', 'Pro'] as const) {
    test(`${lang}: delete my account (${plan}): signed out, cannot sign in, rows gone`, async ({ page }) => {
      test.setTimeout(60_000)
      const me = await signedInOnAccount(page, 'Jonas Strand')
      await demoRequest(me.email, 'Jonas')
      if (plan === 'Pro') {
        await page.getByRole('link', { name: text('Oppgrader til Pro', 'Upgrade to Pro') }).click()
        await nameCompany(page, lang)
        await page.getByRole('button', { name: text('Fortsett til betaling', 'Continue to payment') }).click()
        await payOnLocalCheckout(page, `${prefix}/app`)
        await expect(page.getByTestId('plan-badge')).toHaveText('Pro', { timeout: 10_000 })
      }
      await page.getByRole('link', { name: text('Konto', 'Account'), exact: true }).click()
      await expect(page).toHaveURL(`${prefix}/account`)

      const trigger = page.getByRole('button', { name: text('Slett kontoen min', 'Delete my account') })
      await trigger.click()
      const confirmField = page.getByLabel(text(`Skriv ${me.email} for å bekrefte`, `Type ${me.email} to confirm`))
      await expect(confirmField).toBeFocused()
      // Cancel puts focus back on the button; nothing is deleted.
      await page.getByRole('button', { name: text('Avbryt', 'Cancel') }).click()
      await expect(trigger).toBeFocused()
      await trigger.click()
      await confirmField.fill('someone-else@example.no')
      await page.getByRole('button', { name: text('Slett for godt', 'Delete permanently') }).click()
      await expect(page.getByText(text('Det er ikke adressen til denne kontoen.', 'That is not the address of this account.'))).toBeVisible()
      const axe = await new AxeBuilder({ page }).analyze()
      expect(axe.violations).toEqual([])

      const cancellations = async () => ((await asServiceRole('GET', 'payment_events?type=eq.customer.subscription.deleted&select=id')) as unknown[]).length
      const before = await cancellations()
      await confirmField.fill(me.email)
      await page.getByRole('button', { name: text('Slett for godt', 'Delete permanently') }).click()
      await expect(page.getByText(text('Kontoen din er slettet', 'Your account has been deleted'))).toBeVisible()
      await expect(page).toHaveURL(lang === 'en' ? '/en' : '/')
      await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith('-auth-token')).length)).toBe(0)

      expect(await asServiceRole('GET', `subscriptions?user_id=eq.${me.userId}`)).toEqual([])
      expect(await asServiceRole('GET', `demo_requests?email=eq.${encodeURIComponent(me.email)}`)).toEqual([])
      if (plan === 'Pro') {
        // The provider was told before the account went: its cancellation reached the webhook.
        expect(await cancellations()).toBeGreaterThan(before)
      }

      await open(page, `${prefix}/login`)
      await signIn(page, lang, me.email, me.password)
      await expect(page.getByRole('alert').filter({ hasText: text('Feil ved innlogging', 'Login error') })).toBeVisible()
      await expect(page).toHaveURL(`${prefix}/login`)
    })
  }
}
