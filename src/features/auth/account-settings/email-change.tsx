import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { EmailChangeProblem } from '../../../../machines/email-change.machine'
import { Field } from '../../../components/form/field'
import * as styles from '../../../components/form/form.css'
import { FormSection } from '../../../components/form/form-section'
import { useToaster } from '../../../components/toaster/toaster'
import { botCheckSlot, button } from '../../../components/ui.css'
import { useLang } from '../../../i18n/use-lang'
import { botCheckLoader } from '../../../lib/bot-check'
import { loadOnFirstUse } from '../../../lib/load-on-first-use'
import { useAppMachine } from '../../../lib/use-app-machine'
import { addresses, wrappingButton } from './account-settings.css'
import { EMAIL_CHANGE_BOT_CHECK_ID, EMAIL_CHANGE_TRIGGER_ID, emailChangeFieldId, emailChangeLogic } from './logic'

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
  const { t, i18n } = useLingui()
  useToaster()
  const [snapshot, send] = useAppMachine(emailChangeLogic(useLang()), { input: { current: email } })
  // Sending: the fields are locked too. Waiting for the bot check's token: the button only.
  const busy = snapshot.hasTag('busy')
  const waiting = busy || snapshot.hasTag('checking')
  const open = !snapshot.matches('closed')
  const { values, problems } = snapshot.context
  const say = (table: Partial<Record<EmailChangeProblem, MessageDescriptor>>, problem: EmailChangeProblem | undefined) =>
    problem && table[problem] ? i18n._(table[problem]) : undefined

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
      ) : open ? (
        <form
          className={styles.form}
          noValidate
          aria-busy={waiting}
          {...loadOnFirstUse(botCheckLoader)}
          onSubmit={(event) => {
            event.preventDefault()
            send({ type: 'form.submit' })
          }}
        >
          <Field
            id={emailChangeFieldId.email}
            label={t`New e-mail address`}
            type="email"
            autoComplete="email"
            value={values.email}
            disabled={busy}
            problem={say(emailProblems, problems.email)}
            onChange={(event) => send({ type: 'field.change', field: 'email', value: event.target.value })}
          />
          <Field
            id={emailChangeFieldId.password}
            label={t`Current password`}
            type="password"
            autoComplete="current-password"
            value={values.password}
            disabled={busy}
            problem={say(passwordProblems, problems.password)}
            onChange={(event) => send({ type: 'field.change', field: 'password', value: event.target.value })}
          />
          <div id={EMAIL_CHANGE_BOT_CHECK_ID} className={botCheckSlot} />
          <div className={styles.buttonRow}>
            <button type="submit" className={`${button.primary} ${wrappingButton}`} disabled={waiting} aria-disabled={waiting}>
              {waiting ? <Trans>Sending…</Trans> : <Trans>Send confirmation links</Trans>}
            </button>
            <button type="button" className={button.secondary} disabled={busy} onClick={() => send({ type: 'cancel.click' })}>
              <Trans context="stop changing the e-mail address">Cancel</Trans>
            </button>
          </div>
        </form>
      ) : (
        <button id={EMAIL_CHANGE_TRIGGER_ID} type="button" className={`${button.secondary} ${wrappingButton}`} onClick={() => send({ type: 'change.click' })}>
          <Trans>Change e-mail address</Trans>
        </button>
      )}
    </FormSection>
  )
}
