import { Trans, useLingui } from '@lingui/react/macro'
import { useMemo } from 'react'
import { useAppMachine } from '../../../lib/use-app-machine'
import * as styles from '../../../components/form/form.css'
import { connectForm } from '../../../components/form/connect'
import { useAuthActor } from '../../../lib/auth/use-auth'
import { useNotify } from '../../../components/toaster/toaster'
import { newPasswordLogic } from './logic'
import { NewPasswordFields } from './new-password-fields'
import { serverMessage } from '../../../lib/server-message'
import { sendWhenReady } from '../../../lib/send-when-ready'
import { newPasswordValidator } from '../../../../machines/new-password.machine'

/** The account page's password change: this session stays, the backend ends the others. */
export function ChangePassword() {
  const { t, i18n } = useLingui()
  const notify = useNotify()
  const auth = useAuthActor()
  const logic = useMemo(
    () =>
      newPasswordLogic({
        auth,
        notifySaved: () => notify({ title: t`Password changed`, description: t`Use the new password the next time you sign in.` }),
        notifyFailure: (failure) =>
          notify({ variant: 'destructive', title: t`Could not save the password`, description: serverMessage(i18n, failure) || t`Please try again in a moment.` }),
      }),
    [auth, notify, t, i18n],
  )
  // The field and submit wait for the form's schema, which loads on first use.
  const [snapshot, sendNow] = useAppMachine(logic)
  const send = sendWhenReady(newPasswordValidator, sendNow)
  const form = connectForm(snapshot, send)

  return (
    <section className={styles.section} aria-labelledby="change-password-title">
      <h2 id="change-password-title" className={styles.sectionTitle}>
        <Trans>Change password</Trans>
      </h2>
      <p className={styles.intro}>
        <Trans>You stay signed in here. Other devices signed in to your account are signed out within the hour.</Trans>
      </p>
      <NewPasswordFields form={form} />
    </section>
  )
}
