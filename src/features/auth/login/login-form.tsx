import { Trans, useLingui } from '@lingui/react/macro'
import { ConsentNote } from '../../../components/consent-note'
import { FormField } from '../../../components/form/field'
import * as styles from '../../../components/form/form.css'
import { FormShell } from '../../../components/form/form-shell'
import { PageLink } from '../../../components/links'
import { useToaster } from '../../../components/toaster/toaster'
import { button } from '../../../components/ui.css'
import { useLang } from '../../../i18n/use-lang'
import { useAppMachine } from '../../../lib/use-app-machine'
import { EmailCode } from '../email-code/email-code-island'
import { ProviderButton } from '../provider-button'
import { connectLogin } from './connect'
import { loginLogic } from './logic'

export function LoginForm() {
  const { t } = useLingui()
  useToaster()
  const [snapshot, send] = useAppMachine(loginLogic(useLang()))
  const login = connectLogin(snapshot, send)

  return (
    <div className={styles.card}>
      <div>
        <h1 className={styles.title}>
          <Trans>Sign in</Trans>
        </h1>
        <p className={styles.intro}>
          <Trans>Welcome back. Sign in to see your plan and dashboard.</Trans>
        </p>
      </div>
      {login.refusal ? (
        <div className={styles.notice} role="alert">
          <p>
            {login.refusal === 'linkedinCancelled' ? (
              <Trans>You canceled the sign-in at LinkedIn, so you are not signed in. Try again, or sign in another way below.</Trans>
            ) : login.refusal === 'denied' ? (
              <Trans>The sign-in was canceled or refused, so you are not signed in. Try again, or sign in another way below.</Trans>
            ) : (
              <Trans>The sign-in did not go through, so you are not signed in. Try again, or sign in another way below.</Trans>
            )}
          </p>
        </div>
      ) : null}
      <div className={styles.providers}>
        <ProviderButton provider="google" label={t`Continue with Google`} {...login.googleProps} />
        <ProviderButton provider="linkedin_oidc" label={t`Continue with LinkedIn`} {...login.linkedinProps} />
      </div>
      <ConsentNote action="provider" />
      <p className={styles.divider}>
        <Trans context="between Google sign-in and the e-mail form">Or</Trans>
      </p>
      <FormShell form={login.form} submit={<Trans>Sign in</Trans>} waiting={<Trans>Signing in…</Trans>}>
        <FormField form={login.form} name="email" label={t`E-mail`} type="email" autoComplete="email" />
        <FormField form={login.form} name="password" label={t`Password`} type="password" autoComplete="current-password" />
        <p className={styles.forgotLine}>
          <PageLink to="forgotPassword">
            <Trans>Forgot password?</Trans>
          </PageLink>
        </p>
        {login.unconfirmed ? (
          <div className={styles.notice} role="status">
            <p>
              <Trans>Confirm your e-mail address first: open the link in the e-mail we sent you, or enter the one-time code from it in the field below.</Trans>
            </p>
            <button className={button.secondary} {...login.resendProps}>
              <Trans>Send the e-mail again</Trans>
            </button>
          </div>
        ) : null}
      </FormShell>
      {login.unconfirmed ? <EmailCode.Component key={login.email} email={login.email} type="signup" /> : null}
      <p className={styles.switchLine}>
        <Trans>
          No account yet? <PageLink to="register">Create one</PageLink>
        </Trans>
      </p>
    </div>
  )
}
