import { expect, type Page, test } from '@playwright/test'
import { open } from './stack'
import { watchConsole } from './console'

// Below the fold, the landing (and every page's footer) is prerendered HTML that hydrates when
// it comes into view: styled before any script runs, its code fetched only when seen.

const islandRequests = (page: Page) => {
  const requested: string[] = []
  page.on('request', (request) => {
    const file = new URL(request.url()).pathname
    if (/\/assets\/(below-the-fold|footer)-[^/]*\.js$/.test(file)) requested.push(file)
  })
  return requested
}

test.use({ viewport: { width: 1280, height: 720 } })

test('the landing below the fold is styled at once, and loads and hydrates only when seen', async ({ page }) => {
  const problems = watchConsole(page)
  const requested = islandRequests(page)
  await open(page, '/')
  await page.waitForLoadState('networkidle')
  const landing = page.locator('[data-island="landing"]')
  await expect(landing).not.toHaveAttribute('data-hydrated', 'true')
  expect(requested).toEqual([])
  // The prerendered head links the island's stylesheet: the steps are laid out already.
  const steps = page.locator('#how-it-works [data-part="trigger"]')
  await expect(steps).toHaveCount(4)
  expect(await steps.first().evaluate((step) => getComputedStyle(step).cursor)).toBe('pointer')

  await page.locator('#how-it-works').scrollIntoViewIfNeeded()
  await expect(landing).toHaveAttribute('data-hydrated', 'true')
  expect(requested.some((file) => file.includes('below-the-fold'))).toBe(true)
  await page.locator('footer').scrollIntoViewIfNeeded()
  await expect(page.locator('[data-island="footer"]')).toHaveAttribute('data-hydrated', 'true')
  expect(problems).toEqual([])
})

test('leaving before scrolling keeps the footer, which then loads on the next page', async ({ page }) => {
  const problems = watchConsole(page)
  await open(page, '/en')
  await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click()
  await expect(page).toHaveURL('/en/pricing')
  const footer = page.locator('footer')
  await expect(footer.getByRole('link', { name: 'Legal & Trust' })).toBeVisible()
  await expect(page.locator('[data-island="footer"]')).toHaveAttribute('data-hydrated', 'true')
  // Coming back renders the landing afresh, all of it.
  await page.goBack()
  await expect(page.locator('#how-it-works [data-part="trigger"]')).toHaveCount(4)
  await expect(page.locator('[data-island="landing"]')).toHaveAttribute('data-hydrated', 'true')
  expect(problems).toEqual([])
})
