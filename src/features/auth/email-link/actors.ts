import type { SupabaseClient } from '@supabase/supabase-js'
import { fromCallback, fromPromise } from 'xstate'
import { type EmailLink, type EmailLinkEvent, type EmailLinkVerified, readEmailLink } from '../../../../machines/email-link.machine'
import { createScratchClient, getSupabase } from '../../../lib/supabase'

/** The link in the page's address. */
export const readLink = fromCallback<EmailLinkEvent>(({ sendBack }) => {
  sendBack({ type: 'link.read', link: readEmailLink(window.location.search) })
  return () => {}
})

/** The session the link gave, on a client of its own until the page decides what to do with it
 * (kept here, outside the machine's context, so that no token shows in the inspector). */
let linkClient: SupabaseClient | null = null

async function endLinkSession() {
  const client = linkClient
  linkClient = null
  await client?.auth.signOut({ scope: 'local' })
}

/** Spends the link's token (`verifyOtp` with its hash) on a client that keeps nothing, so the
 * session of whoever is signed in on this device stays as it is: only the person's press gets here. */
export const verifyEmailLink = fromPromise<EmailLinkVerified, EmailLink>(async ({ input }) => {
  await endLinkSession()
  const scratch = await createScratchClient()
  const { data, error } = await scratch.auth.verifyOtp({ token_hash: input.tokenHash, type: input.type })
  if (error) throw { code: error.code, message: error.message }
  if (!data.session || !data.user) return { half: true, account: input.email ?? '', otherSignedIn: null }
  const account = data.user.email ?? ''
  // A link that names another address than its account's was not sent by us as it stands.
  if (input.email && input.type !== 'email_change' && account.toLowerCase() !== input.email) {
    await scratch.auth.signOut({ scope: 'local' })
    throw { code: 'link_account_mismatch' }
  }
  linkClient = scratch
  const current = (await (await getSupabase()).auth.getSession()).data.session
  return { half: false, account, otherSignedIn: current && current.user.id !== data.user.id ? (current.user.email ?? '') : null }
})

/** A new account: the password chosen on the page becomes the account's (a password given at
 * sign-up by whoever first typed the address opens nothing); then the link's session ends, and
 * the person signs in. */
export const setPassword = fromPromise<void, { password: string }>(async ({ input }) => {
  if (!linkClient) throw { code: 'session_not_found' }
  const { error } = await linkClient.auth.updateUser({ password: input.password })
  // The same password as at sign-up is the person's own choice too.
  if (error && error.code !== 'same_password') {
    const reasons = (error as { reasons?: string[] }).reasons
    throw { code: error.code, message: error.message, weakPasswordReasons: reasons }
  }
  await endLinkSession()
})

/** This device takes the link's session. When the same account is signed in here already, that
 * session stays (with its two-step level) and is refreshed to carry the new address instead. */
export const adoptSession = fromPromise<void>(async () => {
  if (!linkClient) throw { code: 'session_not_found' }
  const supabase = await getSupabase()
  const link = (await linkClient.auth.getSession()).data.session
  if (!link) throw { code: 'session_not_found' }
  const current = (await supabase.auth.getSession()).data.session
  if (current?.user.id === link.user.id) {
    await endLinkSession()
    const { error } = await supabase.auth.refreshSession()
    if (error) throw { code: error.code, message: error.message }
    return
  }
  if (current) await supabase.auth.signOut({ scope: 'local' })
  const { error } = await supabase.auth.setSession({ access_token: link.access_token, refresh_token: link.refresh_token })
  if (error) throw { code: error.code, message: error.message }
  linkClient = null
})

/** The visitor stays who they are: the link's session ends unused. */
export const dropLinkSession = () => {
  endLinkSession().catch(() => {})
}

/** After a change of address, the payment provider's customer gets it (update-billing-email reads
 * the address from the auth service, not from here). */
export const followNewAddress = fromPromise<void>(async () => {
  const supabase = await getSupabase()
  const { error } = await supabase.functions.invoke('update-billing-email', { method: 'POST' })
  if (error) throw { message: error.message }
})
