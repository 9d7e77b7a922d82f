import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ComponentType } from 'react'
import { type Lang, langs, localizePath } from '../i18n/lang'

export type Access = 'public' | 'protected'

interface RouteDef {
  /** The path without a language prefix. */
  path: string
  access: Access
  title: MessageDescriptor
  description: MessageDescriptor
  load: () => Promise<{ default: ComponentType }>
}

/** Every page of the site, listed once. Both languages, links, prerendering, the sitemap,
 * hreflang alternates and the protected gate derive from this table. */
export const routeTable = {
  home: {
    path: '/',
    access: 'public',
    title: msg({ message: 'Vekstlinje – done-for-you LinkedIn growth for B2B', context: 'page title' }),
    description: msg`We plan, ghostwrite and publish your LinkedIn content, run personalised outreach and hand qualified leads to your sales team every week.`,
    load: () => import('../views/home-page'),
  },
  pricing: {
    path: '/pricing',
    access: 'public',
    title: msg({ message: 'Pricing – Vekstlinje', context: 'page title' }),
    description: msg`One Enterprise plan, shaped around your team: content, outreach, qualified handoffs and reporting.`,
    load: () => import('../views/pricing-page'),
  },
  useCases: {
    path: '/use-cases',
    access: 'public',
    title: msg({ message: 'Use cases – Vekstlinje', context: 'page title' }),
    description: msg`How sales teams, founders, marketing teams and recruiters grow pipeline on LinkedIn with Vekstlinje.`,
    load: () => import('../views/use-cases-page'),
  },
  help: {
    path: '/help',
    access: 'public',
    title: msg({ message: 'Help center – Vekstlinje', context: 'page title' }),
    description: msg`Answers to common questions and how to reach our support team.`,
    load: () => import('../views/help-page'),
  },
  docs: {
    path: '/docs',
    access: 'public',
    title: msg({ message: 'Service overview – Vekstlinje', context: 'page title' }),
    description: msg`What we do, how the four phases work, what you get and who the service is for.`,
    load: () => import('../views/docs-page'),
  },
  legalHub: {
    path: '/api',
    access: 'public',
    title: msg({ message: 'Legal & Trust – Vekstlinje', context: 'page title' }),
    description: msg`Privacy, terms, data processing, subprocessors, security and cookies at Vekstlinje.`,
    load: () => import('../views/legal-hub-page'),
  },
  demo: {
    path: '/demo',
    access: 'public',
    title: msg({ message: 'Book a demo – Vekstlinje', context: 'page title' }),
    description: msg`Tell us about your team and goals, and we will show you how done-for-you LinkedIn growth works.`,
    load: () => import('../views/demo-page'),
  },
  login: {
    path: '/login',
    access: 'public',
    title: msg({ message: 'Sign in – Vekstlinje', context: 'page title' }),
    description: msg`Sign in to your Vekstlinje account.`,
    load: () => import('../views/login-page'),
  },
  register: {
    path: '/register',
    access: 'public',
    title: msg({ message: 'Create account – Vekstlinje', context: 'page title' }),
    description: msg`Create a Vekstlinje account to use the AI platform.`,
    load: () => import('../views/register-page'),
  },
  privacy: {
    path: '/privacy',
    access: 'public',
    title: msg({ message: 'Privacy policy – Vekstlinje', context: 'page title' }),
    description: msg`How Vekstlinje AS collects, uses and protects personal data.`,
    load: () => import('../views/privacy-page'),
  },
  terms: {
    path: '/terms',
    access: 'public',
    title: msg({ message: 'Terms of service – Vekstlinje', context: 'page title' }),
    description: msg`The terms that govern Vekstlinje's services.`,
    load: () => import('../views/terms-page'),
  },
  cookies: {
    path: '/cookies',
    access: 'public',
    title: msg({ message: 'Cookie policy – Vekstlinje', context: 'page title' }),
    description: msg`Which cookies Vekstlinje uses, why, and for how long.`,
    load: () => import('../views/cookies-page'),
  },
  dpa: {
    path: '/dpa',
    access: 'public',
    title: msg({ message: 'Data processing agreement – Vekstlinje', context: 'page title' }),
    description: msg`The data processing agreement between Vekstlinje AS and its clients.`,
    load: () => import('../views/dpa-page'),
  },
  security: {
    path: '/security',
    access: 'public',
    title: msg({ message: 'Security and subprocessors – Vekstlinje', context: 'page title' }),
    description: msg`How Vekstlinje secures data, and the subprocessors we use.`,
    load: () => import('../views/security-page'),
  },
  checkoutPro: {
    path: '/checkout-pro',
    access: 'protected',
    title: msg({ message: 'Upgrade to Pro – Vekstlinje', context: 'page title' }),
    description: msg`Buy the Pro plan.`,
    load: () => import('../views/checkout-page'),
  },
  app: {
    path: '/app',
    access: 'protected',
    title: msg({ message: 'Dashboard – Vekstlinje', context: 'page title' }),
    description: msg`Your Vekstlinje dashboard.`,
    load: () => import('../views/dashboard-page'),
  },
} satisfies Record<string, RouteDef>

export type RouteKey = keyof typeof routeTable
export const routeKeys = Object.keys(routeTable) as RouteKey[]

/** The href of a page in a language; every internal link is built here. */
export function href(key: RouteKey, lang: Lang, hash?: string): string {
  const path = localizePath(routeTable[key].path, lang)
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
  routeKeys.map((key) => ({ key, lang, url: href(key, lang), access: routeTable[key].access as Access })),
)

export function matchRoute(pathname: string): ResolvedRoute | undefined {
  return allRoutes.find((route) => route.url === pathname)
}

/** Title and description of the 404 page. */
export const notFoundMeta = {
  title: msg({ message: 'Page not found – Vekstlinje', context: 'page title' }),
  description: msg`The page you are looking for does not exist or has moved.`,
}
