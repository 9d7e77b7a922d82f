import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ComponentType } from 'react'
import { type RouteKey, routePaths } from './route-paths'

export * from './route-paths'

interface RouteDef {
  title: MessageDescriptor
  load: () => Promise<{ default: ComponentType }>
}

/** Every page's title and view. Paths and access live in `route-paths.ts`, descriptions (only the
 * prerendered head uses them) in `route-descriptions.ts`; both languages, links, prerendering,
 * the sitemap, hreflang and the protected gate derive from them. */
export const routeTable = {
  home: {
    title: msg({ message: 'Vekstlinje – done-for-you LinkedIn growth for B2B', context: 'page title' }),
    load: () => import('../views/home-page'),
  },
  pricing: {
    title: msg({ message: 'Pricing – Vekstlinje', context: 'page title' }),
    load: () => import('../views/pricing-page'),
  },
  useCases: {
    title: msg({ message: 'Use cases – Vekstlinje', context: 'page title' }),
    load: () => import('../views/use-cases-page'),
  },
  help: {
    title: msg({ message: 'Help center – Vekstlinje', context: 'page title' }),
    load: () => import('../views/help-page'),
  },
  docs: {
    title: msg({ message: 'Service overview – Vekstlinje', context: 'page title' }),
    load: () => import('../views/docs-page'),
  },
  legalHub: {
    title: msg({ message: 'Legal & Trust – Vekstlinje', context: 'page title' }),
    load: () => import('../views/legal-hub-page'),
  },
  demo: {
    title: msg({ message: 'Book a demo – Vekstlinje', context: 'page title' }),
    load: () => import('../views/demo-page'),
  },
  login: {
    title: msg({ message: 'Sign in – Vekstlinje', context: 'page title' }),
    load: () => import('../views/login-page'),
  },
  register: {
    title: msg({ message: 'Create account – Vekstlinje', context: 'page title' }),
    load: () => import('../views/register-page'),
  },
  privacy: {
    title: msg({ message: 'Privacy policy – Vekstlinje', context: 'page title' }),
    load: () => import('../views/privacy-page'),
  },
  terms: {
    title: msg({ message: 'Terms of service – Vekstlinje', context: 'page title' }),
    load: () => import('../views/terms-page'),
  },
  cookies: {
    title: msg({ message: 'Cookie policy – Vekstlinje', context: 'page title' }),
    load: () => import('../views/cookies-page'),
  },
  dpa: {
    title: msg({ message: 'Data processing agreement – Vekstlinje', context: 'page title' }),
    load: () => import('../views/dpa-page'),
  },
  security: {
    title: msg({ message: 'Security and subprocessors – Vekstlinje', context: 'page title' }),
    load: () => import('../views/security-page'),
  },
  checkoutPro: {
    title: msg({ message: 'Upgrade to Pro – Vekstlinje', context: 'page title' }),
    load: () => import('../views/checkout-page'),
  },
  app: {
    title: msg({ message: 'Dashboard – Vekstlinje', context: 'page title' }),
    load: () => import('../views/dashboard-page'),
  },
} satisfies Record<RouteKey, RouteDef>

/** A page's access rule, from the paths table. */
export const accessOf = (key: RouteKey) => routePaths[key].access

/** Title of the 404 page. */
export const notFoundMeta = {
  title: msg({ message: 'Page not found – Vekstlinje', context: 'page title' }),
}
