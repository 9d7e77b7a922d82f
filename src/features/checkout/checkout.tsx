import { Trans, useLingui } from '@lingui/react/macro'
import { Check } from 'lucide'
import { IconSvg } from '../../components/icon'
import { useMemo } from 'react'
import { checkoutMachine } from '../../../machines/checkout.machine'
import { useAppMachine } from '../../app/use-app-machine'
import { ButtonLink } from '../../components/links'
import { button, buttonLarge, card, container } from '../../components/ui.css'
import { useLang } from '../../i18n/use-lang'
import { ConsentNote } from '../legal/consent-note'
import { useNotify } from '../toaster/toaster'
import { createCheckout, loadPlan } from './actors'
import * as styles from './checkout.css'
import { serverMessage } from '../account/server-message'

export function Checkout() {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const notify = useNotify()
  const logic = useMemo(
    () =>
      checkoutMachine.provide({
        actors: { loadPlan, createCheckout: createCheckout(lang) },
        actions: {
          goToPayment: (_, { url }) => window.location.assign(url),
          notifyFailure: (_, { message }) =>
            notify({
              variant: 'destructive',
              title: t`Error`,
              description: serverMessage(i18n, { message: message ?? undefined }) || t`Could not start purchase. Please try again.`,
            }),
        },
      }),
    [lang, notify, t, i18n],
  )
  const [snapshot, send] = useAppMachine(logic)
  const busy = snapshot.hasTag('busy')
  const price = lang === 'nb' ? '2 499 kr' : '2 499 NOK'

  return (
    <div className={`${container} ${styles.page}`}>
      <section className={`${card} ${styles.card}`} aria-labelledby="checkout-heading" aria-busy={busy}>
        <p className={styles.eyebrow}>
          <Trans>Upgrade</Trans>
        </p>
        <h1 id="checkout-heading" className={styles.title}>
          <Trans>The Pro plan</Trans>
        </h1>
        <p className={styles.price}>
          <span data-testid="price">{price}</span> <span className={styles.per}>{t`per month`}</span>
        </p>
        <ConsentNote action="checkout" />
        <ul className={styles.benefits}>
          {[t`Unlimited messages`, t`Advanced AI analysis and insights`, t`Predictive modelling`, t`Priority support`].map((benefit) => (
            <li key={benefit}>
              <IconSvg icon={Check} size={18} strokeWidth={2} aria-hidden="true" />
              {benefit}
            </li>
          ))}
        </ul>
        {snapshot.matches('alreadyPro') ? (
          <div className={styles.notice} role="status">
            <p>
              <Trans>You already have Pro: there is nothing more to pay.</Trans>
            </p>
            <ButtonLink to="app" variant="secondary">
              <Trans>Go to the dashboard</Trans>
            </ButtonLink>
          </div>
        ) : (
          <button
            type="button"
            className={`${button.primary} ${buttonLarge}`}
            disabled={busy}
            aria-disabled={busy}
            onClick={() => send({ type: 'user.continue' })}
          >
            {snapshot.matches('idle') ? <Trans>Continue to payment</Trans> : <Trans>Processing…</Trans>}
          </button>
        )}
        <p className={styles.small}>
          <Trans>Billed monthly in NOK. Cancel any time from the dashboard.</Trans>
        </p>
      </section>
    </div>
  )
}
