import { Trans } from '@lingui/react/macro'
import { PageLink } from './links'
import * as css from './consent-note.css'

/**
 * The terms and the privacy policy, linked where the data is collected: on registration (above the
 * button that creates the account), under sign-in's Google and LinkedIn buttons (either creates an
 * account for an address that has none) and at checkout (under the price). A note, not a checkbox: the
 * service is sold to businesses, for whom accepting the terms by the act of registering or buying is
 * binding, and the privacy policy is information, not something to consent to (the processing
 * rests on the contract and the law, not on consent), so a box to tick would suggest otherwise.
 */
export function ConsentNote({ action }: { action: 'register' | 'provider' | 'checkout' }) {
  return (
    <p className={css.note} data-testid="consent-note">
      {action === 'provider' ? (
        <Trans>
          New here? Continuing with Google or LinkedIn creates an account, and you accept our{' '}
          <PageLink to="terms">terms of service</PageLink> on behalf of your business. Our{' '}
          <PageLink to="privacy">privacy policy</PageLink> explains how we handle your data.
        </Trans>
      ) : action === 'register' ? (
        <Trans>
          By creating an account you accept our <PageLink to="terms">terms of service</PageLink> on behalf of your
          business. Our <PageLink to="privacy">privacy policy</PageLink> explains how we handle your data.
        </Trans>
      ) : (
        <Trans>
          Excluding VAT, which is added at checkout. Pro is sold to businesses: by continuing to payment you accept our{' '}
          <PageLink to="terms">terms of service</PageLink> on behalf of your business. Our{' '}
          <PageLink to="privacy">privacy policy</PageLink> explains how we handle your data.
        </Trans>
      )}
    </p>
  )
}
