/** Catalog scopes: each page loads `core` plus its own scope, so no page downloads every language
 * string of the site (the legal texts alone are most of them). The page an auth e-mail's link opens,
 * which starts at once, has a scope of its own (`link`) rather than every account page's messages. Which messages a scope holds is
 * derived from the route records and the imports (`src/build/message-scopes.ts`). `landing` and
 * `footer` belong to islands, parts that hydrate when they scroll into view
 * (`src/components/island.tsx`); `meta` is the prerenderer's only (meta descriptions). */
export const catalogScopes = ['core', 'home', 'landing', 'footer', 'pages', 'legal', 'account', 'link', 'notFound', 'meta'] as const
export type CatalogScope = (typeof catalogScopes)[number]

/** The scopes a page (a route record) may have. */
export type PageScope = Exclude<CatalogScope, 'core' | 'landing' | 'footer' | 'meta'>
