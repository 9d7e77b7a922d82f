import type { RouteKey } from '../app/route-paths'

/** Catalog scopes: each page loads `core` plus its own scope, so no page downloads every
 * language string of the site (the legal texts alone are most of them). */
export const catalogScopes = ['core', 'home', 'pages', 'legal', 'account'] as const
export type CatalogScope = (typeof catalogScopes)[number]

/** Where a message is used decides its scope; files not listed here belong to `core`. */
const scopeByPath: Array<[prefix: string, scope: CatalogScope]> = [
  ['src/features/legal/', 'legal'],
  ['src/views/privacy-page', 'legal'],
  ['src/views/terms-page', 'legal'],
  ['src/views/cookies-page', 'legal'],
  ['src/views/dpa-page', 'legal'],
  ['src/views/security-page', 'legal'],
  ['src/views/legal-hub-page', 'legal'],
  ['src/views/home-page', 'home'],
  ['src/features/landing/', 'home'],
  ['src/features/hero-card/', 'home'],
  ['src/features/how-it-works/', 'home'],
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
  ['src/views/login-page', 'account'],
  ['src/views/register-page', 'account'],
  ['src/views/dashboard-page', 'account'],
  ['src/views/checkout-page', 'account'],
  ['src/features/login/', 'account'],
  ['src/features/register/', 'account'],
  ['src/features/dashboard/', 'account'],
  ['src/features/checkout/', 'account'],
]

export function scopeOfFile(file: string): CatalogScope {
  const normalized = file.replace(/\\/g, '/').replace(/^\.\//, '')
  return scopeByPath.find(([prefix]) => normalized.startsWith(prefix))?.[1] ?? 'core'
}

/** A message used in one scope only lives there; one shared by several lives in `core`. */
export function scopeOfMessage(originFiles: readonly string[]): CatalogScope {
  const scopes = new Set(originFiles.map(scopeOfFile))
  return scopes.size === 1 ? [...scopes][0]! : 'core'
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
  checkoutPro: 'account',
  app: 'account',
}
