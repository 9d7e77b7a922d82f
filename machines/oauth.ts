import { fromPromise } from 'xstate'

// Signing in with another service (OpenID Connect through the auth service): a form's button for
// each provider, and a state on the way to it. The page leaves for the provider's own page; the
// provider sends the visitor back to the site, signed in or not.

/** The providers a visitor may continue with, by the auth service's name for them. */
export const signInProviders = {
  google: { name: 'Google' },
  linkedin_oidc: { name: 'LinkedIn' },
} as const
export type SignInProvider = keyof typeof signInProviders

/** A provider's button pressed. */
export type ProviderClick = { type: 'google.click' } | { type: 'linkedin.click' }

/** Why leaving for a provider could not start, and which one. */
export interface ProviderFailure {
  provider: SignInProvider
  message?: string
  code?: string
}

/** The form's placeholders for leaving: its logic provides the real ones. */
export const providerActors = {
  /** Leaves for the provider's page; fails when that cannot start (the provider is off). */
  continueWithProvider: fromPromise<void, { provider: SignInProvider }>(async () => {}),
}
export const providerActions = {
  notifyProviderFailure: (_: unknown, _params: ProviderFailure) => {},
}

/** Each provider's button, where the form takes it. */
export const toProviders = {
  'google.click': { target: 'redirectingToGoogle', description: 'The visitor chooses Google.' },
  'linkedin.click': { target: 'redirectingToLinkedIn', description: 'The visitor chooses LinkedIn.' },
} as const

const failureOf = (provider: SignInProvider) => ({ event }: { event: { error?: unknown } }): ProviderFailure => {
  const { message, code } = (event.error ?? {}) as { message?: string; code?: string }
  return { provider, message, code }
}

/** The states on the way to each provider: the page is about to leave, so the form's buttons wait;
 * if leaving cannot start, back to `back`, told why. */
export const redirectingToProviders = <Back extends string>(back: Back) =>
  ({
    redirectingToGoogle: {
      description: 'On the way to Google: the page is about to leave.',
      tags: 'busy',
      invoke: {
        id: 'continueWithProvider',
        src: 'continueWithProvider',
        input: { provider: 'google' },
        onError: { target: back, actions: { type: 'notifyProviderFailure', params: failureOf('google') }, description: 'Google sign-in could not start.' },
      },
    },
    redirectingToLinkedIn: {
      description: 'On the way to LinkedIn: the page is about to leave.',
      tags: 'busy',
      invoke: {
        id: 'continueWithProvider',
        src: 'continueWithProvider',
        input: { provider: 'linkedin_oidc' },
        onError: { target: back, actions: { type: 'notifyProviderFailure', params: failureOf('linkedin_oidc') }, description: 'LinkedIn sign-in could not start.' },
      },
    },
  }) as const

/** How a visitor came back from a provider without being signed in: they cancelled at LinkedIn;
 * the provider or the auth service said no (Google answers `access_denied` to a cancel as well);
 * or something else went wrong on the way. */
export type ProviderRefusal = 'linkedinCancelled' | 'denied' | 'failed'

/** The refusal an OAuth error code (the `error` the auth service sends back) stands for. */
export function refusalOf(error: string): ProviderRefusal {
  if (error === 'user_cancelled_login' || error === 'user_cancelled_authorize') return 'linkedinCancelled'
  if (error === 'access_denied') return 'denied'
  return 'failed'
}
export const providerRefusals: readonly ProviderRefusal[] = ['linkedinCancelled', 'denied', 'failed']
