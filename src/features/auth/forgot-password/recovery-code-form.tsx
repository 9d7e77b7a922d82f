import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { FormField } from '../../../components/form/field'
import * as styles from '../../../components/form/form.css'
import { FormSection } from '../../../components/form/form-section'
import { FormShell } from '../../../components/form/form-shell'
import { button } from '../../../components/ui.css'
import { useLang } from '../../../i18n/use-lang'
import { useAppMachine } from '../../../lib/use-app-machine'
import { CodeFailure } from '../email-code/code-failure'
import { connectRecoveryCode } from './connect'
import { recoveryCodeLogic } from './logic'

const codeProblem = { invalid: msg({ message: 'Enter the eight digits from the e-mail.', context: 'form field problem' }) }

/** "Forgot password?" for a person who has the reset e-mail's one-time code but cannot use its link,
 * on any device: the address the e-mail went to and the code. Nothing of the page that asked for
 * the e-mail is needed. */
export function RecoveryCodeForm() {
  const { t } = useLingui()
  const [snapshot, send] = useAppMachine(recoveryCodeLogic(useLang()))
  const code = connectRecoveryCode(snapshot, send)

  return (
    <FormSection id="recovery-code" title={<Trans>Have a one-time code?</Trans>}>
      <p className={styles.intro}>
        <Trans>
          The e-mail with the link also has a one-time code. If the link doesn't work, enter the code here, on this or any other device. It works
          for 15 minutes.
        </Trans>
      </p>
      {code.open ? (
        <FormShell
          form={code.form}
          submit={<Trans>Continue to a new password</Trans>}
          waiting={<Trans>Checking the code…</Trans>}
          beside={
            <button className={button.secondary} {...code.cancelProps}>
              <Trans context="stop entering a one-time code">Cancel</Trans>
            </button>
          }
        >
          <FormField form={code.form} name="email" label={t`The e-mail address the code was sent to`} type="email" autoComplete="email" />
          <FormField form={code.form} name="code" label={t`One-time code`} inputMode="numeric" autoComplete="one-time-code" words={codeProblem} />
          <CodeFailure failure={code.failure} withAddress />
        </FormShell>
      ) : (
        <p>
          <button className={button.secondary} {...code.openProps}>
            <Trans>I have a one-time code</Trans>
          </button>
        </p>
      )}
    </FormSection>
  )
}
