import { Trans, useLingui } from '@lingui/react/macro'
import { useMemo } from 'react'
import { useLocation } from 'wouter'
import { PASSWORD_MIN_LENGTH, type RegisterFormEvent, registerFields, registerFormMachine, registerValidator } from '../../../machines/register-form.machine'
import { href } from '../../app/routes'
import { useAppMachine } from '../../app/use-app-machine'
import { PageLink } from '../../components/links'
import { button } from '../../components/ui.css'
import { useLang } from '../../i18n/use-lang'
import { loadOnFirstUse, sendWhenReady } from '../../lib/send-when-ready'
import * as styles from '../account/account.css'
import { connectForm } from '../account/connect'
import { Field } from '../account/field'
import { GoogleButton } from '../account/google-button'
import { problemText } from '../account/problem-text'
import { serverMessage } from '../account/server-message'
import { signInWithGoogle, signUp } from '../auth/actors'
import { ConsentNote } from '../legal/consent-note'
import { useNotify } from '../toaster/toaster'
import { readTypedValues } from '../account/typed-values'

export function RegisterForm() {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const notify = useNotify()
  const [, navigate] = useLocation()
  const logic = useMemo(() => {
    const appUrl = href('app', lang)
    return registerFormMachine.provide({
      actors: {
        signUp: signUp(appUrl),
        signUpWithGoogle: signInWithGoogle(appUrl),
        readTypedValues: readTypedValues<RegisterFormEvent>(registerFields, registerValidator),
      },
      actions: {
        notifyRegistered: () => notify({ title: t`Account created!`, description: t`Check your e-mail to confirm your account.` }),
        notifyFailure: (_, failure) =>
          notify({
            variant: 'destructive',
            title: t`Registration error`,
            description: serverMessage(i18n, failure) || t`Could not create the account. Please try again.`,
          }),
        notifyGoogleFailure: (_, failure) =>
          notify({
            variant: 'destructive',
            title: t`Google sign-up error`,
            description: serverMessage(i18n, failure) || t`Could not create the account. Please try again.`,
          }),
        focusField: (_, { field }) => document.getElementById(field)?.focus(),
        goToLogin: () => navigate(href('login', lang)),
      },
    })
  }, [lang, notify, t, i18n, navigate])
  // The form's fields and submit wait for its schema; the other buttons need none.
  const [snapshot, sendNow] = useAppMachine(logic)
  const send = sendWhenReady(registerValidator, sendNow)
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
    <div className={styles.card} {...loadOnFirstUse(registerValidator)}>
      <div>
        <h1 className={styles.title}>
          <Trans>Create account</Trans>
        </h1>
        <p className={styles.intro}>
          <Trans>Start on the Free plan. Upgrade to Pro whenever you like.</Trans>
        </p>
      </div>
      <GoogleButton label={t`Sign up with Google`} disabled={form.busy} onClick={() => sendNow({ type: 'google.click' })} />
      <p className={styles.divider}>
        <Trans context="between Google sign-in and the e-mail form">Or</Trans>
      </p>
      <form className={styles.form} {...form.formProps}>
        <Field label={t`Full name`} autoComplete="name" problem={problemText(i18n, form.problemOf('fullName'))} {...form.getInputProps('fullName')} />
        <Field
          label={t`E-mail`}
          type="email"
          autoComplete="email"
          problem={problemText(i18n, form.problemOf('email'))}
          {...form.getInputProps('email')}
        />
        <Field
          label={t`Password`}
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          placeholder={t`Minimum 6 characters`}
          problem={problemText(i18n, form.problemOf('password'))}
          {...form.getInputProps('password')}
        />
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
