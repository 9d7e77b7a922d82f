import { expect, type Locator, type Page } from '@playwright/test'

export { holdApp } from './page-script-only'

/** A phone about as slow as a mid-range Android: Chromium's CPU slowed 4× (DevTools protocol). */
export async function slowPhone(page: Page, rate = 4) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate })
}

/** Opens a page and returns as soon as its response begins: the visitor acts the moment they see
 * something, long before the app has started. */
export const openAtOnce = (page: Page, url: string) => page.goto(url, { waitUntil: 'commit' })

/** Resolves once the part of the page that holds `target` has come to life. */
export async function liveAt(target: Locator) {
  await target.page().locator('html[data-hydrated]').waitFor({ state: 'attached' })
  await expect
    .poll(() => target.evaluate((element) => element.closest('[data-island]:not([data-hydrated])') === null && Object.keys(element).some((key) => key.startsWith('__reactProps'))))
    .toBe(true)
}
