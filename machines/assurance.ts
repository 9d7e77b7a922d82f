// How sure the service is of who is signed in: the access token's `aal` claim against the account's
// verified second factors, as supabase-js's mfa.getAuthenticatorAssuranceLevel() reads them from
// the stored session.

export type AssuranceLevel = 'aal1' | 'aal2'

export interface FactorSummary {
  id: string
  status: string
  factor_type?: string
  created_at?: string
}

interface SessionLike {
  access_token: string
  user: { factors?: FactorSummary[] }
}

/** The `aal` claim of an access token, or null when the token is not a JWT carrying one. */
export function levelOf(accessToken: string): AssuranceLevel | null {
  const payload = accessToken.split('.')[1]
  if (!payload) return null
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { aal?: unknown }
    return claims.aal === 'aal1' || claims.aal === 'aal2' ? claims.aal : null
  } catch {
    return null
  }
}

/** The account's verified factors. */
export const verifiedFactors = (session: SessionLike): FactorSummary[] => (session.user.factors ?? []).filter((f) => f.status === 'verified')

/** True when the account has a verified factor but this session has not used it (nextLevel aal2
 * above currentLevel): the code must be asked for before the signed-in pages show. */
export const secondFactorDue = (session: SessionLike): boolean => verifiedFactors(session).length > 0 && levelOf(session.access_token) !== 'aal2'
