import { Trans, useLingui } from '@lingui/react/macro'
import { loginValidator } from '../../../../machines/login-form.machine'
import { useAppMachine } from '../../../lib/use-app-machine'
import { PageLink } from '../../../components/links'
import { botCheckSlot, button } from '../../../components/ui.css'
import { useLang } from '../../../i18n/use-lang'
import { loadOnFirstUse } from '../../../lib/load-on-first-use'
import * as styles from '../../../components/form/form.css'
import { connectForm } from '../../../components/form/connect'
import { FormField } from '../../../components/form/field'
import { ConsentNote } from '../../../components/consent-note'
import { GoogleButton } from '../google-button'
import { useToaster } from '../../../components/toaster/toaster'
import { loginBotCheckId, loginLogic } from './logic'
import { botCheckLoader } from '../../../lib/bot-check'
import { EmailCode } from '../email-code/email-code-island'

export function LoginForm() {
  const { t } = useLingui()
  useToaster()
  const [snapshot, send] = useAppMachine(loginLogic(useLang()))
  const form = connectForm(snapshot, send)
  const unconfirmed = snapshot.matches('unconfirmed') || snapshot.matches('checkingBotForResend') || snapshot.matches('resending')
  const email = snapshot.context.values.email.trim()

  return (
    <div className={styles.card} {...loadOnFirstUse(loginValidator, botCheckLoader)}>
      <div>
        <h1 className={styles.title}>
          <Trans>Sign in</Trans>
        </h1>
        <p className={styles.intro}>
          <Trans>Welcome back. Sign in to see your plan and dashboard.</Trans>
        </p>
      </div>
      <GoogleButton label={t`Continue with Google`} disabled={form.busy} onClick={() => send({ type: 'google.click' })} />
      <ConsentNote action="google" />
      <p className={styles.divider}>
        <Trans context="between Google sign-in and the e-mail form">Or</Trans>
      </p>
      <form className={styles.form} {...form.formProps}>
        <FormField form={form} name="email" label={t`E-mail`} type="email" autoComplete="email" />
        <FormField form={form} name="password" label={t`Password`} type="password" autoComplete="current-password" />
        <p className={styles.forgotLine}>
          <PageLink to="forgotPassword">
            <Trans>Forgot password?</Trans>
          </PageLink>
        </p>
        {unconfirmed ? (
          <div className={styles.notice} role="status">
            <p>
              <Trans>Confirm your e-mail address first: open the link we sent you, then sign in, or enter the code from the e-mail below.</Trans>
            </p>
            <button type="button" className={button.secondary} disabled={form.busy} onClick={() => send({ type: 'resend.click' })}>
              <Trans>Send the e-mail again</Trans>
            </button>
          </div>
        ) : null}
        <div id={loginBotCheckId} className={botCheckSlot} />
        <button className={`${button.primary} ${styles.submit}`} {...form.submitProps}>
          {form.busy ? <Trans>Signing in…</Trans> : <Trans>Sign in</Trans>}
        </button>
      </form>
      {unconfirmed ? <EmailCode.Component key={email} email={email} type="signup" /> : null}
      <p className={styles.switchLine}>
        <Trans>
          No account yet? <PageLink to="register">Create one</PageLink>
        </Trans>
      </p>
    </div>
  )
}
