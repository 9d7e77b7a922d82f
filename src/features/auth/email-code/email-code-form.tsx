import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { EmailCodeType } from '../../../../machines/email-code.machine'
import { FormField } from '../../../components/form/field'
import * as styles from '../../../components/form/form.css'
import { FormSection } from '../../../components/form/form-section'
import { FormShell } from '../../../components/form/form-shell'
import { useLang } from '../../../i18n/use-lang'
import { useAppMachine } from '../../../lib/use-app-machine'
import { CodeFailure } from './code-failure'
import { connectEmailCode } from './connect'
import { emailCodeLogic } from './logic'

const codeProblem = { invalid: msg({ message: 'Enter the eight digits from the e-mail.', context: 'form field problem' }) }

export interface EmailCodeFormProps {
  /** The address the e-mail went to, as the form that sent it normalised it. */
  email: string
  type: EmailCodeType
}

/** The 8-digit one-time code of an auth e-mail sent to `email`, for a person whose mail system blocks the
 * link: the code does what the link does. */
export default function EmailCodeForm({ email, type }: EmailCodeFormProps) {
  const { t } = useLingui()
  const [snapshot, send] = useAppMachine(emailCodeLogic(useLang()), { input: { email, type } })
  const { form, failure } = connectEmailCode(snapshot, send)

  return (
    <FormSection id="email-code" title={<Trans>Enter the one-time code from the e-mail</Trans>}>
      <p className={`${styles.intro} ${styles.addresses}`}>
        {type === 'recovery' ? (
          <Trans>Can't open the link? Enter the one-time code from the e-mail instead. It works for 15 minutes.</Trans>
        ) : (
          <Trans>Can't open the link? Enter the one-time code from the e-mail we sent to {email} instead. It works for 15 minutes.</Trans>
        )}
      </p>
      <FormShell
        form={form}
        submit={type === 'recovery' ? <Trans>Continue to a new password</Trans> : <Trans>Confirm and sign in</Trans>}
        waiting={<Trans>Checking the code…</Trans>}
      >
        <FormField form={form} name="code" label={t`One-time code`} inputMode="numeric" autoComplete="one-time-code" words={codeProblem} />
        <CodeFailure failure={failure} />
      </FormShell>
    </FormSection>
  )
}
