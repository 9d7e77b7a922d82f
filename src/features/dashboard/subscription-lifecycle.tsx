import { Trans } from '@lingui/react/macro'
import type { AnyActorRef } from 'xstate'
import type { Standing } from '../../../machines/subscription-lifecycle.machine'
import type { Subscription } from '../../../machines/subscriptions.machine'
import type { Plan } from '../../../supabase/functions/_shared/plans'
import { ButtonLink } from '../../components/links'
import { priceText, priceWithVatText } from '../../content/plan-texts'
import { button } from '../../components/ui.css'
import { useLang } from '../../i18n/use-lang'
import { useAppMachine } from '../../lib/use-app-machine'
import { checkoutKey } from '../../routes'
import { connectLifecycle } from './connect'
import { subscriptionLifecycleLogic } from './logic'
import * as styles from './dashboard.css'

interface Props {
  /** The subscription the standing is about (its dates). */
  subscription: Subscription | undefined
  /** The standing when the dashboard first shows; the machine follows `subscriptions` from there. */
  standing: Standing
  subscriptions: AnyActorRef
  planName: string
  /** The plan a checkout may offer, if there is one above the customer's. */
  next: Plan | undefined
  formatDate: (iso: string) => string
}

/** The subscription's life on the dashboard (machine `subscriptionLifecycle`): when it renews, until
 * when it runs after a cancellation, a failed renewal (Pro kept while it is retried), the bank's
 * question, a locked Pro; and its one action: manage or resume it at the payment provider's portal,
 * or fix the payment in one press. The offer of a checkout shows only where the machine allows it:
 * never while a payment is owed. One button, whatever the state, so that a change arriving live
 * leaves the focus where it is; busy, it says so and does nothing more. */
export function SubscriptionLifecycle({ subscription, standing, subscriptions, planName, next, formatDate }: Props) {
  const lang = useLang()
  const [snapshot, send] = useAppMachine(subscriptionLifecycleLogic(lang), { input: { standing, subscriptions } })
  const api = connectLifecycle(snapshot)
  const end = subscription?.current_period_end ? formatDate(subscription.current_period_end) : null
  const retry = subscription?.next_payment_attempt ? formatDate(subscription.next_payment_attempt) : null
  const nextName = next?.name
  const message = {
    free: null,
    renewing: end ? <Trans>Renews {end}</Trans> : <Trans>No end date</Trans>,
    ending: end ? (
      <Trans>
        {planName} until {end}
      </Trans>
    ) : (
      <Trans>Canceled: ends with the paid period</Trans>
    ),
    paymentFailed: retry ? (
      <Trans>The payment for your renewal did not go through. You keep {planName} while we try the card again on {retry}.</Trans>
    ) : (
      <Trans>The payment for your renewal did not go through. You keep {planName} until the payment is made.</Trans>
    ),
    actionRequired: <Trans>Your bank asks you to confirm the payment for {planName}.</Trans>,
    unpaid: <Trans>{planName} is locked: the payment for your subscription did not go through. Your data stays, and you can download it from your account page.</Trans>,
    ended: end ? <Trans>Your {planName} subscription ended on {end}.</Trans> : <Trans>Your {planName} subscription has ended.</Trans>,
  }[api.standing]
  const label = api.busy ? (
    <Trans>Opening…</Trans>
  ) : (
    {
      manage: <Trans>Manage subscription</Trans>,
      resume: <Trans>Resume subscription</Trans>,
      fixPayment: <Trans>Fix payment</Trans>,
      confirmPayment: <Trans>Confirm payment</Trans>,
    }[api.action ?? 'manage']
  )
  return (
    <>
      {message ? (
        <div className={styles.manage} data-testid="subscription-status" data-state={api.standing} data-owed={api.owed}>
          <p role={api.owed ? 'alert' : undefined}>{message}</p>
          {api.event ? (
            <button
              type="button"
              className={api.action === 'manage' ? button.secondary : button.primary}
              aria-disabled={api.busy}
              onClick={() => {
                if (!api.busy && api.event) send(api.event)
              }}
            >
              {label}
            </button>
          ) : null}
        </div>
      ) : null}
      {next && api.offersCheckout ? (
        <>
          <p className={styles.offerPrice} data-testid="offer-price">
            <Trans>
              {priceText(next.priceNok, lang)} excl. VAT ({priceWithVatText(next.priceNok, lang)} incl. VAT) per month
            </Trans>
          </p>
          <ButtonLink to={checkoutKey(next.id)}>
            <Trans>Upgrade to {nextName}</Trans>
          </ButtonLink>
        </>
      ) : null}
    </>
  )
}
