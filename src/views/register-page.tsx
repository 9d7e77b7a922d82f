import * as styles from '../components/form/form.css'
import { RegisterForm } from '../features/auth/register/register-form'

/** The page's title (the document's, and the prerendered head's). */
export default function RegisterPage() {
  return (
    <div className={styles.page}>
      <RegisterForm />
    </div>
  )
}
