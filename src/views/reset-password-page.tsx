import { msg } from '@lingui/core/macro'
import * as styles from '../features/account/account.css'
import { NewPasswordForm } from '../features/password-reset/new-password-form'

/** The page's title (the document's, and the prerendered head's). */
export const title = msg({ message: 'Choose a new password – Vekstlinje', context: 'page title' })

export default function ResetPasswordPage() {
  return (
    <div className={styles.page}>
      <NewPasswordForm />
    </div>
  )
}
