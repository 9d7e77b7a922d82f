import { expect, test } from '@playwright/test'
import { builtRoutes } from '../../src/build/built-routes'
import { layoutProblems } from './geometry'
import { signedUpAccount } from './dashboard'
import { asServiceRole, open, confirmAndSignIn, } from './stack'

const allRoutes = builtRoutes()

// Every page as a person sees it, at the widths people use: nothing scrolls sideways, no control
// is cut off or covered, no text is clipped, focus always shows. One browser page per width,
// visiting the routes in turn.
const publicRoutes = allRoutes.filter((route) => route.access === 'public')

for (const width of [320, 390, 768, 1280]) {
  test(`every public page in both languages at ${width} px`, async ({ browser }) => {
    test.setTimeout(240_000)
    const page = await browser.newPage({ viewport: { width, height: 800 } })
    const found: string[] = []
    for (const route of publicRoutes) {
      await open(page, route.url)
      for (const problem of await layoutProblems(page)) found.push(`${route.url}: ${problem}`)
    }
    await page.close()
    expect(found).toEqual([])
  })
}

for (const width of [320, 390]) {
  test(`the open mobile menu at ${width} px, in both languages`, async ({ browser }) => {
    const page = await browser.newPage({ viewport: { width, height: 800 } })
    for (const [url, label] of [['/', 'Åpne menyen'], ['/en', 'Open menu']] as const) {
      await open(page, url)
      const header = page.getByRole('banner')
      const before = await header.boundingBox()
      const logo = await header.getByRole('link').first().boundingBox()
      await page.getByRole('button', { name: label }).click()
      const panel = page.locator('#mobile-menu')
      await expect(panel).toBeVisible()
      // Focus moved into the panel; the header row did not move.
      await expect(panel.getByRole('link').first()).toBeFocused()
      expect(await header.getByRole('link').first().boundingBox()).toEqual(logo)
      const box = (await panel.boundingBox())!
      expect(box.x).toBe(0)
      expect(box.width).toBe(width)
      // Right under the header (its bottom border may overlap by a pixel).
      expect(Math.abs(box.y - (before!.y + before!.height))).toBeLessThanOrEqual(1)
      expect(await layoutProblems(page)).toEqual([])
      // Escape closes it and hands focus back to the button; so does a press outside.
      await page.keyboard.press('Escape')
      await expect(panel).toBeHidden()
      await expect(page.getByRole('button', { name: label })).toBeFocused()
      await page.getByRole('button', { name: label }).click()
      await expect(panel).toBeVisible()
      await page.mouse.click(width / 2, 700)
      await expect(panel).toBeHidden()
    }
    await page.close()
  })

  test(`the signed-in pages at ${width} px: dashboard Free and Pro, checkout, account`, async ({ browser }) => {
    test.setTimeout(90_000)
    const page = await browser.newPage({ viewport: { width, height: 800 } })
    const found: string[] = []
    for (const lang of ['nb', 'en'] as const) {
      const prefix = lang === 'en' ? '/en' : ''
      const account = await signedUpAccount(lang, 'Kari Nordmann-Bjørnstad')
      const { email, password } = account
      await confirmAndSignIn(page, account)
      await expect(page.getByTestId('plan-badge')).toHaveText('Free')
      for (const problem of await layoutProblems(page)) found.push(`${prefix}/app (Free): ${problem}`)
      for (const path of ['/checkout-pro', '/account']) {
        await open(page, `${prefix}${path}`)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        const setUp = page.getByRole('button', { name: lang === 'en' ? 'Set up an authenticator app' : 'Sett opp en autentiseringsapp' })
        if (path === '/account') await expect(setUp).toBeVisible()
        for (const problem of await layoutProblems(page)) found.push(`${prefix}${path}: ${problem}`)
      }
      // The account page's address change: its form open, then the long new address pending.
      await page.getByRole('button', { name: lang === 'en' ? 'Change e-mail address' : 'Endre e-postadresse' }).click()
      for (const problem of await layoutProblems(page)) found.push(`${prefix}/account (address form): ${problem}`)
      await page.getByLabel(lang === 'en' ? 'New e-mail address' : 'Ny e-postadresse').fill(`a-rather-long-new-address-${email}`)
      await page.getByLabel(lang === 'en' ? 'Current password' : 'Nåværende passord').fill(password)
      await page.getByRole('button', { name: lang === 'en' ? 'Send confirmation links' : 'Send bekreftelseslenker' }).click()
      await expect(page.getByTestId('pending-email')).toBeVisible()
      // The toast saying so is an overlay: closed, so that it covers nothing being measured.
      await page.getByRole('button', { name: lang === 'en' ? 'Close notification' : 'Lukk varselet' }).click()
      await expect(page.getByRole('button', { name: lang === 'en' ? 'Close notification' : 'Lukk varselet' })).toHaveCount(0)
      for (const problem of await layoutProblems(page)) found.push(`${prefix}/account (address pending): ${problem}`)
      // Two-factor set-up open: the QR code, the secret in groups and the code field.
      await page.getByRole('button', { name: lang === 'en' ? 'Set up an authenticator app' : 'Sett opp en autentiseringsapp' }).click()
      await expect(page.getByTestId('two-factor-secret')).toBeVisible()
      // Focus went to the code field, scrolling the page under the sticky header: measure from the top.
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
      for (const problem of await layoutProblems(page)) found.push(`${prefix}/account (two-factor set-up): ${problem}`)
      const userId = await page.evaluate(
        () => JSON.parse(localStorage.getItem(Object.keys(localStorage).find((k) => k.endsWith('-auth-token'))!)!).user.id,
      )
      await asServiceRole('POST', 'subscriptions', { user_id: userId, product_name: 'pro', status: 'active', current_period_end: '2026-12-22T00:00:00Z' })
      await open(page, `${prefix}/app`)
      await expect(page.getByTestId('plan-badge')).toHaveText('Pro')
      for (const problem of await layoutProblems(page)) found.push(`${prefix}/app (Pro): ${problem}`)
    }
    await page.close()
    expect(found).toEqual([])
  })
}
