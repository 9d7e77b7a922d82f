import { fromPromise } from 'xstate'
import type { EmailCodeType } from '../../../../machines/email-code.machine'
import { getSupabase } from '../../../lib/supabase'

/** Checks the code from an auth e-mail with its address (as the form that sent the e-mail
 * normalised it): the database hands over the link's token
 * for the right code (redeem_email_code, which counts wrong ones per code and per account), and the
 * token is verified as a press of the e-mail's link is; the person is signed in. */
export const verifyEmailCode = fromPromise<void, { email: string; token: string; type: EmailCodeType }>(async ({ input }) => {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('redeem_email_code', { p_email: input.email, p_kind: input.type, p_code: input.token })
  if (error) throw { code: error.code, message: error.message }
  const answer = data as { token_hash?: string; error?: 'invalid' | 'locked' }
  if (!answer.token_hash) throw { code: answer.error === 'locked' ? 'otp_locked' : 'otp_expired' }
  const verified = await supabase.auth.verifyOtp({ token_hash: answer.token_hash, type: input.type })
  if (verified.error) throw { code: verified.error.code, message: verified.error.message }
})
