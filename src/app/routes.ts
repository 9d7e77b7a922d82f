import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ComponentType } from 'react'
import { type RouteKey, routePaths } from './route-paths'

export * from './route-paths'

/** A page's module: its view, and its title (in the page's own catalog scope). */
export interface PageModule {
  default: ComponentType
  title: MessageDescriptor
}

// Every view module, each its own chunk.
const pageModules = import.meta.glob<PageModule>(['../views/*-page.tsx', '!../views/not-found-page.tsx'])

export interface RouteDef {
  /** The view's source file (the prerenderer preloads its chunk). */
  view: string
  load: () => Promise<PageModule>
}

function page(name: string): RouteDef {
  const load = pageModules[`../views/${name}.tsx`]
  if (!load) throw new Error(`src/views/${name}.tsx does not exist`)
  return { view: `src/views/${name}.tsx`, load }
}

/** Every page's module (its view and title). Paths and access live in `route-paths.ts`,
 * descriptions (only the prerendered head uses them) in `route-descriptions.ts`; both languages,
 * links, prerendering, the sitemap, hreflang and the protected gate derive from them. */
export const routeTable: Record<RouteKey, RouteDef> = {
  home: page('home-page'),
  pricing: page('pricing-page'),
  useCases: page('use-cases-page'),
  help: page('help-page'),
  docs: page('docs-page'),
  legalHub: page('legal-hub-page'),
  demo: page('demo-page'),
  login: page('login-page'),
  register: page('register-page'),
  forgotPassword: page('forgot-password-page'),
  resetPassword: page('reset-password-page'),
  privacy: page('privacy-page'),
  terms: page('terms-page'),
  cookies: page('cookies-page'),
  dpa: page('dpa-page'),
  security: page('security-page'),
  checkoutPro: page('checkout-page'),
  app: page('dashboard-page'),
  account: page('account-page'),
}

/** A page's access rule, from the paths table. */
export const accessOf = (key: RouteKey) => routePaths[key].access

/** Title of the 404 page. */
export const notFoundMeta = {
  title: msg({ message: 'Page not found – Vekstlinje', context: 'page title' }),
}
