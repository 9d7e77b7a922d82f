import * as styles from '../features/account/account.css'
import { LoginForm } from '../features/login/login-form'

export default function LoginPage() {
  return (
    <div className={styles.page}>
      <LoginForm />
    </div>
  )
}
