import { expect, type Page, test } from '@playwright/test'
import { builtRoutes } from '../../src/build/built-routes'
import { layoutProblems } from './geometry'
import { signedUpAccount } from './dashboard'
import { asServiceRole, open, confirmAndSignIn, } from './stack'

const allRoutes = builtRoutes()

/** A name of the most the site keeps (100 characters, the name cleaning's limit), as a person with a
 * double first name, middle names and double surnames types it. */
const LONG_NAME = 'Kari-Marie Ingeborg Sofie Elisabeth Nordmann-Bjørnstad Haugen-Søndergaard Kristiansen-Lie Fjellhauge'

/** A unique address of 60 characters, as long as real ones get
 * (kari.nordmann-hansen@vekstbedriften-as.no is 41). */
function longAddress(tag: string) {
  const domain = '@vekstbedriften-as.no'
  const local = `kari.nordmann-hansen.${tag}.${Date.now().toString(36)}`
  const address = `${local}${'x'.repeat(60 - local.length - domain.length)}${domain}`
  expect(address).toHaveLength(60)
  return address
}

/** Closes every toast showing (an overlay fixed to the bottom of the screen). */
async function closeToasts(page: Page, lang: 'nb' | 'en') {
  const close = page.getByRole('button', { name: lang === 'en' ? 'Close notification' : 'Lukk varselet' })
  // One may be leaving on its own meanwhile: what counts is that none is left.
  for (const button of await close.all()) await button.click({ timeout: 5_000 }).catch(() => undefined)
  await expect(close).toHaveCount(0)
}

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

  test(`the signed-in pages at ${width} px, with an address and a name of the longest real length: dashboard Free and Pro, checkout, account`, async ({ browser }) => {
    test.setTimeout(120_000)
    const page = await browser.newPage({ viewport: { width, height: 800 } })
    const found: string[] = []
    for (const lang of ['nb', 'en'] as const) {
      const prefix = lang === 'en' ? '/en' : ''
      expect(LONG_NAME).toHaveLength(100)
      const email = longAddress(`${lang}${width}`)
      const account = await signedUpAccount(lang, LONG_NAME, email)
      const { password } = account
      await confirmAndSignIn(page, account)
      await expect(page.getByTestId('plan-badge')).toHaveText('Free')
      // The dashboard greets by the whole name. The toast from the confirmation is an overlay at the
      // bottom, over whatever the long greeting pushed down there: closed before measuring.
      await expect(page.getByText(LONG_NAME, { exact: false })).toBeVisible()
      await closeToasts(page, lang)
      for (const problem of await layoutProblems(page)) found.push(`${prefix}/app (Free): ${problem}`)
      for (const path of ['/checkout-pro', '/account']) {
        await open(page, `${prefix}${path}`)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        const turnOn = page.getByRole('button', { name: lang === 'en' ? 'Turn on two-step verification' : 'Slå på totrinnsbekreftelse' })
        if (path === '/account') {
          await expect(turnOn).toBeVisible()
          await expect(page.getByText(email)).toBeVisible()
        }
        for (const problem of await layoutProblems(page)) found.push(`${prefix}${path}: ${problem}`)
      }
      // The account page's address change: its form open, then an even longer new address pending.
      await page.getByRole('button', { name: lang === 'en' ? 'Change e-mail address' : 'Endre e-postadresse' }).click()
      for (const problem of await layoutProblems(page)) found.push(`${prefix}/account (address form): ${problem}`)
      await page.getByLabel(lang === 'en' ? 'New e-mail address' : 'Ny e-postadresse').fill(`ny.${email}`)
      await page.getByLabel(lang === 'en' ? 'Current password' : 'Nåværende passord').fill(password)
      await page.getByRole('button', { name: lang === 'en' ? 'Send confirmation links' : 'Send bekreftelseslenker' }).click()
      await expect(page.getByTestId('pending-email')).toBeVisible()
      // The toast saying so is an overlay: closed, so that it covers nothing being measured; measured
      // from the top, not with the page scrolled under the sticky header.
      await closeToasts(page, lang)
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
      for (const problem of await layoutProblems(page)) found.push(`${prefix}/account (address pending): ${problem}`)
      // Two-step verification being turned on: the QR code, the secret in groups and the code field.
      await page.getByRole('button', { name: lang === 'en' ? 'Turn on two-step verification' : 'Slå på totrinnsbekreftelse' }).click()
      await expect(page.getByTestId('two-factor-secret')).toBeVisible()
      // Focus went to the code field, scrolling the page under the sticky header: measure from the top.
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
      for (const problem of await layoutProblems(page)) found.push(`${prefix}/account (two-step verification): ${problem}`)
      // Deleting the account asks for the address typed out: its label holds the whole address.
      await page.getByRole('button', { name: lang === 'en' ? 'Delete my account' : 'Slett kontoen min' }).click()
      await expect(page.getByLabel(lang === 'en' ? `Type ${email} to confirm` : `Skriv ${email} for å bekrefte`)).toBeVisible()
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
      for (const problem of await layoutProblems(page)) found.push(`${prefix}/account (delete account): ${problem}`)
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
