import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { serve } from '@hono/node-server'
import { chromium } from '@playwright/test'
import { createSiteServer } from '../server/site-server'
import { builtRoutes } from './built-routes'
import { distDir, rootDir } from './site'
import { chromiumFlags, chromiumPath } from './chromium'

// Bytes (gzip) of JavaScript and CSS a page loads before anyone interacts with it,
// measured in Chromium on the built site. Fails when a page exceeds its JavaScript budget:
// 95 KiB for `/`, 110 KiB for every other public page. Protected pages have none (they load the
// backend client to check the session).
// The page an e-mailed reset link opens reads the session the link brings: the backend client is its
// first job, as on the signed-in pages, so it is measured without a budget.
const readsSessionOnArrival = new Set<string>(['resetPassword'])
if (!process.argv.includes('--no-build')) execFileSync('npx', ['tsx', 'src/build/build.ts'], { cwd: rootDir, stdio: 'inherit' })
const allRoutes = builtRoutes()
const publicPages = allRoutes.filter((route) => route.access === 'public' && !readsSessionOnArrival.has(route.key)).map((route) => route.url)
const budgets: Record<string, number> = Object.fromEntries(publicPages.map((url) => [url, (url === '/' ? 95 : 110) * 1024]))
const pages = [...publicPages, ...allRoutes.filter((route) => route.access === 'protected' || readsSessionOnArrival.has(route.key)).map((route) => route.url)]


const server = serve({ fetch: createSiteServer({ distDir }).fetch, port: 0 })
await new Promise((resolve) => server.once('listening', resolve))
const origin = `http://localhost:${(server.address() as AddressInfo).port}`
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: chromiumFlags,
})

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
let overBudget = false
console.log('page               JS (gzip)   CSS (gzip)   files')
for (const url of pages) {
  const page = await browser.newPage()
  const loaded: string[] = []
  page.on('response', (response) => {
    const { pathname } = new URL(response.url())
    if (/\.(js|css)$/.test(pathname) && response.url().startsWith(origin)) loaded.push(pathname)
  })
  await page.goto(`${origin}${url}`, { waitUntil: 'networkidle' })
  await page.close()
  const size = (ext: string) =>
    loaded.filter((file) => file.endsWith(ext)).reduce((sum, file) => sum + gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length, 0)
  const js = size('.js')
  const css = size('.css')
  const budget = budgets[url]
  const verdict = budget ? (js <= budget ? `  (budget ${kb(budget)}: ok)` : `  (budget ${kb(budget)}: OVER)`) : ''
  if (budget && js > budget) overBudget = true
  console.log(`${url.padEnd(18)} ${kb(js).padStart(9)}   ${kb(css).padStart(10)}   ${String(loaded.length).padStart(5)}${verdict}`)
}
await browser.close()
server.close()
if (overBudget) console.log('A page is over its JavaScript budget.')
process.exit(overBudget ? 1 : 0)
