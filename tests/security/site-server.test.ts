// The production server's answers to hostile paths: never an off-site redirect, never a 500.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createSiteServer } from '../../src/server/site-server'

const dist = mkdtempSync(path.join(tmpdir(), 'site-'))
mkdirSync(path.join(dist, 'pricing'), { recursive: true })
mkdirSync(path.join(dist, 'en'), { recursive: true })
writeFileSync(path.join(dist, 'index.html'), '<h1>home</h1>')
writeFileSync(path.join(dist, 'pricing/index.html'), '<h1>pricing</h1>')
writeFileSync(path.join(dist, '404.html'), '<h1>ikke funnet</h1>')
writeFileSync(path.join(dist, 'en/404.html'), '<h1>not found</h1>')
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
