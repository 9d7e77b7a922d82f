import { Trans } from '@lingui/react/macro'
import { company, mailto } from '../../../content/company'
import * as styles from '../../../components/form/form.css'

/** The way back in without the phone: we turn two-step verification off once we are sure who asks.
 * `provider`: the service an account without a password signs in through (Google, LinkedIn), which
 * it then signs in with alone; an account with a password signs in with the password alone. */
export function LostPhone({ provider }: { provider?: string | undefined }) {
  const address = company.supportEmail
  return (
    <p className={styles.intro}>
      {provider ? (
        <Trans>
          If you lose the phone with the app, write to <a href={mailto(address)}>{address}</a> from your account's e-mail address. Once we have confirmed it's you, we turn off
          two-step verification, and you sign in with {provider} alone.
        </Trans>
      ) : (
        <Trans>
          If you lose the phone with the app, write to <a href={mailto(address)}>{address}</a> from your account's e-mail address. Once we have confirmed it's you, we turn off
          two-step verification, and you sign in with your password alone.
        </Trans>
      )}
    </p>
  )
}
