// A user's second factors (auth.mfa_factors) and what a session was authenticated with
// (auth.mfa_amr_claims): the assurance level (aal) and methods (amr) of its access tokens.
import { randomUUID } from 'node:crypto'
import { type Db, iso } from './auth-users.ts'

/** The methods that raise a session to aal2 (GoTrue's IsAAL2Claim). */
const SECOND_FACTORS = ['totp', 'mfa/phone', 'mfa/webauthn']

export type FactorRow = {
  id: string
  user_id: string
  friendly_name: string | null
  factor_type: string
  status: 'verified' | 'unverified'
  secret: string | null
  created_at: Date
  updated_at: Date
  last_challenged_at: Date | null
}

/** A factor as GoTrue returns it in the user object (the secret never leaves the service). */
export const factorJson = (f: FactorRow) => ({
  id: f.id,
  created_at: iso(f.created_at),
  updated_at: iso(f.updated_at),
  status: f.status,
  ...(f.friendly_name ? { friendly_name: f.friendly_name } : {}),
  factor_type: f.factor_type,
  phone: '',
  last_challenged_at: iso(f.last_challenged_at) ?? null,
})

export async function factorsOf(tx: Db, userId: string): Promise<FactorRow[]> {
  const { rows } = await tx.query<FactorRow>('select * from auth.mfa_factors where user_id = $1 order by created_at', [userId])
  return rows
}

/** GoTrue's AddClaimToSession: the session records each method it was authenticated with. */
export async function addAmrClaim(tx: Db, sessionId: string, method: string) {
  await tx.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method) values ($1, $2, now(), now(), $3)
     on conflict on constraint mfa_amr_claims_session_id_authentication_method_pkey do update set updated_at = now()`,
    [randomUUID(), sessionId, method],
  )
}

/** GoTrue's CalculateAALAndAMR: aal2 once a second factor is among the session's claims; the
 * methods, most recent first. */
export async function sessionAssurance(tx: Db, sessionId: string) {
  const { rows } = await tx.query<{ authentication_method: string; updated_at: Date }>(
    'select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1',
    [sessionId],
  )
  const amr = rows
    .sort((a, b) => b.updated_at.getTime() - a.updated_at.getTime())
    .map((r) => ({ method: r.authentication_method, timestamp: Math.floor(r.updated_at.getTime() / 1000) }))
  const aal = rows.some((r) => SECOND_FACTORS.includes(r.authentication_method)) ? 'aal2' : 'aal1'
  return { aal, amr }
}
