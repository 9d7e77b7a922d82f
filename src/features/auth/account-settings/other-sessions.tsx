import { Trans } from '@lingui/react/macro'
import * as styles from '../../../components/form/form.css'
import { FormSection } from '../../../components/form/form-section'
import { useToaster } from '../../../components/toaster/toaster'
import { button } from '../../../components/ui.css'
import { useLang } from '../../../i18n/use-lang'
import { useAppMachine } from '../../../lib/use-app-machine'
import { wrappingButton } from './account-settings.css'
import { connectOtherSessions } from './connect'
import { otherSessionsLogic } from './logic'
import { sessionSignedInAt } from './sign-in-time'

const timeFormat = { nb: 'nb-NO', en: 'en-GB' } as const

/** Devices: when this session signed in, and ending every other one. */
export function OtherSessions({ accessToken }: { accessToken: string | undefined }) {
  useToaster()
  const lang = useLang()
  const [snapshot, send] = useAppMachine(otherSessionsLogic)
  const devices = connectOtherSessions(snapshot, send)
  const signedInAt = sessionSignedInAt(accessToken)
  const when = signedInAt ? new Intl.DateTimeFormat(timeFormat[lang], { dateStyle: 'long', timeStyle: 'short' }).format(signedInAt) : null
  return (
    <FormSection id="other-sessions" title={<Trans>Devices</Trans>}>
      {when ? (
        <p className={styles.intro} data-testid="signed-in-at">
          <Trans>You signed in on this device on {when}.</Trans>
        </p>
      ) : null}
      <p className={styles.intro}>
        <Trans>The sign-in service does not list your other devices, but you can sign them all out.</Trans>
      </p>
      <button className={`${button.secondary} ${wrappingButton}`} {...devices.buttonProps}>
        {devices.busy ? <Trans>Signing out…</Trans> : <Trans>Sign out on all other devices</Trans>}
      </button>
    </FormSection>
  )
}
