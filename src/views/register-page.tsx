import { msg } from '@lingui/core/macro'
import * as styles from '../features/account/account.css'
import { RegisterForm } from '../features/register/register-form'

/** The page's title (the document's, and the prerendered head's). */
export const title = msg({ message: 'Create account – Vekstlinje', context: 'page title' })

export default function RegisterPage() {
  return (
    <div className={styles.page}>
      <RegisterForm />
    </div>
  )
}
