import { prerenderToNodeStream } from 'react-dom/static'
import { createI18n, loadMessages } from '../i18n/i18n'
import { type Lang, htmlLang } from '../i18n/lang'
import { App, type SsrContext } from './app'
import { headTags } from './head'
import type { RouteKey } from './routes'

export interface RenderedPage {
  html: string
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
  const i18n = createI18n(options.lang, await loadMessages(options.lang))
  const ssrContext: SsrContext = {}
  const { prelude } = await prerenderToNodeStream(<App i18n={i18n} ssrPath={options.url} ssrContext={ssrContext} />)
  const html = await streamToString(prelude)
  return {
    html,
    head: headTags({ i18n, lang: options.lang, origin: options.origin, route: options.route, extra: options.extraHead }),
    htmlLang: htmlLang[options.lang],
    status: options.route ? 200 : 404,
  }
}

export { allRoutes, type ResolvedRoute } from './routes'
