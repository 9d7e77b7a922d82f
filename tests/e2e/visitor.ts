import type { Page } from '@playwright/test'

/** What a visitor does before anything else: moves a pointer over the page. A public page's app
 * starts then, at the first sign of life (src/app/page-script/start-app.ts); until then the page is
 * its prerendered HTML. */
export async function showUp(page: Page) {
  // Two moves: one of them surely goes somewhere the pointer was not.
  await page.mouse.move(3, 3)
  await page.mouse.move(4, 4)
}
