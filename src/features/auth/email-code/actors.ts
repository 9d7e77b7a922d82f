import { fromPromise } from 'xstate'
import type { EmailCodeType } from '../../../../machines/email-code.machine'
import { getSupabase } from '../../../lib/supabase'

/** Checks the code from an auth e-mail with its address (`verifyOtp({ email, token, type })`): the
 * same as pressing the e-mail's link; the person is signed in. */
export const verifyEmailCode = fromPromise<void, { email: string; token: string; type: EmailCodeType }>(async ({ input }) => {
  const supabase = await getSupabase()
  const { error } = await supabase.auth.verifyOtp({ email: input.email.trim(), token: input.token, type: input.type })
  if (error) throw { code: error.code, message: error.message }
})
