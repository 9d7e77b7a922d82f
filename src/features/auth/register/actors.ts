import { fromPromise } from 'xstate'
import type { WithBotCheck } from '../../../../machines/bot-check'
import type { RegisterRequest } from '../../../../machines/register-form.machine'
import { langFromPath } from '../../../i18n/lang'
import { getSupabase } from '../../../lib/supabase'
import { absolute, authFailure } from '../login/actors'

/** Creates the account (the name and address as the form's schema made them); the confirmation
 * e-mail's link comes back to `returnPath`. */
export const signUp = (returnPath: string) =>
  fromPromise<void, WithBotCheck<RegisterRequest>>(async ({ input }) => {
    const supabase = await getSupabase()
    const { error } = await supabase.auth.signUp({
      email: input.email,
      password: input.password,
      // The page's language goes with the account: the auth e-mails are written in it.
      options: {
        emailRedirectTo: absolute(returnPath),
        data: { full_name: input.fullName, lang: langFromPath(location.pathname) },
        captchaToken: input.captchaToken,
      },
    })
    if (error) throw authFailure(error)
  })
