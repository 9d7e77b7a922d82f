import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { EmailCodeType } from '../../../../machines/email-code.machine'
import * as styles from '../../../components/form/form.css'
import { connectForm } from '../../../components/form/connect'
import { Field } from '../../../components/form/field'
import { FormSection } from '../../../components/form/form-section'
import { problemText } from '../../../components/form/problem-text'
import { button } from '../../../components/ui.css'
import { useLang } from '../../../i18n/use-lang'
import { serverMessage } from '../../../lib/server-message'
import { useAppMachine } from '../../../lib/use-app-machine'
import { emailCodeFieldId, emailCodeLogic } from './logic'

const codeProblem = { invalid: msg({ message: 'Enter the eight digits from the e-mail.', context: 'form field problem' }) }

export interface EmailCodeFormProps {
  email: string
  type: EmailCodeType
}

/** The 8-digit code of an auth e-mail sent to `email`, for a person whose mail system blocks the
 * link: the code does what the link does. */
export default function EmailCodeForm({ email, type }: EmailCodeFormProps) {
  const { i18n, t } = useLingui()
  const [snapshot, send] = useAppMachine(emailCodeLogic(useLang()), { input: { email, type } })
  const form = connectForm(snapshot, send, { idOf: () => emailCodeFieldId })
  const { failure } = snapshot.context

  return (
    <FormSection id="email-code" title={<Trans>Enter the code from the e-mail</Trans>}>
      <p className={styles.intro}>
        {type === 'recovery' ? (
          <Trans>If the link does not open, enter the eight-digit code from the e-mail instead. It works for 15 minutes.</Trans>
        ) : (
          <Trans>If the link does not open, enter the eight-digit code from the e-mail we sent to {email}. It works for 15 minutes.</Trans>
        )}
      </p>
      <form className={styles.form} {...form.formProps}>
        <Field
          label={t`Code`}
          inputMode="numeric"
          autoComplete="one-time-code"
          problem={problemText(i18n, form.problemOf('code'), codeProblem)}
          {...form.getInputProps('code')}
        />
        {failure ? (
          <p className={styles.notice} role="alert">
            {failure.code === 'otp_expired' ? (
              <Trans>This code is wrong, used already, or over 15 minutes old. Check the newest e-mail from us, or ask for a new one.</Trans>
            ) : failure.code === 'otp_locked' ? (
              <Trans>Too many wrong codes: this one no longer works. Use the link in the e-mail, or ask for a new e-mail.</Trans>
            ) : (
              (serverMessage(i18n, failure) ?? <Trans>Could not check the code. Check your connection and try again.</Trans>)
            )}
          </p>
        ) : null}
        <button className={`${button.primary} ${styles.submit}`} {...form.submitProps}>
          {form.busy ? <Trans>Checking the code…</Trans> : type === 'recovery' ? <Trans>Continue to a new password</Trans> : <Trans>Confirm and sign in</Trans>}
        </button>
      </form>
    </FormSection>
  )
}
