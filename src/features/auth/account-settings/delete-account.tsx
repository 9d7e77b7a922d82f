import { Trans, useLingui } from '@lingui/react/macro'
import { useAppMachine } from '../../../lib/use-app-machine'
import { button } from '../../../components/ui.css'
import { useLang } from '../../../i18n/use-lang'
import * as styles from '../../../components/form/form.css'
import { FormSection } from '../../../components/form/form-section'
import { Field } from '../../../components/form/field'
import { useToaster } from '../../../components/toaster/toaster'
import { accountDeletionLogic, CONFIRM_FIELD_ID, DELETE_TRIGGER_ID } from './logic'

/** Delete my account: a confirm step where the user types the account's e-mail address. */
export function DeleteAccount({ email }: { email: string }) {
  const { t } = useLingui()
  useToaster()
  const [snapshot, send] = useAppMachine(accountDeletionLogic(useLang()), { input: { email } })
  const busy = snapshot.hasTag('busy')
  const open = !snapshot.matches('closed')

  return (
    <FormSection id="delete-account" title={<Trans>Delete account</Trans>}>
      <p className={styles.intro}>
        <Trans>
          Your account, your subscriptions and the demo requests sent with your address are deleted at once. A Pro subscription is
          canceled first, so you are not charged again, and of a paid subscription we keep only the records that bookkeeping law requires.
        </Trans>
      </p>
      {open ? (
        <form
          className={styles.form}
          noValidate
          aria-busy={busy}
          onSubmit={(event) => {
            event.preventDefault()
            send({ type: 'form.submit' })
          }}
        >
          <Field
            id={CONFIRM_FIELD_ID}
            label={t`Type ${email} to confirm`}
            type="email"
            autoComplete="off"
            value={snapshot.context.confirm}
            disabled={busy}
            problem={snapshot.context.mismatch ? t`That is not the address of this account.` : undefined}
            onChange={(event) => send({ type: 'confirm.change', value: event.target.value })}
          />
          <div className={styles.buttonRow}>
            <button type="submit" className={button.danger} disabled={busy} aria-disabled={busy}>
              {busy ? <Trans>Deleting…</Trans> : <Trans>Delete permanently</Trans>}
            </button>
            <button type="button" className={button.secondary} disabled={busy} onClick={() => send({ type: 'cancel.click' })}>
              <Trans context="stop deleting the account">Cancel</Trans>
            </button>
          </div>
        </form>
      ) : (
        <button id={DELETE_TRIGGER_ID} type="button" className={button.danger} onClick={() => send({ type: 'delete.click' })}>
          <Trans>Delete my account</Trans>
        </button>
      )}
    </FormSection>
  )
}
