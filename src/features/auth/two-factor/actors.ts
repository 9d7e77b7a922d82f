import { fromPromise } from 'xstate'
import { levelOf } from '../../../../machines/assurance'
import type { CodeFailure } from '../../../../machines/second-factor.machine'
import type { EnrolledFactor, Enrollment, TwoFactorStatus } from '../../../../machines/two-factor-settings.machine'
import { company } from '../../../content/company'
import { getSupabase } from '../../../lib/supabase'

// Two-factor sign-in through supabase-js's auth.mfa: the only contact of these flows with the backend.

const failure = (error: { code?: string; message?: string } | null): CodeFailure => ({ code: error?.code, message: error?.message })

/** The account's verified authenticator app, if it has one. */
async function verifiedTotp() {
  const supabase = await getSupabase()
  const { data, error } = await supabase.auth.mfa.listFactors()
  if (error) throw failure(error)
  return { supabase, factor: data.totp[0] ?? null, all: data.all }
}

/** The 30-second step of the code this session last gave, from its token's `amr` (a code works
 * once: the auth hooks refuse one given again in the same or the next step, and end every session). */
function lastCodeStep(accessToken: string | undefined): number | null {
  try {
    const claims = JSON.parse(atob((accessToken ?? '').split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { amr?: Array<{ method: string; timestamp: number }> }
    const totp = claims.amr?.find((entry) => entry.method === 'totp')
    return totp ? Math.floor(totp.timestamp / 30) : null
  } catch {
    return null
  }
}

/** Challenges the factor and verifies the code: the session becomes aal2. A code given in the same
 * or the next 30 seconds as the one this session just used is not sent: it would be the same code. */
async function verifyCode(factorId: string, code: string) {
  const supabase = await getSupabase()
  const last = lastCodeStep((await supabase.auth.getSession()).data.session?.access_token)
  if (last !== null && Math.floor(Date.now() / 30_000) <= last + 1) throw { code: 'code_too_soon' } satisfies CodeFailure
  const { data, error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code })
  if (error) throw failure(error)
  return data
}

/** Sign-in's second step: the code for the account's authenticator app. */
export const verifySignInCode = fromPromise<void, { code: string }>(async ({ input }) => {
  const { factor } = await verifiedTotp()
  if (!factor) throw { code: 'mfa_factor_not_found' } satisfies CodeFailure
  await verifyCode(factor.id, input.code)
})

export const loadStatus = fromPromise<TwoFactorStatus>(async () => {
  const { supabase, factor } = await verifiedTotp()
  const { data } = await supabase.auth.getSession()
  return {
    factor: factor ? { id: factor.id, createdAt: factor.created_at } : null,
    level: data.session ? levelOf(data.session.access_token) : null,
  }
})

/** A new authenticator app: a set-up left unfinished is removed first (the auth service refuses a
 * second factor of the same name). */
export const startEnrollment = fromPromise<Enrollment>(async () => {
  const { supabase, all } = await verifiedTotp()
  for (const stale of all.filter((f) => f.status === 'unverified')) {
    const { error } = await supabase.auth.mfa.unenroll({ factorId: stale.id })
    if (error) throw failure(error)
  }
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', issuer: company.brand })
  if (error) throw failure(error)
  return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret }
})

export const confirmEnrollment = fromPromise<EnrolledFactor, { factorId: string; code: string }>(async ({ input }) => {
  const session = await verifyCode(input.factorId, input.code)
  const factor = session.user.factors?.find((f) => f.id === input.factorId)
  return { id: input.factorId, createdAt: factor?.created_at ?? new Date().toISOString() }
})

/** Removes the factor, after a fresh code from the app; the session is then refreshed, so its token
 * and user no longer name the factor. */
export const removeFactor = fromPromise<void, { factorId: string; code: string }>(async ({ input }) => {
  await verifyCode(input.factorId, input.code)
  const supabase = await getSupabase()
  const { error } = await supabase.auth.mfa.unenroll({ factorId: input.factorId })
  if (error) throw failure(error)
  await supabase.auth.refreshSession()
})
