import { Trans, useLingui } from '@lingui/react/macro'
import { FormField } from '../../../components/form/field'
import * as styles from '../../../components/form/form.css'
import { FormShell } from '../../../components/form/form-shell'
import { PageLink } from '../../../components/links'
import { useToaster } from '../../../components/toaster/toaster'
import { button } from '../../../components/ui.css'
import { useLang } from '../../../i18n/use-lang'
import { useAppMachine } from '../../../lib/use-app-machine'
import { EmailCode } from '../email-code/email-code-island'
import { connectResetRequest } from './connect'
import { passwordResetRequestLogic } from './logic'
import { RecoveryCodeForm } from './recovery-code-form'

/** Asks for the account's e-mail and sends a reset link; the answer is the same for any address. */
export function ForgotPasswordForm() {
  const { t } = useLingui()
  useToaster()
  const [snapshot, send] = useAppMachine(passwordResetRequestLogic(useLang()))
  const reset = connectResetRequest(snapshot, send)
  const { email } = reset

  return (
    <div className={styles.card}>
      <div>
        <h1 className={styles.title}>
          <Trans>Forgot your password?</Trans>
        </h1>
        <p className={styles.intro}>
          <Trans>Enter the e-mail address of your account, and we will send you a link to choose a new password.</Trans>
        </p>
      </div>
      {reset.sent ? (
        <div className={styles.notice} role="status">
          <p className={styles.addresses}>
            <Trans comment="No «La denne siden stå åpen»: the code works on any device, on a fresh visit to «Glemt passord?».">
              If there is an account for {email}, an e-mail with a link to choose a new password is on its way. The link works for one hour. If
              it doesn't work, enter the one-time code from the e-mail below; you can also do that later on another device, under “Forgot
              password?”.
            </Trans>
          </p>
          <button className={button.secondary} {...reset.againProps}>
            <Trans>Send again or use another address</Trans>
          </button>
        </div>
      ) : null}
      {reset.sent ? <EmailCode.Component email={email} type="recovery" /> : null}
      {/* Hidden, not removed, while the answer shows: its field keeps the address for a second try. */}
      <FormShell form={reset.form} hidden={reset.sent} submit={<Trans>Send link</Trans>} waiting={<Trans>Sending link…</Trans>}>
        <FormField form={reset.form} name="email" label={t`E-mail`} type="email" autoComplete="email" />
      </FormShell>
      {/* Once this page has sent the e-mail, the code form above is for its address. */}
      {reset.sent ? null : <RecoveryCodeForm />}
      <p className={styles.switchLine}>
        <PageLink to="login">
          <Trans>Back to sign in</Trans>
        </PageLink>
      </p>
    </div>
  )
}
