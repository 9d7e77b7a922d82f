import { msg } from '@lingui/core/macro'
import * as styles from '../features/account/account.css'
import { LoginForm } from '../features/login/login-form'

/** The page's title (the document's, and the prerendered head's). */
export const title = msg({ message: 'Sign in – Vekstlinje', context: 'page title' })

export default function LoginPage() {
  return (
    <div className={styles.page}>
      <LoginForm />
    </div>
  )
}
