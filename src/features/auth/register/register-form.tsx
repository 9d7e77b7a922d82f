import { Trans, useLingui } from '@lingui/react/macro'
import { PASSWORD_MIN_LENGTH } from '../../../../machines/register-form.machine'
import { ConsentNote } from '../../../components/consent-note'
import { FormField } from '../../../components/form/field'
import * as styles from '../../../components/form/form.css'
import { FormShell } from '../../../components/form/form-shell'
import { PageLink } from '../../../components/links'
import { useToaster } from '../../../components/toaster/toaster'
import { useLang } from '../../../i18n/use-lang'
import { useAppMachine } from '../../../lib/use-app-machine'
import { ProviderButton } from '../provider-button'
import { connectRegister } from './connect'
import { registerLogic } from './logic'

export function RegisterForm() {
  const { t } = useLingui()
  useToaster()
  const [snapshot, send] = useAppMachine(registerLogic(useLang()))
  const register = connectRegister(snapshot, send)
  const reasonText = (reason: string) =>
    reason === 'length'
      ? t`It is too short.`
      : reason === 'characters'
        ? t`It needs more kinds of characters (letters, digits, symbols).`
        : reason === 'pwned'
          ? t`It appears in a known data breach: choose another.`
          : reason

  return (
    <div className={styles.card}>
      <div>
        <h1 className={styles.title}>
          <Trans>Create account</Trans>
        </h1>
        <p className={styles.intro}>
          <Trans>Start on the Free plan. Upgrade to Pro whenever you like.</Trans>
        </p>
      </div>
      <div className={styles.providers}>
        <ProviderButton provider="google" label={t`Sign up with Google`} {...register.googleProps} />
        <ProviderButton provider="linkedin_oidc" label={t`Sign up with LinkedIn`} {...register.linkedinProps} />
      </div>
      <p className={styles.divider}>
        <Trans context="between Google sign-in and the e-mail form">Or</Trans>
      </p>
      <FormShell form={register.form} submit={<Trans>Create account</Trans>} waiting={<Trans>Creating account…</Trans>}>
        <FormField form={register.form} name="fullName" label={t`Full name`} autoComplete="name" />
        <FormField form={register.form} name="email" label={t`E-mail`} type="email" autoComplete="email" />
        <FormField
          form={register.form}
          name="password"
          label={t`Password`}
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          placeholder={t`Minimum 6 characters`}
        />
        {register.weakReasons.length ? (
          <div role="alert">
            <p>
              <Trans>The password is too weak:</Trans>
            </p>
            <ul className={styles.reasons}>
              {register.weakReasons.map((reason) => (
                <li key={reason}>{reasonText(reason)}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <ConsentNote action="register" />
      </FormShell>
      <p className={styles.switchLine}>
        <Trans>
          Already have an account? <PageLink to="login">Sign in</PageLink>
        </Trans>
      </p>
    </div>
  )
}
