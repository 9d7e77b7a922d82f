import { Trans, useLingui } from '@lingui/react/macro'
import { useMemo } from 'react'
import { useAppMachine } from '../../../lib/use-app-machine'
import { button } from '../../../components/ui.css'
import * as styles from '../../../components/form/form.css'
import { useNotify } from '../../../components/toaster/toaster'
import { accountDataLogic } from './logic'
import { serverMessage } from '../../../lib/server-message'

/** Download my data: everything the service keeps about the user, as one JSON file. */
export function YourData() {
  const { t, i18n } = useLingui()
  const notify = useNotify()
  const logic = useMemo(
    () =>
      accountDataLogic({
        notifyFailure: (failure) =>
          notify({ variant: 'destructive', title: t`Could not prepare your data`, description: serverMessage(i18n, failure) || t`Please try again in a moment.` }),
      }),
    [notify, t, i18n],
  )
  const [snapshot, send] = useAppMachine(logic)
  const busy = snapshot.hasTag('busy')
  return (
    <section className={styles.section} aria-labelledby="your-data-title">
      <h2 id="your-data-title" className={styles.sectionTitle}>
        <Trans>Your data</Trans>
      </h2>
      <p className={styles.intro}>
        <Trans>
          One JSON file with your profile, your subscriptions, the payment provider's messages about them and the demo
          requests sent with your e-mail address.
        </Trans>
      </p>
      <button type="button" className={button.secondary} disabled={busy} aria-busy={busy} onClick={() => send({ type: 'export.click' })}>
        {busy ? <Trans>Preparing the file…</Trans> : <Trans>Download my data</Trans>}
      </button>
    </section>
  )
}
