import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type Lang, langs, localizePath } from './i18n/lang'
import type { PageScope } from './i18n/scopes'
import type { PaidPlanId } from '../supabase/functions/_shared/plans'
// The catalogue's data only: the plans' helpers stay out of the shell every page loads.
import { plans } from '../supabase/functions/_shared/plan-catalogue'

const paidPlans = plans.filter((plan) => plan.stripePriceEnv !== null)

export type Access = 'public' | 'protected'

/** Everything about one page, declared once (its meta description in `descriptions` below). Both languages, links, the views, the catalog scopes
 * (`src/build/message-scopes.ts` reads this file), prerendering, the sitemap, hreflang and the
 * protected gate derive from these records. */
export interface RouteRecord {
  /** The path without its language prefix (`/en` is added for English). */
  readonly path: string
  readonly access: Access
  /** The view, `src/views/<view>.tsx`: its own chunk, shared by both languages. */
  readonly view: string
  /** The catalog scope the page's messages ship in (pages of one scope share it). */
  readonly scope: PageScope
  readonly title: MessageDescriptor
  /** A public page that is of use only with a session in the address: the key of the page a visitor
   * surely without one gets in its place, at once and before the app loads (prerendered into the
   * page, src/app/page-script/signed-out.ts). Protected pages give such a visitor sign-in, which brings them back. */
  readonly withoutSession?: string
  /** A checkout page's plan (its id in the catalogue). */
  readonly plan?: string
  /** A public page whose content depends on what its address carries: its app starts as soon as it
   * has painted, where other public pages start at the visitor's first sign of life
   * (src/app/page-script/start-app.ts). */
  readonly startsAtOnce?: boolean
  /** The page an auth e-mail's link opens: its script reads the link's kind before the first paint
   * (src/app/page-script/email-link.ts). */
  readonly readsEmailLink?: boolean
}

/** The key of the page that sells a paid plan. */
export type CheckoutKey = `checkout-${PaidPlanId}`
export const checkoutKey = (plan: string) => `checkout-${plan}` as CheckoutKey

/** One checkout page per paid plan of the catalogue, at `/checkout-<plan id>`. */
const checkoutRoutes = Object.fromEntries(
  paidPlans.map((plan) => {
    const values = { name: plan.name }
    const record: RouteRecord = {
      path: `/${checkoutKey(plan.id)}`,
      access: 'protected',
      view: 'checkout-page',
      scope: 'account',
      title: { ...msg({ message: 'Upgrade to {name} – Vekstlinje', context: 'page title' }), values },
      plan: plan.id,
    }
    return [checkoutKey(plan.id), record]
  }),
) as Record<CheckoutKey, RouteRecord>

export const routes = {
  home: {
    path: '/',
    access: 'public',
    view: 'home-page',
    scope: 'home',
    title: msg({ message: 'Vekstlinje – done-for-you LinkedIn growth for B2B', context: 'page title' }),
  },
  pricing: {
    path: '/pricing',
    access: 'public',
    view: 'pricing-page',
    scope: 'pages',
    title: msg({ message: 'Pricing – Vekstlinje', context: 'page title' }),
  },
  useCases: {
    path: '/use-cases',
    access: 'public',
    view: 'use-cases-page',
    scope: 'pages',
    title: msg({ message: 'Use cases – Vekstlinje', context: 'page title' }),
  },
  help: {
    path: '/help',
    access: 'public',
    view: 'help-page',
    scope: 'pages',
    title: msg({ message: 'Help center – Vekstlinje', context: 'page title' }),
  },
  docs: {
    path: '/docs',
    access: 'public',
    view: 'docs-page',
    scope: 'pages',
    title: msg({ message: 'Service overview – Vekstlinje', context: 'page title' }),
  },
  legalHub: {
    path: '/api',
    access: 'public',
    view: 'legal-hub-page',
    scope: 'legal',
    title: msg({ message: 'Legal & Trust – Vekstlinje', context: 'page title' }),
  },
  demo: {
    path: '/demo',
    access: 'public',
    view: 'demo-page',
    scope: 'pages',
    title: msg({ message: 'Book a demo – Vekstlinje', context: 'page title' }),
  },
  login: {
    path: '/login',
    access: 'public',
    view: 'login-page',
    scope: 'account',
    title: msg({ message: 'Sign in – Vekstlinje', context: 'page title' }),
  },
  register: {
    path: '/register',
    access: 'public',
    view: 'register-page',
    scope: 'account',
    title: msg({ message: 'Create account – Vekstlinje', context: 'page title' }),
  },
  forgotPassword: {
    path: '/forgot-password',
    access: 'public',
    view: 'forgot-password-page',
    scope: 'account',
    title: msg({ message: 'Forgot password – Vekstlinje', context: 'page title' }),
  },
  resetPassword: {
    path: '/reset-password',
    access: 'public',
    view: 'reset-password-page',
    scope: 'account',
    title: msg({ message: 'Choose a new password – Vekstlinje', context: 'page title' }),
    // Opened without a reset link, it can only say so: the form that sends one is what helps.
    withoutSession: 'forgotPassword',
  },
  emailLink: {
    // The page every auth e-mail links to (machines/email-link.machine.ts, EMAIL_LINK_PATH): the
    // link is spent only when the person presses its button, never by a mail scanner opening it.
    path: '/auth/confirm',
    access: 'public',
    view: 'email-link-page',
    scope: 'link',
    // What it says (the address, the kind of link, the password field) comes from the link.
    startsAtOnce: true,
    readsEmailLink: true,
    title: msg({ message: 'Confirm – Vekstlinje', context: 'page title' }),
  },
  privacy: {
    path: '/privacy',
    access: 'public',
    view: 'privacy-page',
    scope: 'legal',
    title: msg({ message: 'Privacy policy – Vekstlinje', context: 'page title' }),
  },
  terms: {
    path: '/terms',
    access: 'public',
    view: 'terms-page',
    scope: 'legal',
    title: msg({ message: 'Terms of service – Vekstlinje', context: 'page title' }),
  },
  cookies: {
    path: '/cookies',
    access: 'public',
    view: 'cookies-page',
    scope: 'legal',
    title: msg({ message: 'Cookie policy – Vekstlinje', context: 'page title' }),
  },
  dpa: {
    path: '/dpa',
    access: 'public',
    view: 'dpa-page',
    scope: 'legal',
    title: msg({ message: 'Data processing agreement – Vekstlinje', context: 'page title' }),
  },
  security: {
    path: '/security',
    access: 'public',
    view: 'security-page',
    scope: 'legal',
    title: msg({ message: 'Security and subprocessors – Vekstlinje', context: 'page title' }),
  },
  ...checkoutRoutes,
  app: {
    path: '/app',
    access: 'protected',
    view: 'dashboard-page',
    scope: 'account',
    title: msg({ message: 'Dashboard – Vekstlinje', context: 'page title' }),
  },
  account: {
    path: '/account',
    access: 'protected',
    view: 'account-page',
    scope: 'account',
    title: msg({ message: 'Your account – Vekstlinje', context: 'page title' }),
  },
} as const satisfies Record<string, RouteRecord>

