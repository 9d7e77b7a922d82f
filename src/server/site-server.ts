import { existsSync, readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { secureHeaders } from 'hono/secure-headers'
import { contentSecurityPolicy, STRICT_TRANSPORT_SECURITY } from './security-headers'

const htmlHeaders = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' }
/** Signed-in pages: no browser, proxy or CDN keeps a copy (they show the account once the app runs). */
const signedInHtmlHeaders = { ...htmlHeaders, 'Cache-Control': 'no-store' }

/** The URLs of the signed-in pages, from the route list the build wrote (none without one). */
function protectedUrls(root: string): Set<string> {
  const file = path.join(root, 'routes.json')
  if (!existsSync(file)) return new Set()
  const routes = JSON.parse(readFileSync(file, 'utf8')) as Array<{ url: string; access: string }>
  return new Set(routes.filter((route) => route.access === 'protected').map((route) => route.url))
}

/** Serves the built site: each route's prerendered page, hashed assets cached for a year,
 * and the 404 page with status 404 for anything else. */
export function createSiteServer({ distDir, supabaseUrl, botCheckScriptUrl }: { distDir: string; supabaseUrl?: string; botCheckScriptUrl?: string }) {
  const app = new Hono()
  const root = path.resolve(distDir)
  const signedIn = protectedUrls(root)

  // HTML, JavaScript, CSS, SVG, JSON and XML go out gzipped, as any static host sends them.
  app.use(compress({ encoding: 'gzip' }))

  app.use(
    secureHeaders({
      contentSecurityPolicy: contentSecurityPolicy(supabaseUrl, botCheckScriptUrl),
      strictTransportSecurity: STRICT_TRANSPORT_SECURITY,
      referrerPolicy: 'strict-origin-when-cross-origin',
      xFrameOptions: 'DENY',
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: 'same-origin',
      permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
    }),
  )

  // A path that is not valid percent-encoding is a bad request, not a server error.
  app.use(async (c, next) => {
    try {
      decodeURIComponent(new URL(c.req.url).pathname)
    } catch {
      return c.text('Bad request', 400)
    }
    await next()
  })

  // One spelling per page: `/pricing/` redirects to `/pricing`. A path that starts with `//` names
  // no page of this site (and as a redirect target would leave it): 404.
  app.use(async (c, next) => {
    const { pathname, search } = new URL(c.req.url)
    if (pathname.startsWith('//')) return c.notFound()
    if (pathname.length > 1 && pathname.endsWith('/')) return c.redirect(`/${pathname.replace(/^\/+|\/+$/g, '')}${search}`, 301)
    await next()
  })

  // A page has one address: `/pricing/index.html` redirects to `/pricing`, `/index.html` to `/`. The
  // 404 pages (and any other HTML file) are no page of their own: 404.
  app.use(async (c, next) => {
    const { pathname, search } = new URL(c.req.url)
    if (!decodeURIComponent(pathname).endsWith('.html')) return next()
    if (pathname.endsWith('/index.html')) {
      // The address as sent (still encoded), so the redirect stays a path of this site.
      const page = pathname.slice(0, -'/index.html'.length) || '/'
      const file = path.join(root, decodeURIComponent(page), 'index.html')
      if (file.startsWith(root + path.sep) && existsSync(file)) return c.redirect(`${page}${search}`, 301)
    }
    return c.notFound()
  })

  // Prerendered pages: the route table decided which files exist.
  app.get('*', async (c, next) => {
    const pathname = decodeURIComponent(new URL(c.req.url).pathname)
    if (path.extname(pathname) !== '') return next()
    const file = path.join(root, pathname, 'index.html')
    if (!file.startsWith(root + path.sep) || !existsSync(file)) return next()
    return c.body(await readFile(file), 200, signedIn.has(pathname) ? signedInHtmlHeaders : htmlHeaders)
  })

  app.use(
    '*',
    serveStatic({
      root,
      onFound: (filePath, c) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`)
        c.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600')
      },
    }),
  )

  app.notFound(async (c) => {
    const pathname = new URL(c.req.url).pathname
    const english = pathname === '/en' || pathname.startsWith('/en/')
    const page = await readFile(path.join(root, english ? 'en/404.html' : '404.html'))
    return c.body(page, 404, htmlHeaders)
  })

  return app
}
