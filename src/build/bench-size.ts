import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { serve } from '@hono/node-server'
import { chromium, type Page } from '@playwright/test'
import { createSiteServer } from '../server/site-server'
import { builtRoutes } from './built-routes'
import { distDir, rootDir } from './site'
import { chromiumFlags, chromiumPath } from './chromium'
import { beforeInteractionBudget, firstUseBudget } from './js-budgets'

// Bytes (gzip) of JavaScript and CSS a page loads, measured in Chromium (1280×720) on the built
// site: before anyone interacts, then once the visitor shows up (a pointer moves over the page) and
// the app has started. Fails when a public page exceeds a budget (src/build/js-budgets.ts).
// Protected pages have none: signed out, they show the sign-in page in their place, whose figures
// they print.
// The page an e-mailed reset link opens reads the session the link brings: the backend client is its
// first job, as on the signed-in pages, so it is measured without a budget.
const readsSessionOnArrival = new Set<string>(['resetPassword'])
if (!process.argv.includes('--no-build')) execFileSync('npx', ['tsx', 'src/build/build.ts'], { cwd: rootDir, stdio: 'inherit' })
const allRoutes = builtRoutes()
const budgeted = (route: (typeof allRoutes)[number]) => route.access === 'public' && !readsSessionOnArrival.has(route.key)
const pages = [...allRoutes.filter(budgeted), ...allRoutes.filter((route) => !budgeted(route))]
const startsAtOnce = (url: string) => readFileSync(path.join(distDir, url === '/' ? '' : url.slice(1), 'index.html'), 'utf8').includes('data-start="at-once"')

const server = serve({ fetch: createSiteServer({ distDir }).fetch, port: 0 })
await new Promise((resolve) => server.once('listening', resolve))
const origin = `http://localhost:${(server.address() as AddressInfo).port}`
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: chromiumFlags,
})

/** The app has started and hydrated, and nothing more is on its way. */
const settled = async (page: Page) => {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  await page.waitForLoadState('networkidle')
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const gzipped = (files: string[], ext: string) =>
  files.filter((file) => file.endsWith(ext)).reduce((sum, file) => sum + gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length, 0)
const problems: string[] = []
console.log('page                 JS before   budget     JS at first use   budget     CSS    files')
for (const route of pages) {
  const { url } = route
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } })
  const loaded: string[] = []
  page.on('response', (response) => {
    const { pathname } = new URL(response.url())
    if (/\.(js|css)$/.test(pathname) && response.url().startsWith(origin)) loaded.push(pathname)
  })
  await page.goto(`${origin}${url}`, { waitUntil: 'networkidle' })
  const before = gzipped(loaded, '.js')
  // The visitor shows up: the first sign of life starts the app (two moves: one surely moves).
  await page.mouse.move(3, 3)
  await page.mouse.move(4, 4)
  await settled(page)
  await page.close()
  const atFirstUse = gzipped(loaded, '.js')
  const css = gzipped(loaded, '.css')
  const budgets = budgeted(route) ? [beforeInteractionBudget(startsAtOnce(url)), firstUseBudget(url)] : undefined
  const verdict = (bytes: number, budget: number | undefined) => (budget === undefined ? '' : `${kb(budget)} ${bytes <= budget ? 'ok' : 'OVER'}`)
  if (budgets && before > budgets[0]!) problems.push(`${url}: ${kb(before)} before anyone interacts, over ${kb(budgets[0]!)}`)
  if (budgets && atFirstUse > budgets[1]!) problems.push(`${url}: ${kb(atFirstUse)} at the first sign of life, over ${kb(budgets[1]!)}`)
  console.log(
    `${url.padEnd(20)} ${kb(before).padStart(9)}   ${verdict(before, budgets?.[0]).padEnd(10)} ${kb(atFirstUse).padStart(15)}   ${verdict(atFirstUse, budgets?.[1]).padEnd(10)} ${kb(css).padStart(6)} ${String(loaded.length).padStart(6)}`,
  )
}
await browser.close()
server.close()
for (const problem of problems) console.log(problem)
process.exit(problems.length ? 1 : 0)
