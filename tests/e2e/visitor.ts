import type { Page } from '@playwright/test'

/** What a visitor does before anything else: moves a pointer over the page. A public page's app
 * starts then, at the first sign of life (src/app/page-script/start-app.ts); until then the page is
 * its prerendered HTML. */
export async function showUp(page: Page) {
  // Two moves: one of them surely goes somewhere the pointer was not.
  await page.mouse.move(3, 3)
  await page.mouse.move(4, 4)
}

/** Adds up, from each document's start, the layout shifts a visitor did not cause (as CLS counts
 * them). Answers a function that reads the sum once the last render's shifts are reported. */
export async function watchLayoutShifts(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const w = window as unknown as { shifted: number }
    w.shifted = 0
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) w.shifted += entry.value
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
  return async () => {
    // Two frames: the shifts of the last render are reported.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    return page.evaluate(() => (window as unknown as { shifted: number }).shifted)
  }
}
