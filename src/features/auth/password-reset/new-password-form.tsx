import { Trans } from '@lingui/react/macro'
import { useAppMachine } from '../../../lib/use-app-machine'
import { PageLink } from '../../../components/links'
import { PageSpinner } from '../../../components/spinner'
import { button } from '../../../components/ui.css'
import { useLang } from '../../../i18n/use-lang'
import * as styles from '../../../components/form/form.css'
import { connectForm } from '../../../components/form/connect'
import { useToaster } from '../../../components/toaster/toaster'
import { resetPasswordLogic } from './logic'
import { NewPasswordFields } from './new-password-fields'

/** The page a reset link opens: the link's session lets the user set a new password. */
export function NewPasswordForm() {
  useToaster()
  const [snapshot, send] = useAppMachine(resetPasswordLogic(useLang()))
  const form = connectForm(snapshot, send)

  if (snapshot.hasTag('loading')) return <PageSpinner />
  return (
    <div className={styles.card}>
      <div>
        <h1 className={styles.title}>
          <Trans>Choose a new password</Trans>
        </h1>
        {snapshot.matches('expired') ? null : (
          <p className={styles.intro}>
            <Trans>Your new password replaces the old one, and you stay signed in here.</Trans>
          </p>
        )}
      </div>
      {snapshot.matches('expired') ? (
        <div className={styles.notice} role="alert">
          <p>
            <Trans>This link has expired or has already been used.</Trans>
          </p>
          <PageLink to="forgotPassword" className={button.secondary}>
            <Trans>Ask for a new link</Trans>
          </PageLink>
        </div>
      ) : (
        <NewPasswordFields form={form} />
      )}
    </div>
  )
}
