// The production server's answers to hostile paths: never an off-site redirect, never a 500; each
// page at one address only; the headers the README asks static hosts to send are the ones it sends;
// a signed-in page is never stored; and the browser features the site does not use stay off.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createSiteServer } from '../../src/server/site-server'

const dist = mkdtempSync(path.join(tmpdir(), 'site-'))
mkdirSync(path.join(dist, 'pricing'), { recursive: true })
mkdirSync(path.join(dist, 'en/pricing'), { recursive: true })
mkdirSync(path.join(dist, 'account'), { recursive: true })
writeFileSync(path.join(dist, 'index.html'), '<h1>home</h1>')
writeFileSync(path.join(dist, 'pricing/index.html'), '<h1>pricing</h1>')
writeFileSync(path.join(dist, 'en/pricing/index.html'), '<h1>en pricing</h1>')
writeFileSync(path.join(dist, '404.html'), '<h1>ikke funnet</h1>')
writeFileSync(path.join(dist, 'en/404.html'), '<h1>not found</h1>')
writeFileSync(path.join(dist, 'account/index.html'), '<h1>konto</h1>')
// The route list the build writes: which pages are signed in.
writeFileSync(
  path.join(dist, 'routes.json'),
  JSON.stringify([
    { url: '/', access: 'public' },
    { url: '/pricing', access: 'public' },
    { url: '/account', access: 'protected' },
  ]),
)
afterAll(() => rmSync(dist, { recursive: true, force: true }))

const app = createSiteServer({ distDir: dist })
// As `curl --path-as-is` sends them: the path exactly as written.
const get = (rawPath: string) => app.fetch(new Request(`http://localhost:5173${rawPath}`, { redirect: 'manual' }))

describe('the site server and hostile paths', () => {
  for (const raw of ['//evil.example/', '///evil.example/', '//evil.example', '/\\evil.example/', '//evil.example/pricing/']) {
    it(`${JSON.stringify(raw)} never redirects off the site`, async () => {
      const res = await get(raw)
      const location = res.headers.get('location')
      if (location) expect(new URL(location, 'http://localhost:5173').origin).toBe('http://localhost:5173')
      expect([301, 404]).toContain(res.status)
    })
  }

  for (const raw of ['/%', '/%E0%A4%A', '/en/%ff', '/pricing/%zz']) {
    it(`${raw}: malformed percent-encoding is a 400, not a 500`, async () => {
      expect((await get(raw)).status).toBe(400)
    })
  }

  it('still serves pages, and still drops a trailing slash on its own paths', async () => {
    expect((await get('/pricing')).status).toBe(200)
    const res = await get('/pricing/?a=1')
    expect(res.status).toBe(301)
    expect(res.headers.get('location')).toBe('/pricing?a=1')
  })
})

describe('one address per page', () => {
  for (const [raw, target] of [
    ['/index.html', '/'],
    ['/en/pricing/index.html', '/en/pricing'],
    ['/pricing/index.html?a=1', '/pricing?a=1'],
  ] as const) {
    it(`${raw} redirects to ${target} (not a second cacheable copy of the page)`, async () => {
      const res = await get(raw)
      expect(res.status).toBe(301)
      expect(res.headers.get('location')).toBe(target)
    })
  }

  for (const [raw, page] of [
    ['/404.html', 'ikke funnet'],
    ['/en/404.html', 'not found'],
    ['/en/index.html', 'not found'],
    ['/other.html', 'ikke funnet'],
  ] as const) {
    it(`${raw} answers 404 (the not-found page is no page of its own)`, async () => {
      const res = await get(raw)
      expect(res.status).toBe(404)
      expect(await res.text()).toContain(page)
    })
  }

  it('an encoded slash cannot turn the redirect into another host', async () => {
    const res = await get('/%2Fpricing/index.html')
    const location = res.headers.get('location')
    if (location) expect(new URL(location, 'http://localhost:5173').origin).toBe('http://localhost:5173')
  })
})

describe('the headers static hosts are asked to send (README, "The site on a static host")', () => {
  const readme = readFileSync(path.join(import.meta.dirname, '../../README.md'), 'utf8')
  const block = /Send these headers[\s\S]*?```\n([\s\S]*?)```/.exec(readme)?.[1] ?? ''
  const listed = new Map(
    block
      .trim()
      .split('\n')
      .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()] as const),
  )

  it('list Strict-Transport-Security, the policy and the framing and sniffing guards', () => {
    expect([...listed.keys()].sort()).toEqual(
      expect.arrayContaining(['content-security-policy', 'referrer-policy', 'strict-transport-security', 'x-content-type-options', 'x-frame-options']),
    )
  })

  it('with the values the site server sends', async () => {
    const server = createSiteServer({ distDir: dist, supabaseUrl: 'https://project.supabase.co' })
    const res = await server.fetch(new Request('http://localhost:5173/pricing'))
    for (const [name, value] of listed) expect(res.headers.get(name), name).toBe(value.replaceAll('<project>', 'project'))
  })
})

describe('what a browser or a cache may do with a page', () => {
  it('a signed-in page (routes.json: protected) is no-store; a public one is no-cache', async () => {
    const account = await get('/account')
    expect(account.status).toBe(200)
    expect(account.headers.get('cache-control')).toBe('no-store')
    expect((await get('/pricing')).headers.get('cache-control')).toBe('no-cache')
  })

  it('camera, microphone and geolocation are off (Permissions-Policy), and other sites may not load what it serves (Cross-Origin-Resource-Policy)', async () => {
    for (const raw of ['/', '/account', '/nowhere']) {
      const res = await get(raw)
      expect(res.headers.get('permissions-policy'), raw).toBe('camera=(), microphone=(), geolocation=()')
      expect(res.headers.get('cross-origin-resource-policy'), raw).toBe('same-origin')
    }
  })
})
