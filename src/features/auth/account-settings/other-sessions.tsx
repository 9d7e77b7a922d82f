import { Trans } from '@lingui/react/macro'
import * as styles from '../../../components/form/form.css'
import { FormSection } from '../../../components/form/form-section'
import { useToaster } from '../../../components/toaster/toaster'
import { button } from '../../../components/ui.css'
import { dateLocale } from '../../../i18n/lang'
import { useLang } from '../../../i18n/use-lang'
import { useAppMachine } from '../../../lib/use-app-machine'
import { wrappingButton } from './account-settings.css'
import { connectOtherSessions } from './connect'
import { otherSessionsLogic } from './logic'
import { sessionSignedInAt } from './sign-in-time'

/** Devices: when this session signed in, and ending every other one. */
export function OtherSessions({ accessToken }: { accessToken: string | undefined }) {
  useToaster()
  const lang = useLang()
  const [snapshot, send] = useAppMachine(otherSessionsLogic)
  const devices = connectOtherSessions(snapshot, send)
  const signedInAt = sessionSignedInAt(accessToken)
  // The site's dates (nb-NO, en-US, as the dashboard's), on the 24-hour clock.
  const when = signedInAt ? new Intl.DateTimeFormat(dateLocale[lang], { dateStyle: 'long', timeStyle: 'short', hourCycle: 'h23' }).format(signedInAt) : null
  return (
    <FormSection id="other-sessions" title={<Trans>Devices</Trans>}>
      {when ? (
        <p className={styles.intro} data-testid="signed-in-at">
          <Trans>You signed in on this device on {when}.</Trans>
        </p>
      ) : null}
      <p className={styles.intro}>
        <Trans comment="“At once” is true, not “within the hour”: the functions and row-level security check that the token's session still exists, so a session ended here is refused on its next request (tests/e2e/account-security.spec.ts).">We can't show a list of your other devices, but you can sign them all out together. They lose access at once and must sign in again.</Trans>
      </p>
      <button className={`${button.secondary} ${wrappingButton}`} {...devices.buttonProps}>
        {devices.busy ? <Trans>Signing out…</Trans> : <Trans>Sign out on all other devices</Trans>}
      </button>
    </FormSection>
  )
}
