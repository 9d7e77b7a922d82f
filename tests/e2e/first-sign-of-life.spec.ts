import { expect, type Page, test } from '@playwright/test'
import { watchConsole } from './console'
import { showUp } from './visitor'

// A public page is its prerendered HTML until the visitor shows up: it runs its page script and
// nothing of the app, however long the visitor reads. The first sign of life (a pointer that moves,
// a touch, a key, focus, a scroll, a tap) starts the app (src/app/page-script/start-app.ts).

/** The app's modules the page requests (everything under /assets/ but the page's own script). */
function appRequests(page: Page) {
  const requested: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js') && !pathname.includes('/page-script-')) requested.push(pathname)
  })
  return requested
}

for (const [lang, prefix] of [
  ['nb', ''],
  ['en', '/en'],
] as const) {
  test(`${lang}: a public page loads none of the app until the visitor shows up, then starts`, async ({ page }) => {
    const problems = watchConsole(page)
    const requested = appRequests(page)
    await page.goto(`${prefix}/pricing`)
    await page.waitForLoadState('networkidle')
    expect(requested).toEqual([])
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(false)
    await showUp(page)
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    expect(requested.some((file) => file.includes('/framework-'))).toBe(true)
    expect(problems).toEqual([])
  })

  test(`${lang}: a tap that comes alone, with no pointer before it (an assistive technology's), starts the app and takes effect once`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 })
    const requested = appRequests(page)
    await page.goto(`${prefix}/`)
    await page.waitForLoadState('networkidle')
    expect(requested).toEqual([])
    const trigger = page.locator('#mobile-menu-trigger')
    await trigger.dispatchEvent('click')
    await expect(trigger).toHaveAttribute('aria-expanded', 'true')
    await expect(page.locator('#mobile-menu')).toBeVisible()
  })

  test(`${lang}: the page an e-mail link opens starts at once (what it says comes from the link)`, async ({ page }) => {
    await page.goto(`${prefix}/auth/confirm?token_hash=${'0'.repeat(56)}&type=recovery&email=kari%40example.no`)
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    await expect(page.getByText('kari@example.no')).toBeVisible()
  })
}
