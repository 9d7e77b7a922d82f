import { Trans } from '@lingui/react/macro'
import * as styles from '../../../components/form/form.css'
import { FormSection } from '../../../components/form/form-section'
import { useToaster } from '../../../components/toaster/toaster'
import { button } from '../../../components/ui.css'
import { useLang } from '../../../i18n/use-lang'
import { useAppMachine } from '../../../lib/use-app-machine'
import { wrappingButton } from './account-settings.css'
import { otherSessionsLogic } from './logic'
import { sessionSignedInAt } from './sign-in-time'

const timeFormat = { nb: 'nb-NO', en: 'en-GB' } as const

/** Devices: when this session signed in, and ending every other one. */
export function OtherSessions({ accessToken }: { accessToken: string | undefined }) {
  useToaster()
  const lang = useLang()
  const [snapshot, send] = useAppMachine(otherSessionsLogic)
  const busy = snapshot.hasTag('busy')
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
      <button type="button" className={`${button.secondary} ${wrappingButton}`} disabled={busy} aria-busy={busy} onClick={() => send({ type: 'signOutOthers.click' })}>
        {busy ? <Trans>Signing out…</Trans> : <Trans>Sign out on all other devices</Trans>}
      </button>
    </FormSection>
  )
}
