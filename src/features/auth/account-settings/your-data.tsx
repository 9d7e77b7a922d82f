import { Trans } from '@lingui/react/macro'
import { useAppMachine } from '../../../lib/use-app-machine'
import { button } from '../../../components/ui.css'
import * as styles from '../../../components/form/form.css'
import { FormSection } from '../../../components/form/form-section'
import { useToaster } from '../../../components/toaster/toaster'
import { connectYourData } from './connect'
import { accountDataLogic } from './logic'

/** Download my data: everything the service keeps about the user, as one JSON file. */
export function YourData() {
  useToaster()
  const [snapshot, send] = useAppMachine(accountDataLogic)
  const data = connectYourData(snapshot, send)
  return (
    <FormSection id="your-data" title={<Trans>Your data</Trans>}>
      <p className={styles.intro}>
        <Trans>
          One JSON file with your profile, your subscriptions, the payment provider's messages about them and the demo
          requests sent with your e-mail address.
        </Trans>
      </p>
      <button className={button.secondary} {...data.buttonProps}>
        {data.busy ? <Trans>Preparing the file…</Trans> : <Trans>Download my data</Trans>}
      </button>
    </FormSection>
  )
}
