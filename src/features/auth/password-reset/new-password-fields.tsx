import { Trans, useLingui } from '@lingui/react/macro'
import type { ConnectedForm } from '../../../components/form/connect'
import { FormField } from '../../../components/form/field'
import { FormShell } from '../../../components/form/form-shell'

/** The new-password form of the reset page and the account page. */
export function NewPasswordFields({ form }: { form: ConnectedForm<'password'> }) {
  const { t } = useLingui()
  return (
    <FormShell form={form} submit={<Trans>Save password</Trans>} waiting={<Trans>Saving…</Trans>}>
      <FormField form={form} name="password" label={t`New password`} type="password" autoComplete="new-password" placeholder={t`Minimum 6 characters`} />
    </FormShell>
  )
}
