import { fromPromise } from 'xstate'
import type { EmailChangeRequest } from '../../../../machines/email-change.machine'
import { createScratchClient, getSupabase } from '../../../lib/supabase'

/** The current password, checked by a sign-in of its own that is ended at once (the app's session
 * stays as it is). Hosted Supabase asks for no password to change the address: the site does. The
 * sign-in carries the form's bot-check token, as the auth service asks of every password sign-in. */
async function checkPassword(email: string, password: string, captchaToken: string | undefined) {
  const scratch = await createScratchClient()
  const { error } = await scratch.auth.signInWithPassword({ email, password, options: { captchaToken } })
  if (error) throw { code: error.code, message: error.message }
  await scratch.auth.signOut({ scope: 'local' })
}

/** Asks the auth service to change the address: it mails a link to the new address and one to the
 * current address (double_confirm_changes); the user's `new_email` holds it until both are pressed. */
export const requestEmailChange = fromPromise<void, EmailChangeRequest>(async ({ input }) => {
  const supabase = await getSupabase()
  const { data } = await supabase.auth.getSession()
  const current = data.session?.user.email
  if (!current) throw { code: 'session_not_found', message: 'Auth session missing!' }
  await checkPassword(current, input.password, input.captchaToken)
  const { error } = await supabase.auth.updateUser({ email: input.email })
  if (error) throw { code: error.code, message: error.message }
})

/** Ends every other session of the account (their refresh tokens stop working); this one stays. */
export const signOutOthers = fromPromise<void>(async () => {
  const supabase = await getSupabase()
  const { error } = await supabase.auth.signOut({ scope: 'others' })
  if (error) throw { code: error.code, message: error.message }
})
