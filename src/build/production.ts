// A production build (`npm run build -- --production`, or NODE_ENV=production) is for the public
// site: it must not guess its URL (canonical links, hreflang, the sitemap, robots and Open Graph
// tags are written with SITE_URL) nor fall back to the local stack.
type Env = Record<string, string | undefined>

export const isProductionBuild = (argv: readonly string[], env: Env) =>
  argv.includes('--production') || env.NODE_ENV === 'production'

/** What a production build lacks, one sentence each; empty when it may go ahead. */
export function productionBuildProblems(env: Env): string[] {
  const problems: string[] = []
  const site = env.SITE_URL?.trim()
  if (!site) problems.push('SITE_URL is not set: give the public origin of the site, e.g. SITE_URL=https://vekstlinje.no')
  else if (!/^https?:\/\/[^/\s]+\/?$/.test(site)) problems.push(`SITE_URL must be an origin like https://vekstlinje.no, not "${site}"`)
  for (const name of ['VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY']) {
    if (!env[name]?.trim()) problems.push(`${name} is not set: give the hosted Supabase project's (see .env.example)`)
  }
  return problems
}
