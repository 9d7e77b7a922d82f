import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { EmailChangeProblem } from '../../../../machines/email-change.machine'
import { FormField } from '../../../components/form/field'
import * as styles from '../../../components/form/form.css'
import { FormSection } from '../../../components/form/form-section'
import { FormShell } from '../../../components/form/form-shell'
import { useToaster } from '../../../components/toaster/toaster'
import { button } from '../../../components/ui.css'
import { useLang } from '../../../i18n/use-lang'
import { useAppMachine } from '../../../lib/use-app-machine'
import { addresses, wrappingButton } from './account-settings.css'
import { connectEmailChange } from './connect'
import { emailChangeLogic } from './logic'

const emailProblems: Partial<Record<EmailChangeProblem, MessageDescriptor>> = {
  required: msg`Enter the new address.`,
  email: msg({ message: 'Enter a valid e-mail address.', context: 'form field problem' }),
  sameAddress: msg`That is already the address of your account.`,
}
const passwordProblems: Partial<Record<EmailChangeProblem, MessageDescriptor>> = {
  required: msg`Enter your current password.`,
  wrongPassword: msg`That is not your current password.`,
}

/** The account's e-mail address: a change waiting for its links, and the form to ask for one.
 * `canChange` is false for an account without a password (Google sign-in only). */
export function EmailChange({ email, pending, canChange }: { email: string; pending: string | undefined; canChange: boolean }) {
  const { t } = useLingui()
  useToaster()
  const [snapshot, send] = useAppMachine(emailChangeLogic(useLang()), { input: { current: email } })
  const change = connectEmailChange(snapshot, send)

  return (
    <FormSection id="change-email" title={<Trans>E-mail address</Trans>}>
      <p className={styles.intro}>
        <Trans>
          To change the address, confirm with your password. We send a link to the new address and one to your current address; the
          change takes effect once you have pressed both.
        </Trans>
      </p>
      {pending ? (
        <div className={`${styles.notice} ${addresses}`} role="status" data-testid="pending-email">
          <p>
            <Trans>
              Waiting for confirmation: {pending}. Press the links in the e-mails sent to {pending} and to {email}.
            </Trans>
          </p>
        </div>
      ) : null}
      {!canChange ? (
        <p className={styles.intro}>
          <Trans>This account signs in with Google, so its address is the one Google gives us.</Trans>
        </p>
      ) : change.open ? (
        <FormShell
          form={change.form}
          submit={<Trans>Send confirmation links</Trans>}
          waiting={<Trans>Sending…</Trans>}
          buttonClassName={`${button.primary} ${wrappingButton}`}
          beside={
            <button className={button.secondary} {...change.cancelProps}>
              <Trans context="stop changing the e-mail address">Cancel</Trans>
            </button>
          }
        >
          <FormField form={change.form} name="email" label={t`New e-mail address`} type="email" autoComplete="email" words={emailProblems} />
          <FormField form={change.form} name="password" label={t`Current password`} type="password" autoComplete="current-password" words={passwordProblems} />
        </FormShell>
      ) : (
        <button className={`${button.secondary} ${wrappingButton}`} {...change.triggerProps}>
          <Trans>Change e-mail address</Trans>
        </button>
      )}
    </FormSection>
  )
}
