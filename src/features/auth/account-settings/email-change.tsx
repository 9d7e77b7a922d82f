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
import { company, mailto } from '../../../content/company'
import { useLang } from '../../../i18n/use-lang'
import { useAppMachine } from '../../../lib/use-app-machine'
import { wrappingButton } from './account-settings.css'
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
 * `provider`: the service an account without a password signs in through (Google, LinkedIn), whose
 * address it has and which cannot be changed here. */
export function EmailChange({ email, pending, provider }: { email: string; pending: string | undefined; provider?: string | undefined }) {
  const { t } = useLingui()
  useToaster()
  const [snapshot, send] = useAppMachine(emailChangeLogic(useLang()), { input: { current: email } })
  const change = connectEmailChange(snapshot, send)
  const supportEmail = company.supportEmail

  return (
    <FormSection id="change-email" title={<Trans>E-mail address</Trans>}>
      {provider ? null : (
        <p className={styles.intro}>
          <Trans>
            To change your e-mail address, enter your password. We then send a confirmation link to both the new and the current address, and
            the change is made once you have confirmed from both. No longer have access to the current address? Write to{' '}
            <a href={mailto(supportEmail)}>{supportEmail}</a> from the new one.
          </Trans>
        </p>
      )}
      {pending ? (
        <div className={`${styles.notice} ${styles.addresses}`} role="status" data-testid="pending-email">
          <p>
            <Trans>
              Waiting for confirmation: {pending}. Open the links in the e-mails sent to {pending} and to {email}.
            </Trans>
          </p>
        </div>
      ) : null}
      {provider ? (
        <p className={`${styles.intro} ${styles.addresses}`}>
          <Trans>
            You sign in with {provider}, so your e-mail address is the one on your {provider} account and can't be changed here.
          </Trans>
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
