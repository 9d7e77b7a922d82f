import { fromPromise } from 'xstate'
import type { WithBotCheck } from '../../../machines/bot-check'
import type { SignedIn } from '../../../machines/login-form.machine'
import { langFromPath } from '../../i18n/lang'
import { getSupabase } from '../../lib/supabase'

/** What the forms need of a backend auth error. */
const failure = (error: { message?: string; code?: string; reasons?: string[] } | null) => ({
  message: error?.message,
  code: error?.code,
  unconfirmed: error?.code === 'email_not_confirmed',
  weakPasswordReasons: error?.code === 'weak_password' ? (error.reasons ?? []) : undefined,
})

/** Signs in with the password; an account with two-factor sign-in is then due its code (the
 * session's assurance level, read from the session itself). */
export const signInWithPassword = fromPromise<SignedIn, WithBotCheck<{ email: string; password: string }>>(async ({ input }) => {
  const supabase = await getSupabase()
  const { error } = await supabase.auth.signInWithPassword({ email: input.email.trim(), password: input.password, options: { captchaToken: input.captchaToken } })
  if (error) throw failure(error)
  const { data } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel()
  return { secondFactorDue: data?.nextLevel === 'aal2' && data.currentLevel !== 'aal2' }
})

/** An absolute URL of this site, read when an actor runs (never while rendering on the server). */
const absolute = (path: string) => `${window.location.origin}${path}`

/** Google sign-in leaves the page; it comes back to `returnPath` (the dashboard of the language). */
export const signInWithGoogle = (returnPath: string) =>
  fromPromise<void>(async () => {
    const supabase = await getSupabase()
    const { error } = await supabase.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: absolute(returnPath) } })
    if (error) throw failure(error)
  })

export const resendConfirmation = (returnPath: string) =>
  fromPromise<void, WithBotCheck<{ email: string }>>(async ({ input }) => {
    const supabase = await getSupabase()
    const { error } = await supabase.auth.resend({
      type: 'signup',
      email: input.email.trim(),
      options: { emailRedirectTo: absolute(returnPath), captchaToken: input.captchaToken },
    })
    if (error) throw failure(error)
  })

export const signUp = (returnPath: string) =>
  fromPromise<void, WithBotCheck<{ fullName: string; email: string; password: string }>>(async ({ input }) => {
    const supabase = await getSupabase()
    const { error } = await supabase.auth.signUp({
      email: input.email.trim(),
      password: input.password,
      // The page's language goes with the account: the auth e-mails are written in it.
      options: {
        emailRedirectTo: absolute(returnPath),
        data: { full_name: input.fullName.trim(), lang: langFromPath(location.pathname) },
        captchaToken: input.captchaToken,
      },
    })
    if (error) throw failure(error)
  })
