import { fromPromise } from 'xstate'
import type { WithBotCheck } from '../../../../machines/bot-check'
import type { LoginRequest, SignedIn } from '../../../../machines/login-form.machine'
import type { SignInProvider } from '../../../../machines/oauth'
import { getSupabase } from '../../../lib/supabase'

/** What the forms need of a backend auth error. */
export const authFailure = (error: { message?: string; code?: string; reasons?: string[] } | null) => ({
  message: error?.message,
  code: error?.code,
  unconfirmed: error?.code === 'email_not_confirmed',
  weakPasswordReasons: error?.code === 'weak_password' ? (error.reasons ?? []) : undefined,
})

/** An absolute URL of this site, read when an actor runs (never while rendering on the server). */
export const absolute = (path: string) => `${window.location.origin}${path}`

/** Signs in with the password (the address as the form's schema made it); an account with
 * two-factor sign-in is then due its code (the session's assurance level, read from the session
 * itself). */
export const signInWithPassword = fromPromise<SignedIn, WithBotCheck<LoginRequest>>(async ({ input }) => {
  const supabase = await getSupabase()
  const { error } = await supabase.auth.signInWithPassword({ email: input.email, password: input.password, options: { captchaToken: input.captchaToken } })
  if (error) throw authFailure(error)
  const { data } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel()
  return { secondFactorDue: data?.nextLevel === 'aal2' && data.currentLevel !== 'aal2' }
})

/** Sign-in (and sign-up) with Google or LinkedIn leaves the page; it comes back to `returnPath`
 * (the dashboard of the language), signed in or with the provider's refusal in the address. */
export const continueWithProvider = (returnPath: string) =>
  fromPromise<void, { provider: SignInProvider }>(async ({ input }) => {
    const supabase = await getSupabase()
    const { error } = await supabase.auth.signInWithOAuth({ provider: input.provider, options: { redirectTo: absolute(returnPath) } })
    if (error) throw authFailure(error)
  })

/** The confirmation e-mail again, to the address signed in with. */
export const resendConfirmation = (returnPath: string) =>
  fromPromise<void, WithBotCheck<{ email: string }>>(async ({ input }) => {
    const supabase = await getSupabase()
    const { error } = await supabase.auth.resend({
      type: 'signup',
      email: input.email,
      options: { emailRedirectTo: absolute(returnPath), captchaToken: input.captchaToken },
    })
    if (error) throw authFailure(error)
  })
