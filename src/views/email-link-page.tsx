import * as styles from '../components/form/form.css'
import { EmailLinkConfirm } from '../features/auth/email-link/email-link'

export default function EmailLinkPage() {
  return (
    <div className={styles.sessionPage}>
      <EmailLinkConfirm />
    </div>
  )
}
