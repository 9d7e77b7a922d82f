import * as styles from '../components/form/form.css'
import { ForgotPasswordForm } from '../features/auth/forgot-password/forgot-password-form'

/** The page's title (the document's, and the prerendered head's). */
export default function ForgotPasswordPage() {
  return (
    <div className={styles.page}>
      <ForgotPasswordForm />
    </div>
  )
}
