import { expect, test } from '@playwright/test'
import { builtRoutes } from '../../src/build/built-routes'
import { watchConsole } from './console'
import { open, showUp } from './stack'

const allRoutes = builtRoutes()

const publicRoutes = allRoutes.filter((route) => route.access === 'public')

test.describe('every public route renders in its language', () => {
  for (const route of publicRoutes) {
    test(`${route.url}`, async ({ page }) => {
      const problems = watchConsole(page)
      const response = await page.goto(route.url)
      expect(response?.status()).toBe(200)
      await expect(page.locator('html')).toHaveAttribute('lang', route.lang)
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      // The visitor shows up: the app starts and hydrates the page without a complaint.
      await showUp(page)
      await page.locator('html[data-hydrated]').waitFor()
      await page.waitForLoadState('networkidle')
      expect(problems).toEqual([])
    })
  }
})

test('the prerendered HTML holds the heading before any script runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/en/pricing')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Pricing' })).toBeVisible()
  await context.close()
})

for (const [lang, path, heading, home] of [
  ['nb', '/finnes-ikke', 'Oi! Vi fant ikke siden', '/'],
  ['en', '/en/does-not-exist', 'Oops! Page not found', '/en'],
] as const) {
  test(`unknown ${lang} route: 404 page and status`, async ({ page }) => {
    const response = await page.goto(path)
    expect(response?.status()).toBe(404)
    await showUp(page)
    await page.locator('html[data-hydrated]').waitFor()
    await expect(page.locator('html')).toHaveAttribute('lang', lang)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
    await page.getByRole('link', { name: lang === 'nb' ? 'Tilbake til forsiden' : 'Return to Home' }).click()
    await expect(page).toHaveURL(home)
  })
}

for (const [lang, start, labels, toggle, toggleTarget, demo] of [
  ['nb', '/', ['Priser', 'Bruksområder', 'Hjelp'], 'EN', '/en', '/demo'],
  ['en', '/en', ['Pricing', 'Use cases', 'Help'], 'NO', '/', '/en/demo'],
] as const) {
  test(`header in ${lang}: links, toggle, demo button`, async ({ page }) => {
    await open(page, start)
    const nav = page.getByRole('navigation', { name: lang === 'nb' ? 'Hovedmeny' : 'Main' })
    await expect(nav.getByRole('link')).toHaveText([...labels])
    await nav.getByRole('link', { name: labels[0] }).click()
    await expect(page).toHaveURL(lang === 'nb' ? '/pricing' : '/en/pricing')
    await expect(page.getByRole('banner').getByRole('link', { name: 'Book demo' })).toHaveAttribute('href', demo)
    await page.getByRole('banner').getByRole('link', { name: toggle, exact: true }).click()
    await expect(page).toHaveURL(toggleTarget)
    await expect(page.locator('html')).toHaveAttribute('lang', lang === 'nb' ? 'en' : 'nb')
  })
}

test('the header turns compact once scrolled more than 8 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 400 })
  await open(page, '/en/privacy')
  const header = page.getByRole('banner')
  await expect(header).toHaveAttribute('data-state', 'expanded')
  const height = async () => (await header.boundingBox())?.height
  await expect.poll(height).toBe(80)
  await page.evaluate(() => window.scrollTo({ top: 8, behavior: 'instant' }))
  await expect(header).toHaveAttribute('data-state', 'expanded')
  await page.evaluate(() => window.scrollTo({ top: 9, behavior: 'instant' }))
  await expect(header).toHaveAttribute('data-state', 'compact')
  await expect.poll(height).toBe(64)
  await expect(header).toHaveCSS('border-bottom-style', 'solid')
  await expect.poll(() => header.evaluate((el) => getComputedStyle(el).backdropFilter)).toContain('blur')
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
  await expect(header).toHaveAttribute('data-state', 'expanded')
  await expect.poll(height).toBe(80)
})

test('the mobile menu at 390 px: opens, closes on item, Escape and route change', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await open(page, '/en')
  const button = page.getByRole('button', { name: 'Open menu' })
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
  await button.click()
  const panel = page.getByRole('navigation', { name: 'Menu' })
  await expect(panel).toBeVisible()
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true')
  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused()
  await page.getByRole('button', { name: 'Open menu' }).click()
  await panel.getByRole('link', { name: 'Help' }).click()
  await expect(page).toHaveURL('/en/help')
  await expect(panel).toBeHidden()
  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.goBack()
  await expect(page).toHaveURL('/en')
  await expect(panel).toBeHidden()
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false')
})

test('a new page starts at the top', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 })
  await open(page, '/en/terms')
  await page.getByRole('contentinfo').getByRole('link', { name: 'Help Center' }).scrollIntoViewIfNeeded()
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100)
  await page.getByRole('contentinfo').getByRole('link', { name: 'Help Center' }).click()
  await expect(page).toHaveURL('/en/help')
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  await expect(page).toHaveTitle(/Help center/)
})
