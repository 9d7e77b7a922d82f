import { Trans, useLingui } from '@lingui/react/macro'
import { useMemo } from 'react'
import { useLocation } from 'wouter'
import { href } from '../../../routes'
import { useAppMachine } from '../../../lib/use-app-machine'
import { PageLink } from '../../../components/links'
import { PageSpinner } from '../../../components/spinner'
import { button } from '../../../components/ui.css'
import { useLang } from '../../../i18n/use-lang'
import * as styles from '../../../components/form/form.css'
import { connectForm } from '../../../components/form/connect'
import { useAuthActor } from '../../../lib/auth/use-auth'
import { useNotify } from '../../../components/toaster/toaster'
import { newPasswordLogic } from './logic'
import { NewPasswordFields } from './new-password-fields'
import { serverMessage } from '../../../lib/server-message'
import { sendWhenReady } from '../../../lib/send-when-ready'
import { newPasswordValidator } from '../../../../machines/new-password.machine'

/** The page a reset link opens: the link's session lets the user set a new password. */
export function NewPasswordForm() {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const notify = useNotify()
  const auth = useAuthActor()
  const [, navigate] = useLocation()
  const logic = useMemo(
    () =>
      newPasswordLogic({
        auth,
        notifySaved: () => notify({ title: t`Password changed`, description: t`You are now signed in.` }),
        notifyFailure: (failure) =>
          notify({ variant: 'destructive', title: t`Could not save the password`, description: serverMessage(i18n, failure) || t`Please try again in a moment.` }),
        goToApp: () => navigate(href('app', lang)),
      }),
    [auth, lang, notify, t, navigate, i18n],
  )
  // The field and submit wait for the form's schema, which loads on first use.
  const [snapshot, sendNow] = useAppMachine(logic)
  const send = sendWhenReady(newPasswordValidator, sendNow)
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
