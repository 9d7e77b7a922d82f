// What keeps the pages fast, read from the built site (dist/): what each page requests before
// anyone interacts, in which order, what reserves its layout, and how the server sends it.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { builtRoutes } from '../../src/build/built-routes'
import { beforeInteractionBudget, firstUseBudget } from '../../src/build/js-budgets'
import { createSiteServer } from '../../src/server/site-server'

const allRoutes = builtRoutes()

const dist = fileURLToPath(new URL('../../dist', import.meta.url))
const built = existsSync(path.join(dist, 'index.html'))
const pageFile = (url: string) => path.join(dist, url === '/' ? '' : url.slice(1), 'index.html')
const read = (file: string) => readFileSync(path.join(dist, file), 'utf8')
const html = (url: string) => readFileSync(pageFile(url), 'utf8')

/** The page's own script (its one `<script>` tag). */
const pageScripts = (page: string) => [...page.matchAll(/<script[^>]+src="\/([^"]+)"/g)].map((m) => m[1]!)

/** Every script the app's start runs: the modules the page script requests (`data-modules`: the
 * page's own, or those of the page a visitor without a session gets in its place), and what they
 * import statically. */
function scriptsOfStart(url: string): string[] {
  const page = html(url)
  const queue = [...page.matchAll(/data-modules="([^"]*)"/g)].flatMap((m) => m[1]!.split(' ')).filter(Boolean).map((file) => file.slice(1))
  const seen = new Set<string>()
  while (queue.length > 0) {
    const file = queue.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    for (const m of read(file).matchAll(/(?:import|from)\s*["']\.\/([^"']+\.js)["']/g)) queue.push(path.posix.join(path.posix.dirname(file), m[1]!))
  }
  return [...seen]
}

const startsAtOnce = (url: string) => html(url).includes('data-start="at-once"')

/** Every script a page runs before anyone interacts: its page script, and the app's start only on
 * a page that starts at once (the others start at the visitor's first sign of life). */
const scriptsBeforeInteraction = (url: string) => [...pageScripts(html(url)), ...(startsAtOnce(url) ? scriptsOfStart(url) : [])]

/** What the visitor's first sign of life loads on a page that waits for it: the page script and the
 * app's start. */
const scriptsAtFirstUse = (url: string) => [...pageScripts(html(url)), ...scriptsOfStart(url)]

const validationLibrary = /arkErrors/
const backendClient = /GoTrueClient|PostgrestClient|RealtimeClient/
const publicRoutes = allRoutes.filter((route) => route.access === 'public')
const protectedRoutes = allRoutes.filter((route) => route.access === 'protected')

describe.skipIf(!built)('what a page loads before anyone interacts', () => {
  const assets = built ? readdirSync(path.join(dist, 'assets')).filter((file) => file.endsWith('.js')) : []

  it('is never the validation library (arktype) or the backend client (supabase-js) on a public page, nor is the app’s start', () => {
    for (const route of publicRoutes) {
      for (const file of scriptsAtFirstUse(route.url)) {
        const code = read(file)
        expect(code, `${route.url}: ${file}`).not.toMatch(validationLibrary)
        expect(code, `${route.url}: ${file}`).not.toMatch(backendClient)
      }
    }
  })

  // The budgets of `npm run bench:size` (src/build/js-budgets.ts), which also counts what a page
  // loads in view (islands): here, the scripts read from the build, gzipped at level 9 as
  // bench:size counts them.
  const gzipped = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length
  const budgetedRoutes = publicRoutes.filter((r) => r.key !== 'resetPassword')

  it('runs the page script alone before anyone interacts, but on a page that starts at once', () => {
    const atOnce = budgetedRoutes.filter((route) => startsAtOnce(route.url)).map((route) => route.key)
    expect([...new Set(atOnce)]).toEqual(['emailLink'])
    for (const route of budgetedRoutes) {
      const bytes = scriptsBeforeInteraction(route.url).reduce((sum, file) => sum + gzipped(file), 0)
      expect(bytes, route.url).toBeLessThanOrEqual(beforeInteractionBudget(startsAtOnce(route.url)))
    }
  })

  it('fits its JavaScript budget at the visitor’s first sign of life', () => {
    for (const route of budgetedRoutes) {
      const bytes = scriptsAtFirstUse(route.url).reduce((sum, file) => sum + gzipped(file), 0)
      expect(bytes, route.url).toBeLessThanOrEqual(firstUseBudget(route.url))
    }
  })

  it('finds both in the build (so that the check above can see them)', () => {
    expect(assets.some((file) => validationLibrary.test(read(`assets/${file}`)))).toBe(true)
    expect(assets.some((file) => backendClient.test(read(`assets/${file}`)))).toBe(true)
  })

  it('includes the form pages’ own code, so the check above covers them', () => {
    for (const url of ['/login', '/en/register', '/en/demo']) {
      expect(scriptsAtFirstUse(url).some((file) => /\/(login|register|demo)-page-/.test(file)), url).toBe(true)
    }
  })
})

