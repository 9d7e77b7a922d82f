import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type * as EntryServer from '../app/entry-server'
import { langs } from '../i18n/lang'
import { distDir, notFoundFile, pageFile, siteOrigin, ssrDir } from './site'

async function fontPreloads(): Promise<string[]> {
  const assets = await readdir(path.join(distDir, 'assets'))
  return assets
    .filter((file) => /^inter-latin-wght-normal.*\.woff2$/.test(file))
    .map((file) => `<link rel="preload" href="/assets/${file}" as="font" type="font/woff2" crossorigin />`)
}

/** Writes static HTML for every route in both languages, and the 404 pages. */
export async function prerender(): Promise<number> {
  const { renderPage, allRoutes } = (await import(
    pathToFileURL(path.join(ssrDir, 'entry-server.js')).href
  )) as typeof EntryServer
  const template = await readFile(path.join(distDir, 'index.html'), 'utf8')
  const origin = siteOrigin()
  const preloads = await fontPreloads()
  const write = async (file: string, page: EntryServer.RenderedPage) => {
    const html = template
      .replace('<html lang="nb">', `<html lang="${page.htmlLang}">`)
      .replace('<!--app-head-->', page.head)
      .replace('<!--app-html-->', page.html)
    await mkdir(path.dirname(file), { recursive: true })
    await writeFile(file, html)
  }
  for (const route of allRoutes) {
    const page = await renderPage({ url: route.url, lang: route.lang, route: route.key, origin, extraHead: preloads })
    await write(pageFile(route.url), page)
  }
  for (const lang of langs) {
    const url = lang === 'nb' ? '/404' : '/en/404'
    await write(notFoundFile(lang), await renderPage({ url, lang, origin, extraHead: preloads }))
  }
  await writeSitemap(origin, allRoutes)
  return allRoutes.length + langs.length
}

async function writeSitemap(origin: string, allRoutes: EntryServer.ResolvedRoute[]) {
  const publicRoutes = allRoutes.filter((route) => route.access === 'public')
  const urls = publicRoutes.map((route) => {
    const alternates = publicRoutes
      .filter((alt) => alt.key === route.key)
      .map((alt) => `    <xhtml:link rel="alternate" hreflang="${alt.lang}" href="${origin}${alt.url}"/>`)
      .join('\n')
    return `  <url>\n    <loc>${origin}${route.url}</loc>\n${alternates}\n  </url>`
  })
  const sitemap = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`
  await writeFile(path.join(distDir, 'sitemap.xml'), sitemap)
  const disallowed = allRoutes.filter((route) => route.access === 'protected').map((route) => `Disallow: ${route.url}`)
  await writeFile(
    path.join(distDir, 'robots.txt'),
    `User-agent: *\nAllow: /\n${disallowed.join('\n')}\n\nSitemap: ${origin}/sitemap.xml\n`,
  )
}
