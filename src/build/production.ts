// A production build (`npm run build -- --production`, or NODE_ENV=production) is for the public
// site: it must not guess its URL (canonical links, hreflang, the sitemap, robots and Open Graph
// tags are written with SITE_URL) nor fall back to the local stack.
type Env = Record<string, string | undefined>

export const isProductionBuild = (argv: readonly string[], env: Env) =>
  argv.includes('--production') || env.NODE_ENV === 'production'

/** Cloudflare Turnstile's test site keys (always pass, always fail, always interactive…). */
const TURNSTILE_TEST_KEY = /^[123]x0{20}[A-F]{2}$/

/** What a production build lacks, one sentence each; empty when it may go ahead. `botCheck`:
 * config.toml's [auth.captcha] is on, so the forms need the widget's site key. */
export function productionBuildProblems(env: Env, { botCheck = false } = {}): string[] {
  const problems: string[] = []
  const site = env.SITE_URL?.trim()
  if (!site) problems.push('SITE_URL is not set: give the public origin of the site, e.g. SITE_URL=https://vekstlinje.no')
  else if (!/^https?:\/\/[^/\s]+\/?$/.test(site)) problems.push(`SITE_URL must be an origin like https://vekstlinje.no, not "${site}"`)
  for (const name of ['VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY']) {
    if (!env[name]?.trim()) problems.push(`${name} is not set: give the hosted Supabase project's (see .env.example)`)
  }
  const siteKey = env.VITE_TURNSTILE_SITE_KEY?.trim()
  if (botCheck && !siteKey)
    problems.push("VITE_TURNSTILE_SITE_KEY is not set: config.toml's [auth.captcha] is on, and without the widget's site key every sign-up and sign-in is refused")
  else if (botCheck && siteKey && TURNSTILE_TEST_KEY.test(siteKey))
    problems.push(`VITE_TURNSTILE_SITE_KEY is a Turnstile test key (${siteKey}): give the site's own (see .env.example)`)
  return problems
}
