import * as styles from '../components/form/form.css'
import { LoginForm } from '../features/auth/login/login-form'

/** The page's title (the document's, and the prerendered head's). */
export default function LoginPage() {
  return (
    <div className={styles.page}>
      <LoginForm />
    </div>
  )
}
