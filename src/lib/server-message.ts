import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { AUTH_REFUSALS } from '../../supabase/functions/_shared/auth-refusals'
import { ALREADY_ON_PLAN, planById } from '../../supabase/functions/_shared/plans'

/** A refusal from the auth service (its `code`) or from one of the project's functions (its
 * `code` and the `plan` it names, or its fixed English `message`). */
export interface ServerFailure {
  code?: string
  message?: string
  plan?: string
}

/** The auth service's error codes the visitor can meet, in their language. */
export const authCodeMessages = {
  invalid_credentials: msg`Wrong e-mail address or password.`,
  email_not_confirmed: msg`Confirm your e-mail address first: open the link we sent you.`,
  user_already_exists: msg`There is already an account with this e-mail address. Sign in instead.`,
  email_exists: msg`There is already an account with this e-mail address. Sign in instead.`,
  weak_password: msg`The password is too weak. Choose a longer one that is harder to guess.`,
  same_password: msg`The new password must be different from the old one.`,
  over_request_rate_limit: msg`Too many attempts in a short time. Wait a little and try again.`,
  // One e-mail of a kind to an address a minute (config.toml max_frequency).
  over_email_send_rate_limit: msg`Too many e-mails sent to this address. Wait a minute before asking again.`,
  email_address_invalid: msg`This e-mail address cannot be used. Check it, or use another.`,
  validation_failed: msg`Check what you entered and try again.`,
  signup_disabled: msg`New accounts cannot be created right now.`,
  otp_expired: msg`This link has expired or has already been used.`,
  session_not_found: msg`Your session has ended. Sign in again.`,
  session_expired: msg`Your session has ended. Sign in again.`,
  bad_jwt: msg`Your session has ended. Sign in again.`,
  user_not_found: msg`Your session has ended. Sign in again.`,
  insufficient_aal: msg`Enter the code from your authenticator app first.`,
  mfa_verification_rejected: msg`The code was refused. Wait a minute, then sign in again.`,
  same_address: msg`That is already the address of your account.`,
} satisfies Record<string, MessageDescriptor>

/** The project's functions answer `{ error }` in English; these are the ones the visitor can meet. */
export const functionMessages = {
  'Not signed in': msg`Your session has ended. Sign in again.`,
  'The payment provider could not start the checkout': msg`The payment provider could not start the purchase. Try again in a moment.`,
  'The payment provider could not cancel the subscription': msg`The payment provider could not cancel the subscription, so nothing was deleted. Try again in a moment.`,
  'A payment is owed': msg`The last payment for your subscription did not go through. Fix it on the dashboard; you need no second subscription.`,
  'No payment to fix': msg`There is no payment to fix: your subscription is paid.`,
  'The payment provider could not open the payment page': msg`The payment provider could not open the payment page. Try again in a moment.`,
  'The e-mail address does not match the account': msg`That is not the address of this account.`,
  [AUTH_REFUSALS.codeReused]: msg`This code has been used already. Wait for the next code in your app (up to a minute), then sign in again.`,
  [AUTH_REFUSALS.factorLocked]: msg`Too many wrong codes: two-step verification is locked for 15 minutes, and every device has been signed out.`,
  [AUTH_REFUSALS.emailChangeNotRequested]: msg`Change the e-mail address on your account page.`,
  [AUTH_REFUSALS.emailChangeAccountLimit]: msg`You have changed the e-mail address too many times today. Try again tomorrow.`,
  [AUTH_REFUSALS.emailChangeAddressLimit]: msg`That address has had too many e-mails from us today. Try again tomorrow.`,
} satisfies Record<string, MessageDescriptor>

/** The functions' refusals that name a plan, by code: the plan's name fills in `{name}`. */
export const planCodeMessages = {
  [ALREADY_ON_PLAN]: msg({ message: 'You already have {name}, so there is nothing to pay.' }),
} satisfies Record<string, MessageDescriptor>

/** What to show for a refusal: a known code or function error as a catalog message; otherwise the
 * server's own text (undefined when there is none, for the caller's fallback). */
export function serverText(failure: ServerFailure | null | undefined): MessageDescriptor | string | undefined {
  const plan = planById(failure?.plan ?? '')
  if (plan && failure?.code && failure.code in planCodeMessages) {
    return { ...planCodeMessages[failure.code as keyof typeof planCodeMessages], values: { name: plan.name } }
  }
  // A known sentence first: the auth hooks' refusals come with a generic code (mfa_verification_rejected, unknown).
  const text = failure?.message as keyof typeof functionMessages | undefined
  if (text && text in functionMessages) return functionMessages[text]
  const code = failure?.code as keyof typeof authCodeMessages | undefined
  if (code && code in authCodeMessages) return authCodeMessages[code]
  return failure?.message || undefined
}

/** The same, as a sentence in the visitor's language. */
export function serverMessage(i18n: I18n, failure: ServerFailure | null | undefined): string | undefined {
  const text = serverText(failure)
  return typeof text === 'object' ? i18n._(text) : text
}
