import { Trans } from '@lingui/react/macro'
import { PageLink } from '../components/links'
import * as styles from '../components/form/form.css'
import { useAuth } from '../lib/auth/session'
import { passwordlessProvider } from '../../supabase/functions/_shared/sign-in-method'
import { DeleteAccount } from '../features/auth/account-settings/delete-account'
import { EmailChange } from '../features/auth/account-settings/email-change'
import { OtherSessions } from '../features/auth/account-settings/other-sessions'
import { YourData } from '../features/auth/account-settings/your-data'
import { ChangePassword } from '../features/auth/password-reset/change-password'
import { TwoFactorSection } from '../features/auth/two-factor/two-factor-section'

/** The page's title (the document's, and the prerendered head's). */
export default function AccountPage() {
  const { user, session } = useAuth()
  if (!user) return null
  const email = user.email ?? ''
  // An account without a password (Google, LinkedIn): its texts name that service, never a password.
  const provider = passwordlessProvider(user.app_metadata)
  return (
    <div className={styles.page}>
      <div className={styles.card}>
        <div>
          <p className={styles.backLine}>
            <PageLink to="app">
              <Trans>Back to the dashboard</Trans>
            </PageLink>
          </p>
          <h1 className={styles.title}>
            <Trans>Your account</Trans>
          </h1>
          <p className={`${styles.intro} ${styles.addresses}`}>
            <Trans>Signed in as {email}</Trans>
          </p>
        </div>
        <EmailChange email={email} pending={user.new_email} provider={provider} />
        <ChangePassword />
        <TwoFactorSection provider={provider} />
        <OtherSessions accessToken={session?.access_token} />
        <YourData />
        <DeleteAccount email={email} />
      </div>
    </div>
  )
}
