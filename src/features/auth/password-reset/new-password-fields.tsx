import { Trans, useLingui } from '@lingui/react/macro'
import { button } from '../../../components/ui.css'
import * as styles from '../../../components/form/form.css'
import type { connectForm } from '../../../components/form/connect'
import { FormField } from '../../../components/form/field'
import { loadOnFirstUse } from '../../../lib/load-on-first-use'
import { newPasswordValidator } from '../../../../machines/new-password.machine'
import { newPasswordFormId } from './dom'

/** The new-password form of the reset page and the account page. */
export function NewPasswordFields({ form }: { form: ReturnType<typeof connectForm<'password'>> }) {
  const { t } = useLingui()
  return (
    <form id={newPasswordFormId} className={styles.form} {...form.formProps} {...loadOnFirstUse(newPasswordValidator)}>
      <FormField form={form} name="password" label={t`New password`} type="password" autoComplete="new-password" placeholder={t`Minimum 6 characters`} />
      <button className={`${button.primary} ${styles.submit}`} {...form.submitProps}>
        {form.busy ? <Trans>Saving…</Trans> : <Trans>Save password</Trans>}
      </button>
    </form>
  )
}
