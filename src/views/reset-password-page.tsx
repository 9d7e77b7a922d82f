import * as styles from '../components/form/form.css'
import { NewPasswordForm } from '../features/auth/password-reset/new-password-form'

/** The page's title (the document's, and the prerendered head's). */
export default function ResetPasswordPage() {
  return (
    <div className={styles.sessionPage}>
      <NewPasswordForm />
    </div>
  )
}
