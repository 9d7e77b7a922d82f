import { fromPromise } from 'xstate'
import { getSupabase } from '../../../lib/supabase'

/** Asks the backend to e-mail a reset link that comes back to `returnPath` (the address as the
 * form's schema made it). An unknown address gets the same answer as a known one (the backend never
 * says which). */
export const requestPasswordReset = (returnPath: string) =>
  fromPromise<void, { email: string; captchaToken?: string }>(async ({ input }) => {
    const supabase = await getSupabase()
    const { error } = await supabase.auth.resetPasswordForEmail(input.email, {
      redirectTo: `${window.location.origin}${returnPath}`,
      captchaToken: input.captchaToken,
    })
    if (error) throw { message: error.message, code: error.code }
  })
