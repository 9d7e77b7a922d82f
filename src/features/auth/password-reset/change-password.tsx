import { Trans } from '@lingui/react/macro'
import { useAppMachine } from '../../../lib/use-app-machine'
import * as styles from '../../../components/form/form.css'
import { FormSection } from '../../../components/form/form-section'
import { connectForm } from '../../../components/form/connect'
import { useToaster } from '../../../components/toaster/toaster'
import { changePasswordLogic } from './logic'
import { NewPasswordFields } from './new-password-fields'

/** The account page's password change: this session stays, the backend ends the others. */
export function ChangePassword() {
  useToaster()
  const [snapshot, send] = useAppMachine(changePasswordLogic)
  const form = connectForm(snapshot, send)

  return (
    <FormSection id="change-password" title={<Trans>Change password</Trans>}>
      <p className={styles.intro}>
        <Trans>You stay signed in here. Other devices signed in to your account are signed out within the hour.</Trans>
      </p>
      <NewPasswordFields form={form} />
    </FormSection>
  )
}
