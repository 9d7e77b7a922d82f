import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ComponentType } from 'react'
import { type RouteKey, routePaths } from './route-paths'

export * from './route-paths'

interface RouteDef {
  title: MessageDescriptor
  description: MessageDescriptor
  load: () => Promise<{ default: ComponentType }>
}

/** Every page's title, description and view. Paths and access live in `route-paths.ts`; both
 * languages, links, prerendering, the sitemap, hreflang and the protected gate derive from the two. */
export const routeTable = {
  home: {
    title: msg({ message: 'Vekstlinje – done-for-you LinkedIn growth for B2B', context: 'page title' }),
    description: msg`We plan, ghostwrite and publish your LinkedIn content, run personalised outreach and hand qualified leads to your sales team every week.`,
    load: () => import('../views/home-page'),
  },
  pricing: {
    title: msg({ message: 'Pricing – Vekstlinje', context: 'page title' }),
    description: msg`One Enterprise plan, shaped around your team: content, outreach, qualified handoffs and reporting.`,
    load: () => import('../views/pricing-page'),
  },
  useCases: {
    title: msg({ message: 'Use cases – Vekstlinje', context: 'page title' }),
    description: msg`How sales teams, founders, marketing teams and recruiters grow pipeline on LinkedIn with Vekstlinje.`,
    load: () => import('../views/use-cases-page'),
  },
  help: {
    title: msg({ message: 'Help center – Vekstlinje', context: 'page title' }),
    description: msg`Answers to common questions and how to reach our support team.`,
    load: () => import('../views/help-page'),
  },
  docs: {
    title: msg({ message: 'Service overview – Vekstlinje', context: 'page title' }),
    description: msg`What we do, how the four phases work, what you get and who the service is for.`,
    load: () => import('../views/docs-page'),
  },
  legalHub: {
    title: msg({ message: 'Legal & Trust – Vekstlinje', context: 'page title' }),
    description: msg`Privacy, terms, data processing, subprocessors, security and cookies at Vekstlinje.`,
    load: () => import('../views/legal-hub-page'),
  },
  demo: {
    title: msg({ message: 'Book a demo – Vekstlinje', context: 'page title' }),
    description: msg`Tell us about your team and goals, and we will show you how done-for-you LinkedIn growth works.`,
    load: () => import('../views/demo-page'),
  },
  login: {
    title: msg({ message: 'Sign in – Vekstlinje', context: 'page title' }),
    description: msg`Sign in to your Vekstlinje account.`,
    load: () => import('../views/login-page'),
  },
  register: {
    title: msg({ message: 'Create account – Vekstlinje', context: 'page title' }),
    description: msg`Create a Vekstlinje account to use the AI platform.`,
    load: () => import('../views/register-page'),
  },
  privacy: {
    title: msg({ message: 'Privacy policy – Vekstlinje', context: 'page title' }),
    description: msg`How Vekstlinje AS collects, uses and protects personal data.`,
    load: () => import('../views/privacy-page'),
  },
  terms: {
    title: msg({ message: 'Terms of service – Vekstlinje', context: 'page title' }),
    description: msg`The terms that govern Vekstlinje's services.`,
    load: () => import('../views/terms-page'),
  },
  cookies: {
    title: msg({ message: 'Cookie policy – Vekstlinje', context: 'page title' }),
    description: msg`Which cookies Vekstlinje uses, why, and for how long.`,
    load: () => import('../views/cookies-page'),
  },
  dpa: {
    title: msg({ message: 'Data processing agreement – Vekstlinje', context: 'page title' }),
    description: msg`The data processing agreement between Vekstlinje AS and its clients.`,
    load: () => import('../views/dpa-page'),
  },
  security: {
    title: msg({ message: 'Security and subprocessors – Vekstlinje', context: 'page title' }),
    description: msg`How Vekstlinje secures data, and the subprocessors we use.`,
    load: () => import('../views/security-page'),
  },
  checkoutPro: {
    title: msg({ message: 'Upgrade to Pro – Vekstlinje', context: 'page title' }),
    description: msg`Buy the Pro plan.`,
    load: () => import('../views/checkout-page'),
  },
  app: {
    title: msg({ message: 'Dashboard – Vekstlinje', context: 'page title' }),
    description: msg`Your Vekstlinje dashboard.`,
    load: () => import('../views/dashboard-page'),
  },
} satisfies Record<RouteKey, RouteDef>

/** A page's access rule, from the paths table. */
export const accessOf = (key: RouteKey) => routePaths[key].access

/** Title and description of the 404 page. */
export const notFoundMeta = {
  title: msg({ message: 'Page not found – Vekstlinje', context: 'page title' }),
  description: msg`The page you are looking for does not exist or has moved.`,
}
