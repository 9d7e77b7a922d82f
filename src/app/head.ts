import type { I18n } from '@lingui/core'
import { type Lang, langs, ogLocale } from '../i18n/lang'
import { descriptions, href, notFoundRoute, type RouteKey, routes, unlistedRoutes } from '../routes'

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

export interface HeadInput {
  i18n: I18n
  lang: Lang
  origin: string
  /** The page, or undefined for the 404 page. */
  route?: RouteKey
  /** Extra tags a page contributes (structured data, preloads). */
  extra?: string[]
}

/** The `<head>` tags of a prerendered page: title, description, canonical, hreflang, Open Graph. */
export function headTags({ i18n, lang, origin, route, extra = [] }: HeadInput): string {
  const record = route ? routes[route] : notFoundRoute
  const title = i18n._(record.title)
  const description = i18n._(descriptions[route ?? 'notFound'])
  const tags = [`<title>${escapeHtml(title)}</title>`, `<meta name="description" content="${escapeHtml(description)}" />`]
  if (!route) {
    tags.push('<meta name="robots" content="noindex" />')
    return [...tags, ...extra].join('\n    ')
  }
  const url = (l: Lang) => `${origin}${href(route, l)}`
  const indexed = routes[route].access === 'public' && !unlistedRoutes.includes(route)
  if (!indexed) tags.push('<meta name="robots" content="noindex" />')
  tags.push(`<link rel="canonical" href="${url(lang)}" />`)
  for (const l of langs) tags.push(`<link rel="alternate" hreflang="${l}" href="${url(l)}" />`)
  tags.push(`<link rel="alternate" hreflang="x-default" href="${url('nb')}" />`)
  const image = `${origin}/og/${lang}.png`
  tags.push(
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Vekstlinje" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${url(lang)}" />`,
    `<meta property="og:locale" content="${ogLocale[lang]}" />`,
    ...langs.filter((l) => l !== lang).map((l) => `<meta property="og:locale:alternate" content="${ogLocale[l]}" />`),
    `<meta property="og:image" content="${image}" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="627" />`,
    `<meta property="og:image:alt" content="${escapeHtml(title)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
    `<meta name="twitter:image" content="${image}" />`,
  )
  return [...tags, ...extra].join('\n    ')
}
