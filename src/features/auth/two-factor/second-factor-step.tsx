import { Trans } from '@lingui/react/macro'
import * as styles from '../../../components/form/form.css'
import { useToaster } from '../../../components/toaster/toaster'
import { button } from '../../../components/ui.css'
import { useAppMachine } from '../../../lib/use-app-machine'
import { CodeField, codeFormProps } from './code-field'
import { SIGN_IN_CODE_ID, secondFactorLogic } from './logic'
import { LostPhone } from './lost-phone'
import * as own from './two-factor.css'

/** Sign-in's second step, shown by the gate instead of the page until the code is given. */
export function SecondFactorStep() {
  useToaster()
  const [snapshot, send] = useAppMachine(secondFactorLogic)
  const busy = snapshot.hasTag('busy')
  const { code, problem, failure } = snapshot.context
  return (
    <div className={styles.page}>
      <div className={styles.card}>
        <div>
          <h1 className={styles.title}>
            <Trans>Enter your sign-in code</Trans>
          </h1>
          <p className={styles.intro}>
            <Trans>Your account has two-factor sign-in. Open your authenticator app and enter the code it shows for Vekstlinje.</Trans>
          </p>
        </div>
        <form {...codeFormProps(busy, send)}>
          <CodeField
            id={SIGN_IN_CODE_ID}
            value={code}
            problem={problem}
            failure={failure}
            busy={busy}
            onChange={(value) => send({ type: 'code.change', value })}
          />
          <button type="submit" className={`${button.primary} ${styles.submit}`} aria-disabled={busy}>
            {busy ? <Trans>Checking…</Trans> : <Trans context="submit the sign-in code">Continue</Trans>}
          </button>
        </form>
        <LostPhone />
        <button type="button" className={`${button.secondary} ${own.wrap}`} aria-disabled={busy} onClick={() => send({ type: 'signOut.click' })}>
          <Trans>Sign out</Trans>
        </button>
      </div>
    </div>
  )
}

export default SecondFactorStep
