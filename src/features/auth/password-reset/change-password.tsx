import { Trans } from '@lingui/react/macro'
import * as styles from '../../../components/form/form.css'
import { FormSection } from '../../../components/form/form-section'
import { useToaster } from '../../../components/toaster/toaster'
import { useAppMachine } from '../../../lib/use-app-machine'
import { connectNewPassword } from './connect'
import { changePasswordLogic } from './logic'
import { NewPasswordFields } from './new-password-fields'

/** The account page's password change: this session stays, the backend ends the others. */
export function ChangePassword() {
  useToaster()
  const [snapshot, send] = useAppMachine(changePasswordLogic)
  const page = connectNewPassword(snapshot, send)

  return (
    <FormSection id="change-password" title={<Trans>Change password</Trans>}>
      <p className={styles.intro}>
        <Trans comment="“At once”: a new password ends the account's other sessions, and the functions and row-level security refuse a token whose session has ended.">You are still signed in here after the change. Other devices signed in to your account lose access at once and must sign in again.</Trans>
      </p>
      <NewPasswordFields form={page.form} />
    </FormSection>
  )
}
