import type { RouteKey } from '../app/route-paths'

/** Catalog scopes: each page loads `core` plus its own scope, so no page downloads every
 * language string of the site (the legal texts alone are most of them). `landing` and `footer`
 * belong to parts that hydrate when they scroll into view (see `src/app/island.tsx`); `meta` is for
 * the prerenderer only (the pages' meta descriptions). */
export const catalogScopes = ['core', 'home', 'landing', 'footer', 'pages', 'legal', 'account', 'notFound', 'meta'] as const
export type CatalogScope = (typeof catalogScopes)[number]

/** Where a message is used decides its scope; files not listed here belong to `core`. */
const scopeByPath: Array<[prefix: string, scope: CatalogScope]> = [
  ['src/app/route-descriptions', 'meta'],
  // Shown on registration and checkout, beside the form it is about.
  ['src/features/legal/consent-note', 'account'],
  ['src/features/legal/', 'legal'],
  ['src/views/privacy-page', 'legal'],
  ['src/views/terms-page', 'legal'],
  ['src/views/cookies-page', 'legal'],
  ['src/views/dpa-page', 'legal'],
  ['src/views/security-page', 'legal'],
  ['src/views/legal-hub-page', 'legal'],
  ['src/views/not-found-page', 'notFound'],
  ['src/views/home-page', 'home'],
  ['src/features/landing/hero', 'home'],
  ['src/features/hero-card/', 'home'],
  ['src/features/landing/', 'landing'],
  ['src/features/how-it-works/', 'landing'],
  ['src/features/footer/', 'footer'],
  ['src/views/pricing-page', 'pages'],
  ['src/views/use-cases-page', 'pages'],
  ['src/views/help-page', 'pages'],
  ['src/views/docs-page', 'pages'],
  ['src/views/demo-page', 'pages'],
  ['src/features/pricing/', 'pages'],
  ['src/features/use-cases/', 'pages'],
  ['src/features/help/', 'pages'],
  ['src/features/docs/', 'pages'],
  ['src/features/demo/', 'pages'],
  ['src/lib/faqs', 'pages'],
  ['src/views/login-page', 'account'],
  ['src/views/register-page', 'account'],
  ['src/views/forgot-password-page', 'account'],
  ['src/views/reset-password-page', 'account'],
  ['src/views/dashboard-page', 'account'],
  ['src/views/checkout-page', 'account'],
  ['src/views/account-page', 'account'],
  ['src/features/login/', 'account'],
  ['src/features/register/', 'account'],
  ['src/features/password-reset/', 'account'],
  ['src/features/account-settings/', 'account'],
  ['src/features/dashboard/', 'account'],
  ['src/features/checkout/', 'account'],
  ['src/features/account/', 'account'],
]

export function scopeOfFile(file: string): CatalogScope {
  const normalized = file.replace(/\\/g, '/').replace(/^\.\//, '')
  return scopeByPath.find(([prefix]) => normalized.startsWith(prefix))?.[1] ?? 'core'
}

/** The scopes a message ships in: `core` alone when a file of the core uses it (every page has
 * core), otherwise each scope that uses it, so no page loads a message it never shows. */
export function scopesOfMessage(originFiles: readonly string[]): CatalogScope[] {
  const scopes = new Set(originFiles.map(scopeOfFile))
  return scopes.has('core') || scopes.size === 0 ? ['core'] : [...scopes]
}

export const routeScope: Record<RouteKey, CatalogScope> = {
  home: 'home',
  pricing: 'pages',
  useCases: 'pages',
  help: 'pages',
  docs: 'pages',
  demo: 'pages',
  legalHub: 'legal',
  privacy: 'legal',
  terms: 'legal',
  cookies: 'legal',
  dpa: 'legal',
  security: 'legal',
  login: 'account',
  register: 'account',
  forgotPassword: 'account',
  resetPassword: 'account',
  checkoutPro: 'account',
  app: 'account',
  account: 'account',
}
