import { fromPromise } from 'xstate'
import type { EmailChangeRequest } from '../../../../machines/email-change.machine'
import { type FunctionRefusal, invokeFunction } from '../../../lib/functions'
import { getSupabase } from '../../../lib/supabase'

/** Asks for the change through request-email-change, which checks on the server what the form
 * asked for: the current password (a sign-in carrying the bot check's token) and the new address;
 * only then does the auth service mail a link to the new address and one to the current address
 * (double_confirm_changes), keeping the new one as the user's `new_email` until both are pressed. */
export const requestEmailChange = fromPromise<void, EmailChangeRequest>(async ({ input }) => {
  try {
    await invokeFunction('request-email-change', { email: input.email, password: input.password, captcha_token: input.captchaToken ?? '' })
  } catch (error) {
    const refusal = error as FunctionRefusal
    throw { code: refusal.code, message: refusal.message }
  }
  // The session's user now carries the pending address (the page shows it).
  await (await getSupabase()).auth.refreshSession()
})

/** Ends every other session of the account (their refresh tokens stop working); this one stays. */
export const signOutOthers = fromPromise<void>(async () => {
  const supabase = await getSupabase()
  const { error } = await supabase.auth.signOut({ scope: 'others' })
  if (error) throw { code: error.code, message: error.message }
})
