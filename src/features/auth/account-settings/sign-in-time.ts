/** When the session signed in: the earliest time in its access token's `amr` claim (the auth
 * service keeps it there across renewals), or null when the token does not say. */
export function sessionSignedInAt(accessToken: string | undefined): Date | null {
  const payload = accessToken?.split('.')[1]
  if (!payload) return null
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'))
    const amr = (JSON.parse(json) as { amr?: unknown }).amr
    if (!Array.isArray(amr)) return null
    const times = amr.map((entry) => (entry as { timestamp?: unknown })?.timestamp).filter((t): t is number => typeof t === 'number' && t > 0)
    return times.length > 0 ? new Date(Math.min(...times) * 1000) : null
  } catch {
    return null
  }
}