describe.skipIf(!built)('the order of requests', () => {
  it('asks for the stylesheet before any script, and starts the modules only from the start script', () => {
    for (const route of allRoutes) {
      const page = html(route.url)
      const stylesheet = page.indexOf('<link rel="stylesheet"')
      const firstScript = page.search(/<script[^>]+src=/)
      expect(stylesheet, route.url).toBeGreaterThan(-1)
      expect(firstScript, route.url).toBeGreaterThan(stylesheet)
      // A module preload in the HTML would compete with the stylesheet for the first paint.
      expect(page, route.url).not.toContain('rel="modulepreload"')
      // Nor a font preload: Chromium holds the first paint for one (up to 100 ms) when it is late.
      expect(page, route.url).not.toMatch(/<link rel="preload"[^>]*as="font"/)
      expect([...page.matchAll(/<script[^>]+src=/g)], route.url).toHaveLength(1)
      // The page script: a classic one, with the modules it starts (at once, or at the visitor's
      // first sign of life).
      const gated = route.access === 'protected' || route.key === 'resetPassword'
      const kind = gated ? 'gated' : route.key === 'emailLink' ? 'email-link' : 'public'
      expect(page, route.url).toMatch(new RegExp(`<script src="/assets/page-script-${kind}-[^"]+\\.js"( data-start="at-once")? data-modules="[^"]*/assets/framework-`))
    }
  })
})

describe.skipIf(!built)('the page scripts', () => {
  it('are classic scripts: one function run at once, importing and exporting nothing, declaring nothing of the window’s', () => {
    const scripts = readdirSync(path.join(dist, 'assets')).filter((file) => file.startsWith('page-script-'))
    expect(scripts.map((file) => file.replace(/-[\w-]{8}\.js$/, '')).sort()).toEqual(['page-script-email-link', 'page-script-gated', 'page-script-public'])
    for (const file of scripts) {
      const code = read(`assets/${file}`)
      expect(code, file).toMatch(/^\(function\(\)\{[\s\S]*\}\)\(\);\s*$/)
      expect(code, file).not.toMatch(/\bimport\b|\bexport\b/)
    }
  })
})

describe.skipIf(!built)('a page that needs a session', () => {
  const rootOf = (page: string) => /<div id="root">([\s\S]*?)<\/div>\s*<template data-without-session|<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(page)
  const rendered = (url: string) => {
    const match = rootOf(html(url))
    return match?.[1] ?? match?.[2]
  }
  const pagesWithFallback = allRoutes.flatMap((route) => {
    const target = route.access === 'protected' ? 'login' : route.key === 'resetPassword' ? 'forgotPassword' : undefined
    return target ? [{ route, target: allRoutes.find((other) => other.key === target && other.lang === route.lang)! }] : []
  })

  it('carries, prerendered, the page a visitor without one gets in its place (no second page load)', () => {
    expect(pagesWithFallback.length).toBeGreaterThan(4)
    for (const { route, target } of pagesWithFallback) {
      const template = /<template data-without-session="([^"]+)"( data-come-back)? data-title="([^"]+)" data-modules="[^"]+">([\s\S]*?)<\/template>/.exec(html(route.url))
      expect(template, route.url).not.toBeNull()
      const [, url, comeBack, title, content] = template!
      expect(url, route.url).toBe(target.url)
      expect(Boolean(comeBack), route.url).toBe(route.access === 'protected')
      expect(title, route.url).toBe(/<title>([^<]*)<\/title>/.exec(html(target.url))?.[1])
      expect(content, route.url).toBe(rendered(target.url))
    }
  })

  it('is the only kind of page that does', () => {
    const others = allRoutes.filter((route) => !pagesWithFallback.some(({ route: withFallback }) => withFallback === route))
    for (const route of others) expect(html(route.url), route.url).not.toContain('<template data-without-session')
  })
})

describe.skipIf(!built)('the protected pages’ shell', () => {
  it('reserves the screen while the sign-in check runs (nothing in view moves when it ends)', () => {
    const css = readdirSync(path.join(dist, 'assets'))
      .filter((file) => file.endsWith('.css'))
      .map((file) => read(`assets/${file}`))
      .join('\n')
    for (const route of protectedRoutes) {
      const spinner = /<div class="([^"]+)" role="status"/.exec(html(route.url))
      expect(spinner, route.url).not.toBeNull()
      const rule = new RegExp(`\\.${spinner![1]}\\{([^}]*)\\}`).exec(css)
      expect(rule?.[1], route.url).toMatch(/min-height:100vh/)
    }
  })
})

describe.skipIf(!built)('the site server', () => {
  let server: ReturnType<typeof serve>
  let origin = ''
  beforeAll(async () => {
    server = serve({ fetch: createSiteServer({ distDir: dist }).fetch, port: 0 })
    await new Promise((resolve) => server.once('listening', resolve))
    origin = `http://localhost:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => {
    server.close()
  })

  // (Responses under 1 KB go out as they are: gzip would not make them smaller.)
  it('sends pages, scripts and the stylesheet compressed, and the same content as on disk', async () => {
    const page = html('/en/pricing')
    const files = ['/en/pricing', `/${/href="\/(assets\/style-[^"]+\.css)"/.exec(page)![1]}`, `/${/(assets\/framework-[^" ]+\.js)/.exec(page)![1]}`]
    for (const file of files) {
      const response = await fetch(`${origin}${file}`, { headers: { 'Accept-Encoding': 'gzip' } })
      expect(response.status, file).toBe(200)
      expect(response.headers.get('content-encoding'), file).toBe('gzip')
      const body = await response.text()
      expect(body, file).toBe(file === '/en/pricing' ? page : read(file.slice(1)))
    }
  })

  it('sends them uncompressed to a client that does not accept gzip', async () => {
    const response = await fetch(`${origin}/en/pricing`, { headers: { 'Accept-Encoding': 'identity' } })
    expect(response.headers.get('content-encoding')).toBeNull()
    expect(await response.text()).toBe(html('/en/pricing'))
  })
})
