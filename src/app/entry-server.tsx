import { prerenderToNodeStream } from 'react-dom/static'
import { jsonLdTag, structuredDataFor } from '../features/seo/structured-data'
import { createI18n } from '../i18n/i18n'
import { type Lang, htmlLang } from '../i18n/lang'
import { App, type SsrContext } from './app'
import { headTags } from './head'
import { notFoundView, routeViews } from './route-views'
import { notFoundRoute, type RouteKey, routes } from '../routes'

export interface RenderedPage {
  html: string
  /** The source modules the page loads before it hydrates, beyond the entry and its imports: the
   * prerenderer preloads their chunks, so the browser fetches them all at once. */
  modules: string[]
  head: string
  htmlLang: string
  status: number
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
  return Buffer.concat(chunks).toString('utf8')
}

/** Renders one page to HTML, waiting for its lazily loaded view. */
export async function renderPage(options: {
  url: string
  lang: Lang
  route?: RouteKey
  origin: string
  extraHead?: string[]
}): Promise<RenderedPage> {
  const record = options.route ? routes[options.route] : notFoundRoute
  const scopes = [record.scope]
  const i18n = await createI18n(options.lang, [...scopes, 'meta'])
  // Loaded ahead, the view renders at once: no pending Suspense boundary, no inline script.
  await (options.route ? routeViews[options.route] : notFoundView).preload(i18n)
  const ssrContext: SsrContext = {}
  const errors: unknown[] = []
  // A message outside the page's catalog scopes would show its id: fail the build instead.
  i18n.on('missing', ({ id }) => {
    errors.push(new Error(`message ${id} is not in the catalog scopes of ${options.url} (see src/build/message-scopes.ts)`))
  })
  const { prelude } = await prerenderToNodeStream(<App i18n={i18n} ssrPath={options.url} ssrContext={ssrContext} />, {
    // Static pages gain nothing from progressive chunks, whose completion scripts the CSP forbids.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (error) => {
      errors.push(error)
    },
  })
  // A page that fails to render must fail the build, not ship a client-rendering fallback.
  if (errors.length > 0) throw new AggregateError(errors, `Rendering ${options.url} failed: ${String(errors[0])}`)
  const html = await streamToString(prelude)
  const structuredData = options.route
    ? structuredDataFor(options.route, i18n, options.origin, options.lang).map(jsonLdTag)
    : []
  const catalogs = ['core', ...scopes].map((scope) => `locales/${options.lang}/messages.po?scope=${scope}`)
  const view = [`src/views/${record.view}.tsx`]
  const gate = options.route && routes[options.route].access === 'protected' ? ['src/features/auth/protected-route.tsx'] : []
  return {
    html,
    modules: [...view, ...gate, ...catalogs],
    head: headTags({
      i18n,
      lang: options.lang,
      origin: options.origin,
      route: options.route,
      extra: [...(options.extraHead ?? []), ...structuredData],
    }),
    htmlLang: htmlLang[options.lang],
    status: options.route ? 200 : 404,
  }
}

export { allRoutes, href, type ResolvedRoute, type RouteKey, type RouteRecord, routes, unlistedRoutes } from '../routes'
