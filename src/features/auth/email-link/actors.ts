import { fromCallback, fromPromise } from 'xstate'
import { type EmailLink, type EmailLinkEvent, type EmailLinkOutcome, readEmailLink } from '../../../../machines/email-link.machine'
import { getSupabase } from '../../../lib/supabase'

/** The link in the page's address. */
export const readLink = fromCallback<EmailLinkEvent>(({ sendBack }) => {
  sendBack({ type: 'link.read', link: readEmailLink(window.location.search) })
  return () => {}
})

/** Spends the link's token (`verifyOtp` with its hash): only the person's press gets here. */
export const verifyEmailLink = fromPromise<EmailLinkOutcome, EmailLink>(async ({ input }) => {
  const supabase = await getSupabase()
  const { data, error } = await supabase.auth.verifyOtp({ token_hash: input.tokenHash, type: input.type })
  if (error) throw { code: error.code, message: error.message }
  return { signedIn: Boolean(data.session) }
})

/** After a change of address, the payment provider's customer gets it (update-billing-email reads
 * the address from the auth service, not from here). */
export const followNewAddress = fromPromise<void>(async () => {
  const supabase = await getSupabase()
  const { error } = await supabase.functions.invoke('update-billing-email', { method: 'POST' })
  if (error) throw { message: error.message }
})
