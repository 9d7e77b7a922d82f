import { Trans, useLingui } from '@lingui/react/macro'
import { PASSWORD_MIN_LENGTH, registerValidator } from '../../../../machines/register-form.machine'
import { useAppMachine } from '../../../lib/use-app-machine'
import { PageLink } from '../../../components/links'
import { botCheckSlot, button } from '../../../components/ui.css'
import { useLang } from '../../../i18n/use-lang'
import { loadOnFirstUse } from '../../../lib/load-on-first-use'
import * as styles from '../../../components/form/form.css'
import { connectForm } from '../../../components/form/connect'
import { FormField } from '../../../components/form/field'
import { GoogleButton } from '../google-button'
import { useToaster } from '../../../components/toaster/toaster'
import { registerBotCheckId, registerLogic } from './logic'
import { botCheckLoader } from '../../../lib/bot-check'
import { ConsentNote } from '../../../components/consent-note'

export function RegisterForm() {
  const { t } = useLingui()
  useToaster()
  const [snapshot, send] = useAppMachine(registerLogic(useLang()))
  const form = connectForm(snapshot, send)
  const weakReasons = snapshot.context.failure?.weakPasswordReasons
  const reasonText = (reason: string) =>
    reason === 'length'
      ? t`It is too short.`
      : reason === 'characters'
        ? t`It needs more kinds of characters (letters, digits, symbols).`
        : reason === 'pwned'
          ? t`It has appeared in a data breach: choose another.`
          : reason

  return (
    <div className={styles.card} {...loadOnFirstUse(registerValidator, botCheckLoader)}>
      <div>
        <h1 className={styles.title}>
          <Trans>Create account</Trans>
        </h1>
        <p className={styles.intro}>
          <Trans>Start on the Free plan. Upgrade to Pro whenever you like.</Trans>
        </p>
      </div>
      <GoogleButton label={t`Sign up with Google`} disabled={form.busy} onClick={() => send({ type: 'google.click' })} />
      <p className={styles.divider}>
        <Trans context="between Google sign-in and the e-mail form">Or</Trans>
      </p>
      <form className={styles.form} {...form.formProps}>
        <FormField form={form} name="fullName" label={t`Full name`} autoComplete="name" />
        <FormField form={form} name="email" label={t`E-mail`} type="email" autoComplete="email" />
        <FormField form={form} name="password" label={t`Password`} type="password" autoComplete="new-password" minLength={PASSWORD_MIN_LENGTH} placeholder={t`Minimum 6 characters`} />
        {weakReasons?.length ? (
          <div role="alert">
            <p>
              <Trans>The password is too weak:</Trans>
            </p>
            <ul className={styles.reasons}>
              {weakReasons.map((reason) => (
                <li key={reason}>{reasonText(reason)}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <ConsentNote action="register" />
        <div id={registerBotCheckId} className={botCheckSlot} />
        <button className={`${button.primary} ${styles.submit}`} {...form.submitProps}>
          {form.busy ? <Trans>Creating account…</Trans> : <Trans>Create account</Trans>}
        </button>
      </form>
      <p className={styles.switchLine}>
        <Trans>
          Already have an account? <PageLink to="login">Sign in</PageLink>
        </Trans>
      </p>
    </div>
  )
}
