import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { builtRoutes } from '../../src/build/built-routes'

const allRoutes = builtRoutes()

const dist = fileURLToPath(new URL('../../dist', import.meta.url))
const built = existsSync(path.join(dist, 'index.html'))
const pageFile = (url: string) => path.join(dist, url === '/' ? '' : url.slice(1), 'index.html')
const read = (file: string) => readFileSync(path.join(dist, file), 'utf8')

/** The modules a page's start script requests after the first paint (`data-modules`, entry first). */
const startModules = (html: string) => (/data-modules="([^"]*)"/.exec(html)?.[1] ?? '').split(' ').filter(Boolean).map((file) => file.slice(1))

/** The JavaScript a page loads before interaction: its scripts, the modules it starts, and
 * everything they import statically. */
function initialScripts(url: string): string[] {
  const html = readFileSync(pageFile(url), 'utf8')
  const queue = [...[...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)].map((m) => m[1]!), ...startModules(html)]
  const seen = new Set<string>()
  while (queue.length > 0) {
    const file = queue.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    const code = read(file)
    for (const m of code.matchAll(/(?:import|from)\s*["']\.\/([^"']+\.js)["']/g)) queue.push(path.posix.join(path.posix.dirname(file), m[1]!))
  }
  return [...seen]
}

describe.skipIf(!built)('the production build', () => {
  const assets = built ? readdirSync(path.join(dist, 'assets')).filter((file) => file.endsWith('.js')) : []

  it('contains no inspector and no development overlay', () => {
    for (const file of assets) {
      const code = read(`assets/${file}`)
      expect(code, file).not.toMatch(/createBrowserInspector|stately\.ai|@statelyai/)
      expect(code, file).not.toContain('data-dev-machines')
    }
  })

  it('carries no machine descriptions (documentation for the inspector and `npm run paths`)', () => {
    // Machines' own, and the form kit's (written in machines/form.ts, for every form built with it).
    const described = {
      'header.machine.ts': 'At the top: 80 px tall, transparent.',
      'navigation.machine.ts': 'Waiting for the next page change.',
      'form.ts': 'Submitted with valid input: the request goes out.',
      'login-form.machine.ts': 'The e-mail address is not confirmed yet.',
    }
    for (const [file, text] of Object.entries(described)) expect(readFileSync(path.join(dist, '..', 'machines', file), 'utf8')).toContain(text)
    for (const file of assets) for (const text of Object.values(described)) expect(read(`assets/${file}`), file).not.toContain(text)
  })

  it('preloads from each page all the JavaScript it runs before hydrating', () => {
    for (const route of allRoutes) {
      const html = readFileSync(pageFile(route.url), 'utf8')
      // The page's own list, and that of the page a visitor without a session gets in its place.
      const lists = [...html.matchAll(/data-modules="([^"]*)"/g)].map((m) => m[1]!.split(' ').filter(Boolean))
      expect(lists.length, route.url).toBe(html.includes('<template data-without-session') ? 2 : 1)
      for (const preloaded of lists) {
        expect(preloaded.some((file) => /\/framework-/.test(file)), route.url).toBe(true)
        // The core messages and the page's own.
        expect(preloaded.filter((file) => /\/messages-/.test(file)), route.url).toHaveLength(2)
      }
    }
  })

  it('contains no pseudo-locale messages (a development and pseudo-build catalog only)', () => {
    for (const file of assets) {
      expect(read(`assets/${file}`), file).not.toMatch(/[àßƀĆćĎďĒēƑƒĜĝĤĥĨĩĴĵĶķĹĺḾḿŃńŌōƤƥǪǫŔŕŚśŢţŨũŴŵŶŷŹź]{4,}/)
    }
  })

  it('keeps supabase-js out of the JavaScript public pages load first', () => {
    for (const route of allRoutes.filter((r) => r.access === 'public')) {
      for (const file of initialScripts(route.url)) {
        expect(read(file), `${route.url}: ${file}`).not.toMatch(/GoTrueClient|PostgrestClient|RealtimeClient/)
      }
    }
  })

  it('does load supabase-js somewhere (so the check above can see it)', () => {
    expect(assets.some((file) => /GoTrueClient/.test(read(`assets/${file}`)))).toBe(true)
  })

  it('has no inline script on any page (the Content-Security-Policy forbids them)', () => {
    for (const route of allRoutes) {
      const html = readFileSync(pageFile(route.url), 'utf8')
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].filter((m) => !m[1]!.includes('application/ld+json'))
      expect(inline, route.url).toEqual([])
    }
  })

  it('ships no secret: no service-role key in any asset', () => {
    for (const file of assets) expect(read(`assets/${file}`), file).not.toMatch(/service_role|STRIPE_SECRET|sk_(live|test)_/)
  })
})
