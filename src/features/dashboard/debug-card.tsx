import { Trans, useLingui } from '@lingui/react/macro'
import { HANDLED_EVENTS } from '../../../supabase/functions/_shared/payment-events'
import { useAppMachine } from '../../lib/use-app-machine'
import { button, card } from '../../components/ui.css'
import { connectWebhookHealth } from './connect'
import { webhookHealthLogic } from './logic'
import * as styles from './dashboard.css'

/** The events the payment provider must send to the webhook. */
const requiredEvents = HANDLED_EVENTS

/** Payment integration diagnostics for the signed-in user; shows no secret. */
export function PaymentDebugCard({ signedIn, fetchFailed }: { signedIn: boolean; fetchFailed: boolean }) {
  const { t } = useLingui()
  const [snapshot, send] = useAppMachine(webhookHealthLogic)
  const { answer, unreachable, checking } = connectWebhookHealth(snapshot)
  return (
    <section className={card} aria-labelledby="payment-debug-heading">
      <h2 id="payment-debug-heading">
        <Trans>Payment integration</Trans>
      </h2>
      <p>
        <Trans>The payment provider must send these events to the webhook:</Trans>
      </p>
      <ul className={styles.benefits}>
        {requiredEvents.map((event) => (
          <li key={event}>
            <code>{event}</code>
          </li>
        ))}
      </ul>
      <ul className={styles.benefits} aria-label={t`Status`}>
        <li>{signedIn ? <Trans>Signed in: yes.</Trans> : <Trans>Not signed in: checkout and subscriptions need a session.</Trans>}</li>
        <li>
          {fetchFailed ? (
            <Trans>Subscriptions could not be fetched (see the browser console).</Trans>
          ) : (
            <Trans>Subscriptions fetched.</Trans>
          )}
        </li>
        <li>
          <Trans>If checkout creation fails, the error shows in a message on the checkout page.</Trans>
        </li>
      </ul>
      <div>
        <button type="button" className={button.secondary} disabled={checking} onClick={() => send({ type: 'user.check' })}>
          {checking ? <Trans>Checking…</Trans> : <Trans>Check the webhook</Trans>}
        </button>
      </div>
      <div aria-live="polite">
        {answer ? (
          <pre className={styles.pre} data-testid="webhook-answer">
            {t`Status ${answer.status}`}
            {'\n'}
            {answer.text}
          </pre>
        ) : null}
        {unreachable ? (
          <p role="alert">
            <Trans>The webhook is not accessible: {unreachable}</Trans>
          </p>
        ) : null}
      </div>
    </section>
  )
}
