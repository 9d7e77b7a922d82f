import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type * as EntryServer from '../app/entry-server'
import { langs } from '../i18n/lang'
import { buildPageScripts } from './page-script'
import { distDir, notFoundFile, pageFile, siteOrigin, ssrDir } from './site'

interface ManifestChunk {
  file: string
  imports?: string[]
  isEntry?: boolean
}
type Manifest = Record<string, ManifestChunk>

/** The app's entry and the chunks it and the given modules import statically, each once: the
 * page's script requests them all at once after the first paint, so the browser fetches all the
 * page needs to hydrate in one round trip instead of discovering it import by import. */
export function preloadsFor(manifest: Manifest, modules: readonly string[]): string[] {
  const entry = manifest['index.html']
  const files = new Set<string>()
  // The app's entry, which the page's script starts after the first paint; listed first.
  const app = 'src/app/entry-client.tsx'
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk) throw new Error(`${key} is not in the build manifest`)
    if (chunk === entry || files.has(chunk.file)) return
    files.add(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  for (const imported of [app, ...(entry?.imports ?? [])]) visit(imported)
  for (const module of modules) visit(module)
  return [...files]
}

/** Writes static HTML for every route in both languages, and the 404 pages. */
export async function prerender(): Promise<number> {
  const { renderPage, allRoutes, routes, href, unlistedRoutes } = (await import(
    pathToFileURL(path.join(ssrDir, 'entry-server.js')).href
  )) as typeof EntryServer
  const template = await readFile(path.join(distDir, 'index.html'), 'utf8')
  const manifestDir = path.join(distDir, '.vite')
  const manifest = JSON.parse(await readFile(path.join(manifestDir, 'manifest.json'), 'utf8')) as Manifest
  const origin = siteOrigin()
  // What a first paint needs, the HTML and the stylesheet, is requested first. The font is not
  // preloaded: Chromium holds the first paint for a preloaded font (up to 100 ms), while the page
  // reads the same without it (local fallbacks scaled to its metrics, theme.css.ts). The
  // page's script (src/app/page-script/) is a classic script in the head, right after the
  // stylesheet: it runs before anything can be tapped (and, waiting for the stylesheet as such a
  // script does, before the first paint, which waits for it anyway), and requests the page's
  // modules after the first paint. The development server's module script (index.html) goes.
  const stylesheet = /<link rel="stylesheet"[^>]*>/.exec(template)?.[0]
  const devScript = /<script type="module" crossorigin src="[^"]+"><\/script>/.exec(template)?.[0] ?? ''
  if (!stylesheet) throw new Error('index.html lacks its stylesheet')
  const pageScripts = await buildPageScripts()
  const pageTemplate = template.replace(stylesheet, '').replace(devScript, '')
  // What a visitor surely without a session gets on a page that needs one: the page they would be
  // sent to (a signed-in page's sign-in page, which brings them back; the new-password page's form
  // that asks for a link), prerendered into a template that the page's script shows in place, at
  // that page's address, instead of loading a second page (src/app/page-script/signed-out.ts).
  const withoutSession = async ({ key, lang }: EntryServer.ResolvedRoute): Promise<string> => {
    const record: EntryServer.RouteRecord = routes[key]
    const target = record.access === 'protected' ? 'login' : (record.withoutSession as EntryServer.RouteKey | undefined)
    if (!target) return ''
    const url = href(target, lang)
    const page = await renderPage({ url, lang, route: target, origin })
    const title = /<title>([^<]*)<\/title>/.exec(page.head)?.[1]
    if (title === undefined) throw new Error(`${url} has no title`)
    const modules = preloadsFor(manifest, page.modules).map((file) => `/${file}`)
    const comeBack = record.access === 'protected' ? ' data-come-back' : ''
    return `<template data-without-session="${url}"${comeBack} data-title="${title}" data-modules="${modules.join(' ')}">${page.html}</template>`
  }
  // A public page starts its app at the visitor's first sign of life, or at once when its record
  // says so (`data-start`); a page with a without-session template decides in its script.
  const write = async (file: string, page: EntryServer.RenderedPage, fallback = '', record?: EntryServer.RouteRecord) => {
    const modules = preloadsFor(manifest, page.modules).map((file) => `/${file}`)
    const start = record?.startsAtOnce && !fallback ? ' data-start="at-once"' : ''
    const kind = fallback ? 'gated' : record?.readsEmailLink ? 'email-link' : 'public'
    const script = `<script src="${pageScripts[kind]}"${start} data-modules="${modules.join(' ')}"></script>`
    const html = pageTemplate
      .replace('<html lang="nb">', `<html lang="${page.htmlLang}" data-island="shell">`)
      .replace('<!--app-head-->', [page.head, stylesheet, script].join('\n    '))
      .replace('<!--app-html-->', page.html)
      .replace('<!--app-without-session-->', fallback)
    await mkdir(path.dirname(file), { recursive: true })
    await writeFile(file, html)
  }
  for (const route of allRoutes) {
    const page = await renderPage({ url: route.url, lang: route.lang, route: route.key, origin })
    const record: EntryServer.RouteRecord = routes[route.key]
    await write(pageFile(route.url), page, await withoutSession(route), record)
  }
  for (const lang of langs) {
    const url = lang === 'nb' ? '/404' : '/en/404'
    await write(notFoundFile(lang), await renderPage({ url, lang, origin }))
  }
  await writeSitemap(origin, allRoutes, unlistedRoutes)
  // The route list, for tools that run against the built site (src/build/built-routes.ts).
  await writeFile(path.join(distDir, 'routes.json'), `${JSON.stringify(allRoutes, null, 2)}\n`)
  // Build information only: not for the web.
  await rm(manifestDir, { recursive: true, force: true })
  return allRoutes.length + langs.length
}

async function writeSitemap(origin: string, allRoutes: EntryServer.ResolvedRoute[], unlistedRoutes: readonly EntryServer.RouteKey[]) {
  const publicRoutes = allRoutes.filter((route) => route.access === 'public' && !unlistedRoutes.includes(route.key))
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
