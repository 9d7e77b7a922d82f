// How an account signs in, from the auth service's app_metadata (provider, providers): with a
// password of its own, or only through another service (Google, LinkedIn), whose name the texts
// then use instead of promising a password. Web standards only (browser, Node and Deno).

const providerNames: Record<string, string> = { google: 'Google', linkedin_oidc: 'LinkedIn', linkedin: 'LinkedIn' }

/** The name of the service an account without a password signs in through, or undefined for an
 * account with a password (an `email` identity). */
export function passwordlessProvider(appMetadata: unknown): string | undefined {
  const { provider, providers } = (appMetadata ?? {}) as { provider?: unknown; providers?: unknown }
  const all = Array.isArray(providers) ? providers.map(String) : typeof provider === 'string' ? [provider] : []
  if (all.length === 0 || all.includes('email')) return undefined
  const first = all[0]!
  return providerNames[first] ?? first.charAt(0).toUpperCase() + first.slice(1)
}
