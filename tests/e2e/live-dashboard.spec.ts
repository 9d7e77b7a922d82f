import { expect, type Page, test } from '@playwright/test'
import { dashboardOf, type Lang, portalTab, proCustomer, routeRealtime, setTabHidden } from './dashboard'
import { open } from './stack'

// The dashboard is never stale: a plan that changes while the page cannot hear of it (its realtime
// socket lost, the tab in the background with a dead socket) shows within a few seconds once that
// ends, without the customer reloading. Without the dashboard's own fetches on rejoining and on
// being shown, the badge would keep saying Pro.
const FEW_SECONDS = 5_000
// How long the test waits for a state of the socket (a join, a lost change): the page, the stack and
// the browser share a slow machine, and these waits are not what the test measures.
const SOCKET_STATE = { timeout: 15_000 }

for (const lang of ['nb', 'en'] as const) {
  const d = dashboardOf(lang)

  /** A Pro customer who has cancelled at the portal (in a tab of its own), on a freshly opened
   * dashboard that expects nothing and hears changes live; the portal tab can end the period. */
  async function cancelledProCustomer(page: Page, name: string) {
    const realtime = await routeRealtime(page)
    await proCustomer(page, lang as Lang, name)
    const portal = await portalTab(page.context(), lang)
    await portal.getByRole('button', { name: 'Cancel subscription' }).click()
    await portal.getByRole('button', { name: 'Confirm cancellation' }).click()
    await expect(portal.getByText(/Cancels on/)).toBeVisible()
    const joined = realtime.joins()
    await open(page, d.app)
    await expect(d.status(page)).toHaveText(new RegExp(`^Pro ${d.text('til', 'until')} `))
    await expect.poll(realtime.joins, SOCKET_STATE).toBeGreaterThan(joined)
    return { realtime, portal }
  }

  async function endThePeriod(portal: Page) {
    await portal.getByRole('button', { name: 'End the period now' }).click()
    await expect(portal.getByText(/ended|Ended/).first()).toBeVisible()
  }

  test(`${lang}: the realtime socket drops while the plan ends; once it is back, the badge says Free within seconds`, async ({ page }) => {
    test.setTimeout(90_000)
    const { realtime, portal } = await cancelledProCustomer(page, 'Sigrid Moen')

    realtime.drop()
    // The page tries to reconnect; the connection is not back yet.
    await expect.poll(realtime.waiting, SOCKET_STATE).toBeGreaterThan(0)
    await endThePeriod(portal)
    await expect(d.badge(page)).toHaveText('Pro')

    const joined = realtime.joins()
    realtime.restore()
    await expect.poll(realtime.joins, SOCKET_STATE).toBeGreaterThan(joined)
    await expect(d.badge(page)).toHaveText('Free', { timeout: FEW_SECONDS })
    await expect(d.upgrade(page)).toBeVisible()
  })

  test(`${lang}: the tab is hidden, its socket dead, while the plan ends; shown again, the badge says Free within seconds`, async ({ page }) => {
    test.setTimeout(90_000)
    const { realtime, portal } = await cancelledProCustomer(page, 'Tor Aasen')

    await setTabHidden(page, true)
    realtime.sleep()
    await endThePeriod(portal)
    // The server sent the change; the sleeping tab never got it.
    await expect.poll(realtime.lostChanges, SOCKET_STATE).toBeGreaterThan(0)
    await expect(d.badge(page)).toHaveText('Pro')

    realtime.wake()
    await setTabHidden(page, false)
    await expect(d.badge(page)).toHaveText('Free', { timeout: FEW_SECONDS })
    await expect(d.upgrade(page)).toBeVisible()
  })
}
