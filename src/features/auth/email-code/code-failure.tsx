import { Trans, useLingui } from '@lingui/react/macro'
import type { EmailCodeFailure } from '../../../../machines/email-code.machine'
import * as styles from '../../../components/form/form.css'
import { serverMessage } from '../../../lib/server-message'

/** Why an e-mailed one-time code was not taken: wrong, used, expired or tried too often (`withAddress`:
 * the code was typed with an address, which may be the wrong one), or no answer. */
export function CodeFailure({ failure, withAddress = false }: { failure: EmailCodeFailure | null; withAddress?: boolean }) {
  const { i18n } = useLingui()
  if (!failure) return null
  return (
    <p className={styles.notice} role="alert">
      {failure.code === 'otp_expired' ? (
        withAddress ? (
          <Trans>
            The code is wrong for this address, already used or expired (it works for 15 minutes). Check the address and the newest e-mail from us,
            or ask for a new one.
          </Trans>
        ) : (
          <Trans>The code is wrong, already used or expired (it works for 15 minutes). Check the newest e-mail from us, or ask for a new one.</Trans>
        )
      ) : failure.code === 'otp_locked' ? (
        <Trans>Too many wrong codes: this one no longer works. Use the link in the e-mail, or ask for a new e-mail.</Trans>
      ) : (
        (serverMessage(i18n, failure) ?? <Trans>We couldn't check the code. Check your internet connection and try again.</Trans>)
      )}
    </p>
  )
}
