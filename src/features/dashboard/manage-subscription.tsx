import { Trans } from '@lingui/react/macro'
import type { Subscription } from '../../../machines/subscriptions.machine'
import { button } from '../../components/ui.css'
import { useLang } from '../../i18n/use-lang'
import { useAppMachine } from '../../lib/use-app-machine'
import { connectManagement } from './connect'
import { subscriptionManagementLogic } from './logic'
import * as styles from './dashboard.css'

/** A paying customer's subscription: when it renews, or until when it runs after a cancellation,
 * and the way to the payment provider's portal to cancel, resume, change card or see invoices.
 * The dashboard gives it a `key` of the subscription's state, so a change (live, from the realtime
 * channel) starts it afresh in the new state. */
export function ManageSubscription({ subscription, planName, formatDate }: { subscription: Subscription; planName: string; formatDate: (iso: string) => string }) {
  const [snapshot, send] = useAppMachine(subscriptionManagementLogic(useLang()), {
    input: { endsAtPeriodEnd: Boolean(subscription.cancel_at_period_end) },
  })
  const { busy, ending } = connectManagement(snapshot)
  const end = subscription.current_period_end ? formatDate(subscription.current_period_end) : null
  return (
    <div className={styles.manage} data-testid="subscription-status" data-state={ending ? 'ending' : 'renewing'}>
      <p>
        {ending ? (
          end ? (
            <Trans>
              {planName} until {end}
            </Trans>
          ) : (
            <Trans>Canceled: ends with the paid period</Trans>
          )
        ) : end ? (
          <Trans>Renews {end}</Trans>
        ) : (
          <Trans>No end date</Trans>
        )}
      </p>
      <button type="button" className={ending ? button.primary : button.secondary} disabled={busy} aria-disabled={busy} onClick={() => send({ type: 'portal.open' })}>
        {busy ? <Trans>Opening…</Trans> : ending ? <Trans>Resume subscription</Trans> : <Trans>Manage subscription</Trans>}
      </button>
    </div>
  )
}
