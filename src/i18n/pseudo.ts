/** Whether the page shows the pseudo-locale: always in the `pseudo` build mode (the end-to-end
 * sweep's build), and in development when the URL asks for it with `?lang=pseudo`. Production
 * builds reduce this to `false`. */
export function wantsPseudoLocale(search: string): boolean {
  if (import.meta.env.MODE === 'pseudo') return true
  if (!import.meta.env.DEV) return false
  return new URLSearchParams(search).get('lang') === 'pseudo'
}
