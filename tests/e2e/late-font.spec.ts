import { expect, test } from '@playwright/test'
import { builtRoutes } from '../../src/build/built-routes'

// On a slow phone's network the web font comes after the first paint (font-display: swap). Until it
// does, text is set in a local font scaled to Inter's metrics (src/styles/theme.css.ts), so that its
// arrival moves next to nothing. Each page is held at its first paint with the font not yet in,
// then given it; what moved is added up as CLS adds it (no input is made here, so every shift
// counts). With the local fonts as they were, unscaled, up to 0.13 (`/register` at 390 px).
const routes = builtRoutes()
const MOST = 0.05

for (const width of [412, 1280]) {
  test(`a font that comes after the first paint moves little, every page in both languages at ${width} px`, async ({ browser }) => {
    test.setTimeout(180_000)
    const context = await browser.newContext({ viewport: { width, height: 823 } })
    await context.addInitScript(() => {
      const w = window as unknown as { shifted: number }
      w.shifted = 0
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>) w.shifted += entry.value
      }).observe({ type: 'layout-shift', buffered: true })
    })
    const moved: Record<string, number> = {}
    for (const route of routes) {
      const page = await context.newPage()
      let giveFont = () => {}
      const fontMayCome = new Promise<void>((resolve) => {
        giveFont = resolve
      })
      await page.route(/\.woff2$/, async (request) => {
        await fontMayCome
        await request.continue()
      })
      await page.goto(route.url, { waitUntil: 'commit' })
      await page.waitForFunction(() => performance.getEntriesByType('paint').some((entry) => entry.name === 'first-contentful-paint'))
      expect(await page.evaluate(() => document.fonts.check('16px "Inter Variable"')), `${route.url}: the font is not in yet`).toBe(false)
      giveFont()
      await page.evaluate(() => document.fonts.load('16px "Inter Variable"'))
      // Two frames: the shifts of the render with the font are reported.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
      moved[route.url] = await page.evaluate(() => (window as unknown as { shifted: number }).shifted)
      await page.close()
    }
    await context.close()
    const tooMuch = Object.entries(moved).filter(([, shift]) => shift >= MOST)
    expect(tooMuch, JSON.stringify(moved)).toEqual([])
  })
}

// The hero's eyebrow on phones: two lines in either font (hero.css.ts). A single line that fits
// Inter but not the fallback moved `/en` by 0.017 at 412 px, the width Lighthouse's phone has.
test('the hero’s eyebrow takes as many lines before the font comes as after, on phones', async ({ browser }) => {
  const eyebrowLines = async (withFont: boolean) => {
    const context = await browser.newContext({ isMobile: true, hasTouch: true })
    if (!withFont) await context.route(/\.woff2$/, (request) => request.abort())
    const page = await context.newPage()
    const lines: Record<string, number> = {}
    for (const url of ['/', '/en']) {
      await page.goto(url)
      for (const width of [320, 360, 390, 412, 430, 479]) {
        await page.setViewportSize({ width, height: 823 })
        lines[`${url} at ${width} px`] = await page.evaluate(async () => {
          await document.fonts.ready
          const eyebrow = document.querySelector('[data-section="hero"] p:has(+ #hero-title)')
          return eyebrow ? eyebrow.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(eyebrow).lineHeight) : 0
        })
      }
      expect(await page.evaluate(() => document.fonts.check('16px "Inter Variable"')), `${url}: the font is ${withFont ? 'in' : 'not in'}`).toBe(withFont)
    }
    await context.close()
    return lines
  }
  const before = await eyebrowLines(false)
  const after = await eyebrowLines(true)
  for (const count of Object.values(after)) expect(Math.round(count)).toBe(2)
  expect(before).toEqual(after)
})