/** The page every unknown path gets (status 404), in both languages. */
export const notFoundRoute = {
  view: 'not-found-page',
  scope: 'notFound',
  title: msg({ message: 'Page not found – Vekstlinje', context: 'page title' }),
} as const satisfies Omit<RouteRecord, 'path' | 'access'>

/** Each page's meta description, for the prerendered head only: no browser bundle imports it, and
 * its messages ship in the `meta` scope (src/build/message-scopes.ts reads this object). */
// Pure: a bundle that does not read it drops it whole, the checkout pages' spread included.
export const descriptions = /* @__PURE__ */ (() =>
  ({
  home: msg`We plan, ghostwrite and publish your LinkedIn content, run personalized outreach and hand qualified leads to your sales team every week.`,
  pricing: msg`One Enterprise plan, shaped around your team: content, outreach, qualified handoffs and reporting.`,
  useCases: msg`How sales teams, founders, marketing teams and recruiters grow pipeline on LinkedIn with Vekstlinje.`,
  help: msg`Answers to common questions and how to reach our support team.`,
  docs: msg`What we do, how the four phases work, what you get and who the service is for.`,
  legalHub: msg`Privacy, terms, data processing, subprocessors, security and cookies at Vekstlinje.`,
  demo: msg`Tell us about your team and goals, and we will show you how done-for-you LinkedIn growth works.`,
  login: msg`Sign in to your Vekstlinje account.`,
  register: msg`Create a Vekstlinje account to use the AI platform.`,
  forgotPassword: msg`Forgot your Vekstlinje password? Get a link to choose a new one.`,
  resetPassword: msg`Choose a new password for your Vekstlinje account.`,
  emailLink: msg`Confirm the link in your Vekstlinje e-mail.`,
  privacy: msg`How Vekstlinje AS collects, uses and protects personal data.`,
  terms: msg`The terms that govern Vekstlinje's services.`,
  cookies: msg`Which cookies Vekstlinje uses, why, and for how long.`,
  dpa: msg`The data processing agreement between Vekstlinje AS and its clients.`,
  security: msg`How Vekstlinje secures data, and the subprocessors we use.`,
  ...(Object.fromEntries(
    paidPlans.map((plan): [CheckoutKey, MessageDescriptor] => [checkoutKey(plan.id), { ...msg({ message: 'Buy the {name} plan.' }), values: { name: plan.name } }]),
  ) as Record<CheckoutKey, MessageDescriptor>),
  app: msg`Your Vekstlinje dashboard.`,
  account: msg`Your Vekstlinje account: password, your data, deleting the account.`,
  notFound: msg`The page you are looking for does not exist or has moved.`,
}) as const satisfies Record<RouteKey | 'notFound', MessageDescriptor>)()

export type RouteKey = keyof typeof routes

/** Public pages that only a link from an e-mail makes useful: kept out of search (noindex, and not
 * in the sitemap). */
export const unlistedRoutes: readonly RouteKey[] = ['resetPassword', 'emailLink']
export const routeKeys = Object.keys(routes) as RouteKey[]

/** The href of a page in a language; every internal link is built here. */
export function href(key: RouteKey, lang: Lang, hash?: string): string {
  const path = localizePath(routes[key].path, lang)
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
  routeKeys.map((key) => ({ key, lang, url: href(key, lang), access: routes[key].access })),
)

export function matchRoute(pathname: string): ResolvedRoute | undefined {
  return allRoutes.find((route) => route.url === pathname)
}

/** The plan the checkout page at `pathname` sells (undefined on other pages). */
export function planOfPage(pathname: string): string | undefined {
  const route = matchRoute(pathname)
  return route ? (routes[route.key] as RouteRecord).plan : undefined
}
