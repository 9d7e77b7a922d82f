import { Trans } from '@lingui/react/macro'
import { company, mailto } from '../../../content/company'
import * as styles from '../../../components/form/form.css'

/** The way back in without the phone: support removes the factor once it is sure who asks. */
export function LostPhone() {
  const address = company.supportEmail
  return (
    <p className={styles.intro}>
      <Trans>
        Lost your phone? Write to <a href={mailto(address)}>{address}</a> from the address of your account. Support removes two-factor
        sign-in once we are sure it is you, and you then sign in with your password.
      </Trans>
    </p>
  )
}
