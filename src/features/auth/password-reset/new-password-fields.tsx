import { Trans, useLingui } from '@lingui/react/macro'
import { button } from '../../../components/ui.css'
import * as styles from '../../../components/form/form.css'
import type { connectForm } from '../../../components/form/connect'
import { Field } from '../../../components/form/field'
import { problemText } from '../../../components/form/problem-text'
import { loadOnFirstUse } from '../../../lib/send-when-ready'
import { newPasswordValidator } from '../../../../machines/new-password.machine'

/** The new-password form of the reset page and the account page. */
export function NewPasswordFields({ form }: { form: ReturnType<typeof connectForm<'password'>> }) {
  const { t, i18n } = useLingui()
  return (
    <form className={styles.form} {...form.formProps} {...loadOnFirstUse(newPasswordValidator)}>
      <Field
        label={t`New password`}
        type="password"
        autoComplete="new-password"
        placeholder={t`Minimum 6 characters`}
        problem={problemText(i18n, form.problemOf('password'))}
        {...form.getInputProps('password')}
      />
      <button className={`${button.primary} ${styles.submit}`} {...form.submitProps}>
        {form.busy ? <Trans>Saving…</Trans> : <Trans>Save password</Trans>}
      </button>
    </form>
  )
}
