import { msg } from '@lingui/core/macro'
import * as styles from '../features/account/account.css'
import { ForgotPasswordForm } from '../features/password-reset/forgot-password-form'

/** The page's title (the document's, and the prerendered head's). */
export const title = msg({ message: 'Forgot password – Vekstlinje', context: 'page title' })

export default function ForgotPasswordPage() {
  return (
    <div className={styles.page}>
      <ForgotPasswordForm />
    </div>
  )
}
