import * as styles from '../features/account/account.css'
import { RegisterForm } from '../features/register/register-form'

export default function RegisterPage() {
  return (
    <div className={styles.page}>
      <RegisterForm />
    </div>
  )
}
