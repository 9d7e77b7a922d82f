import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { builtRoutes, type ResolvedRoute } from '../../src/build/built-routes'
import { distDir, pageFile, siteOrigin } from '../../src/build/site'
import { type Lang, langs, ogLocale } from '../../src/i18n/lang'
import { unlistedRoutes } from '../../src/routes'

const allRoutes = builtRoutes()

// jsdom ships no type declarations; this is the one constructor used here.
// @ts-expect-error -- untyped module
const { JSDOM } = (await import('jsdom')) as { JSDOM: new (html: string) => { window: Window } }

// Checks the prerendered site in dist/: what a search engine or LinkedIn's link preview reads.
const built = existsSync(path.join(distDir, 'index.html'))
if (!built) console.warn('tests/build/seo.test.ts: dist/ is missing, so these checks are skipped. Run `npm run build` first.')

const publicRoutes = allRoutes.filter((route) => route.access === 'public')
const origin = siteOrigin()

function load(route: ResolvedRoute) {
  return new JSDOM(readFileSync(pageFile(route.url), 'utf8')).window.document
}

const meta = (doc: Document, selector: string) => doc.querySelector(selector)?.getAttribute('content') ?? null

function pngSize(file: string) {
  const bytes = readFileSync(file)
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a')
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

function jsonLd(doc: Document): Array<Record<string, unknown>> {
  return [...doc.querySelectorAll('script[type="application/ld+json"]')].map((script) => {
    // Inline JSON must not be able to close its script element.
    expect(script.textContent).not.toContain('</')
    return JSON.parse(script.textContent ?? '')
  })
}

const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim()

describe.skipIf(!built)('prerendered pages: sharing and search', () => {
  for (const lang of langs) {
    it(`every public ${lang} page has its own title and description`, () => {
      const pages = publicRoutes.filter((route) => route.lang === lang).map((route) => ({ route, doc: load(route) }))
      const titles = pages.map(({ doc }) => doc.title)
      const descriptions = pages.map(({ doc }) => meta(doc, 'meta[name="description"]'))
      for (const title of titles) expect(title.length).toBeGreaterThan(0)
      for (const description of descriptions) expect(description?.length ?? 0).toBeGreaterThan(20)
      expect(new Set(titles).size).toBe(titles.length)
      expect(new Set(descriptions).size).toBe(descriptions.length)
    })
  }

  for (const route of publicRoutes) {
    it(`${route.url}: canonical, hreflang, Open Graph, Twitter card`, () => {
      const doc = load(route)
      const url = `${origin}${route.url}`
      expect(doc.documentElement.lang).toBe(route.lang)
      expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(url)

      const alternates = Object.fromEntries(
        [...doc.querySelectorAll('link[rel="alternate"][hreflang]')].map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]),
      )
      const twin = (lang: Lang) => allRoutes.find((r) => r.key === route.key && r.lang === lang)!
      expect(alternates).toEqual({ nb: `${origin}${twin('nb').url}`, en: `${origin}${twin('en').url}`, 'x-default': `${origin}${twin('nb').url}` })

      expect(meta(doc, 'meta[property="og:title"]')).toBe(doc.title)
      expect(meta(doc, 'meta[property="og:description"]')).toBe(meta(doc, 'meta[name="description"]'))
      expect(meta(doc, 'meta[property="og:url"]')).toBe(url)
      expect(meta(doc, 'meta[property="og:type"]')).toBe('website')
      expect(meta(doc, 'meta[property="og:locale"]')).toBe(ogLocale[route.lang])
      expect(meta(doc, 'meta[property="og:locale:alternate"]')).toBe(ogLocale[route.lang === 'nb' ? 'en' : 'nb'])
      expect(meta(doc, 'meta[name="twitter:card"]')).toBe('summary_large_image')

      const image = meta(doc, 'meta[property="og:image"]')!
      expect(image).toBe(`${origin}/og/${route.lang}.png`)
      expect(meta(doc, 'meta[name="twitter:image"]')).toBe(image)
      expect(meta(doc, 'meta[property="og:image:width"]')).toBe('1200')
      expect(meta(doc, 'meta[property="og:image:height"]')).toBe('627')
      const file = path.join(distDir, new URL(image).pathname)
      expect(existsSync(file), `${file} exists`).toBe(true)
      expect(pngSize(file)).toEqual({ width: 1200, height: 627 })
    })

    it(`${route.url}: structured data`, () => {
      const doc = load(route)
      const data = jsonLd(doc)
      const types = data.map((item) => item['@type'])
      if (route.key === 'home') {
        expect(types).toEqual(['Organization'])
        const organization = data[0]!
        expect(organization['@context']).toBe('https://schema.org')
        expect(organization.name).toBe('Vekstlinje')
        expect(organization.url).toBe(`${origin}${route.url}`)
      } else if (route.key === 'pricing' || route.key === 'help') {
        expect(types).toEqual(['FAQPage'])
        const entities = data[0]!.mainEntity as Array<{ name: string; acceptedAnswer: { text: string } }>
        // The structured FAQ says exactly what the page shows.
        const questions = [...doc.querySelectorAll('[data-scope="faq"] button[aria-controls]')].map((b) => clean(b.textContent))
        const answers = [...doc.querySelectorAll('[data-scope="faq"] [role="region"]')].map((r) => clean(r.textContent))
        expect(entities.map((entity) => entity.name)).toEqual(questions)
        expect(entities.map((entity) => entity.acceptedAnswer.text)).toEqual(answers)
        expect(questions).toHaveLength(route.key === 'pricing' ? 5 : 4)
      } else expect(types).toEqual([])
    })
  }
})

describe.skipIf(!built)('what search engines may list', () => {
  const sitemap = built ? readFileSync(path.join(distDir, 'sitemap.xml'), 'utf8') : ''
  const listed = (route: ResolvedRoute) => sitemap.includes(`<loc>${origin}${route.url}</loc>`)

  it('the pages an e-mail link opens are kept out of search', () => {
    expect(unlistedRoutes).toEqual(expect.arrayContaining(['emailLink', 'resetPassword']))
  })

  for (const route of publicRoutes) {
    const unlisted = unlistedRoutes.includes(route.key)
    it(`${route.url}: ${unlisted ? 'noindex, and not in the sitemap' : 'indexable, and in the sitemap'}`, () => {
      expect(load(route).querySelector('meta[name="robots"]')?.getAttribute('content') ?? null).toBe(unlisted ? 'noindex' : null)
      expect(listed(route)).toBe(!unlisted)
    })
  }
})

describe.skipIf(!built)('prerendered footer', () => {
  it('every public page carries the copyright years up to the year of the build', () => {
    const year = new Date().getFullYear()
    const expected = year > 2025 ? `© 2025–${year} Vekstlinje AS` : '© 2025 Vekstlinje AS'
    for (const route of publicRoutes) expect(load(route).querySelector('footer')?.textContent, route.url).toContain(expected)
  })
})
