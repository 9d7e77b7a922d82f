import { type Lang, langs, localizePath } from '../i18n/lang'

export type Access = 'public' | 'protected'

/** Every page's language-free path and who may see it. The route table (`routes.ts`) adds titles
 * and views; plain Node code (build, server, tests) reads this file directly. */
export const routePaths = {
  home: { path: '/', access: 'public' },
  pricing: { path: '/pricing', access: 'public' },
  useCases: { path: '/use-cases', access: 'public' },
  help: { path: '/help', access: 'public' },
  docs: { path: '/docs', access: 'public' },
  legalHub: { path: '/api', access: 'public' },
  demo: { path: '/demo', access: 'public' },
  login: { path: '/login', access: 'public' },
  register: { path: '/register', access: 'public' },
  forgotPassword: { path: '/forgot-password', access: 'public' },
  resetPassword: { path: '/reset-password', access: 'public' },
  privacy: { path: '/privacy', access: 'public' },
  terms: { path: '/terms', access: 'public' },
  cookies: { path: '/cookies', access: 'public' },
  dpa: { path: '/dpa', access: 'public' },
  security: { path: '/security', access: 'public' },
  checkoutPro: { path: '/checkout-pro', access: 'protected' },
  app: { path: '/app', access: 'protected' },
  account: { path: '/account', access: 'protected' },
} as const satisfies Record<string, { path: string; access: Access }>

export type RouteKey = keyof typeof routePaths
export const routeKeys = Object.keys(routePaths) as RouteKey[]

/** The href of a page in a language; every internal link is built here. */
export function href(key: RouteKey, lang: Lang, hash?: string): string {
  const path = localizePath(routePaths[key].path, lang)
  return hash ? `${path}#${hash}` : path
}

export interface ResolvedRoute {
  key: RouteKey
  lang: Lang
  url: string
  access: Access
}

/** Every route in both languages. */
export const allRoutes: ResolvedRoute[] = langs.flatMap((lang) =>
  routeKeys.map((key) => ({ key, lang, url: href(key, lang), access: routePaths[key].access as Access })),
)

export function matchRoute(pathname: string): ResolvedRoute | undefined {
  return allRoutes.find((route) => route.url === pathname)
}
