import { Trans, useLingui } from '@lingui/react/macro'
import { useAppMachine } from '../../../lib/use-app-machine'
import { PageLink } from '../../../components/links'
import { botCheckSlot, button } from '../../../components/ui.css'
import { useLang } from '../../../i18n/use-lang'
import * as styles from '../../../components/form/form.css'
import { connectForm } from '../../../components/form/connect'
import { FormField } from '../../../components/form/field'
import { useToaster } from '../../../components/toaster/toaster'
import { passwordResetRequestLogic } from './logic'
import { loadOnFirstUse } from '../../../lib/load-on-first-use'
import { resetRequestValidator } from '../../../../machines/password-reset-request.machine'
import { EmailCode } from '../email-code/email-code-island'
import { botCheckLoader } from '../../../lib/bot-check'
import { resetRequestBotCheckId } from './dom'

/** Asks for the account's e-mail and sends a reset link; the answer is the same for any address. */
export function ForgotPasswordForm() {
  const { t } = useLingui()
  useToaster()
  const [snapshot, send] = useAppMachine(passwordResetRequestLogic(useLang()))
  const form = connectForm(snapshot, send)
  const sent = snapshot.matches('sent')
  const email = snapshot.context.values.email.trim()

  return (
    <div className={styles.card} {...loadOnFirstUse(resetRequestValidator, botCheckLoader)}>
      <div>
        <h1 className={styles.title}>
          <Trans>Forgot your password?</Trans>
        </h1>
        <p className={styles.intro}>
          <Trans>Enter the e-mail address of your account, and we will send you a link to choose a new password.</Trans>
        </p>
      </div>
      {sent ? (
        <div className={styles.notice} role="status">
          <p>
            <Trans>
              If there is an account for {email}, a link to choose a new password is on its way. It works for one hour.
            </Trans>
          </p>
          <button type="button" className={button.secondary} onClick={() => send({ type: 'form.again' })}>
            <Trans>Send again or use another address</Trans>
          </button>
        </div>
      ) : null}
      {sent ? <EmailCode.Component email={email} type="recovery" /> : null}
      {/* Hidden, not removed, while the answer shows: its field keeps the address for a second try. */}
      <form className={styles.form} hidden={sent} {...form.formProps}>
        <FormField form={form} name="email" label={t`E-mail`} type="email" autoComplete="email" />
        <div id={resetRequestBotCheckId} className={botCheckSlot} />
        <button className={`${button.primary} ${styles.submit}`} {...form.submitProps}>
          {form.busy ? <Trans>Sending link…</Trans> : <Trans>Send link</Trans>}
        </button>
      </form>
      <p className={styles.switchLine}>
        <PageLink to="login">
          <Trans>Back to sign in</Trans>
        </PageLink>
      </p>
    </div>
  )
}
