import { Trans } from '@lingui/react/macro'
import * as styles from '../../../components/form/form.css'
import { FormShell } from '../../../components/form/form-shell'
import { useToaster } from '../../../components/toaster/toaster'
import { useAuth } from '../../../lib/auth/session'
import { button } from '../../../components/ui.css'
import { useAppMachine } from '../../../lib/use-app-machine'
import { passwordlessProvider } from '../../../../supabase/functions/_shared/sign-in-method'
import { CodeField } from './code-field'
import { connectSecondFactor } from './connect'
import { secondFactorLogic } from './logic'
import { LostPhone } from './lost-phone'
import * as own from './two-factor.css'

/** Sign-in's second step, shown by the gate instead of the page until the code is given. */
export function SecondFactorStep() {
  useToaster()
  const [snapshot, send] = useAppMachine(secondFactorLogic)
  const step = connectSecondFactor(snapshot, send)
  const provider = passwordlessProvider(useAuth().user?.app_metadata)
  return (
    <div className={styles.page}>
      <div className={styles.card}>
        <div>
          <h1 className={styles.title}>
            <Trans>Enter the code from your authenticator app</Trans>
          </h1>
          <p className={styles.intro}>
            <Trans>Your account is protected with two-step verification. Open your authenticator app and enter the code it shows for Vekstlinje.</Trans>
          </p>
        </div>
        <FormShell form={step.form} submit={<Trans context="submit the code from the authenticator app">Continue</Trans>} waiting={<Trans>Checking…</Trans>}>
          <CodeField {...step.fieldProps} />
        </FormShell>
        <LostPhone provider={provider} />
        <button className={`${button.secondary} ${own.wrap}`} {...step.signOutProps}>
          <Trans>Sign out</Trans>
        </button>
      </div>
    </div>
  )
}

export default SecondFactorStep
