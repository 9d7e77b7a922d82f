import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { FormField } from '../../../components/form/field'
import * as styles from '../../../components/form/form.css'
import { FormSection } from '../../../components/form/form-section'
import { FormShell } from '../../../components/form/form-shell'
import { useToaster } from '../../../components/toaster/toaster'
import { button } from '../../../components/ui.css'
import { useLang } from '../../../i18n/use-lang'
import { useAppMachine } from '../../../lib/use-app-machine'
import { connectAccountDeletion } from './connect'
import { accountDeletionLogic } from './logic'

const confirmProblems = { mismatch: msg`That is not the address of this account.` }

/** Delete my account: a confirm step where the user types the account's e-mail address. */
export function DeleteAccount({ email }: { email: string }) {
  const { t } = useLingui()
  useToaster()
  const [snapshot, send] = useAppMachine(accountDeletionLogic(useLang()), { input: { email } })
  const deletion = connectAccountDeletion(snapshot, send)

  return (
    <FormSection id="delete-account" title={<Trans>Delete account</Trans>}>
      <p className={styles.intro}>
        <Trans>
          Your account, your subscriptions and the demo requests sent with your address are deleted at once. A Pro subscription is
          canceled first, so you are not charged again. Of paid subscriptions we keep only the records that bookkeeping law requires.
        </Trans>
      </p>
      {deletion.open ? (
        <FormShell
          form={deletion.form}
          submit={<Trans>Delete permanently</Trans>}
          waiting={<Trans>Deleting…</Trans>}
          buttonClassName={button.danger}
          beside={
            <button className={button.secondary} {...deletion.cancelProps}>
              <Trans context="stop deleting the account">Cancel</Trans>
            </button>
          }
        >
          <FormField form={deletion.form} name="confirm" label={t`Type ${email} to confirm`} type="email" autoComplete="off" words={confirmProblems} />
        </FormShell>
      ) : (
        <button className={button.danger} {...deletion.triggerProps}>
          <Trans>Delete my account</Trans>
        </button>
      )}
    </FormSection>
  )
}
