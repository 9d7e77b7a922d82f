import { Trans } from '@lingui/react/macro'
import * as styles from '../../../components/form/form.css'
import { PageLink } from '../../../components/links'
import { PageSpinner } from '../../../components/spinner'
import { useToaster } from '../../../components/toaster/toaster'
import { button } from '../../../components/ui.css'
import { useLang } from '../../../i18n/use-lang'
import { useAppMachine } from '../../../lib/use-app-machine'
import { CodeField } from '../two-factor/code-field'
import { LostPhone } from '../two-factor/lost-phone'
import { connectNewPassword } from './connect'
import { resetPasswordLogic } from './logic'
import { NewPasswordFields } from './new-password-fields'

/** The page a reset link opens: the link's session lets the user set a new password. */
export function NewPasswordForm() {
  useToaster()
  const [snapshot, send] = useAppMachine(resetPasswordLogic(useLang()))
  const page = connectNewPassword(snapshot, send)
  const { code } = page

  if (page.loading) return <PageSpinner />
  return (
    <div className={styles.card}>
      <div>
        <h1 className={styles.title}>
          <Trans>Choose a new password</Trans>
        </h1>
        {page.expired ? null : page.askingCode ? (
          <p className={styles.intro}>
            <Trans>
              Your account is protected with two-step verification: enter the code your authenticator app shows for Vekstlinje, then choose the new
              password.
            </Trans>
          </p>
        ) : (
          <p className={styles.intro}>
            <Trans>Your new password replaces the old one, and you stay signed in here.</Trans>
          </p>
        )}
      </div>
      {page.expired ? (
        <div className={styles.notice} role="alert">
          <p>
            <Trans>This link has expired or has already been used.</Trans>
          </p>
          <PageLink to="forgotPassword" className={button.secondary}>
            <Trans>Ask for a new link</Trans>
          </PageLink>
        </div>
      ) : page.askingCode ? (
        <>
          <form {...code.formProps}>
            <CodeField {...code.fieldProps} />
            <button className={`${button.primary} ${styles.submit}`} {...code.submitProps}>
              {code.busy ? <Trans>Checking…</Trans> : <Trans context="submit the code from the authenticator app">Continue</Trans>}
            </button>
          </form>
          <LostPhone />
        </>
      ) : (
        <NewPasswordFields form={page.form} />
      )}
    </div>
  )
}
