import { Trans } from '@lingui/react/macro'
import { useAppMachine } from '../../../lib/use-app-machine'
import { PageLink } from '../../../components/links'
import { PageSpinner } from '../../../components/spinner'
import { button } from '../../../components/ui.css'
import { useLang } from '../../../i18n/use-lang'
import * as styles from '../../../components/form/form.css'
import { connectForm } from '../../../components/form/connect'
import { useToaster } from '../../../components/toaster/toaster'
import { CodeField, codeFormProps } from '../two-factor/code-field'
import { LostPhone } from '../two-factor/lost-phone'
import { RESET_CODE_ID } from './dom'
import { resetPasswordLogic } from './logic'
import { NewPasswordFields } from './new-password-fields'

/** The page a reset link opens: the link's session lets the user set a new password. */
export function NewPasswordForm() {
  useToaster()
  const [snapshot, send] = useAppMachine(resetPasswordLogic(useLang()))
  const form = connectForm(snapshot, send)
  const askingCode = snapshot.matches('askingCode') || snapshot.matches('verifyingCode')
  const { code, codeProblem, codeFailure } = snapshot.context

  if (snapshot.hasTag('loading')) return <PageSpinner />
  return (
    <div className={styles.card}>
      <div>
        <h1 className={styles.title}>
          <Trans>Choose a new password</Trans>
        </h1>
        {snapshot.matches('expired') ? null : askingCode ? (
          <p className={styles.intro}>
            <Trans>Your account has two-factor sign-in: enter the code your authenticator app shows for Vekstlinje, then choose the new password.</Trans>
          </p>
        ) : (
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
      ) : askingCode ? (
        <>
          <form {...codeFormProps(form.busy, send)}>
            <CodeField
              id={RESET_CODE_ID}
              value={code}
              problem={codeProblem}
              failure={codeFailure}
              busy={form.busy}
              onChange={(value) => send({ type: 'code.change', value })}
            />
            <button type="submit" className={`${button.primary} ${styles.submit}`} aria-disabled={form.busy}>
              {form.busy ? <Trans>Checking…</Trans> : <Trans context="submit the sign-in code">Continue</Trans>}
            </button>
          </form>
          <LostPhone />
        </>
      ) : (
        <NewPasswordFields form={form} />
      )}
    </div>
  )
}
