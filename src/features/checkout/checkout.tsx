import { Trans, useLingui } from '@lingui/react/macro'
import { Check } from 'lucide'
import { IconSvg } from '../../components/icon'
import { useAppMachine } from '../../lib/use-app-machine'
import { ButtonLink } from '../../components/links'
import { button, buttonLarge, card, container } from '../../components/ui.css'
import { useLang } from '../../i18n/use-lang'
import { useToaster } from '../../components/toaster/toaster'
import { connectCheckout } from './connect'
import { checkoutLogic } from './logic'
import { ConsentNote } from '../../components/consent-note'
import * as styles from './checkout.css'
import { useLocation } from 'wouter'
import { type BenefitKey, planById } from '../../../supabase/functions/_shared/plans'
import { benefitTexts, priceText } from '../../content/plan-texts'
import { planOfPage } from '../../routes'

/** The plan the page sells: its route's (one checkout route per paid plan). */
function usePlanOfPage() {
  const [location] = useLocation()
  const plan = planById(planOfPage(location) ?? '')
  if (!plan) throw new Error(`${location} is not the checkout page of a plan`)
  return plan
}

export function Checkout() {
  const { t, i18n } = useLingui()
  const lang = useLang()
  useToaster()
  const plan = usePlanOfPage()
  const [snapshot, send] = useAppMachine(checkoutLogic(lang), { input: { plan: plan.id } })
  const { busy, alreadyOnPlan, paymentOwed, waiting } = connectCheckout(snapshot)
  const { name } = plan

  return (
    <div className={`${container} ${styles.page}`}>
      <section className={`${card} ${styles.card}`} aria-labelledby="checkout-heading" aria-busy={busy}>
        <p className={styles.eyebrow}>
          <Trans>Upgrade</Trans>
        </p>
        <h1 id="checkout-heading" className={styles.title}>
          <Trans>The {name} plan</Trans>
        </h1>
        <p className={styles.price}>
          <span data-testid="price">{priceText(plan.priceNok, lang)}</span> <span className={styles.per}>{t`per month`}</span>
        </p>
        <ConsentNote action="checkout" />
        <ul className={styles.benefits}>
          {plan.benefits.map((benefit) => (
            <li key={benefit}>
              <IconSvg icon={Check} size={18} strokeWidth={2} aria-hidden="true" />
              {i18n._(benefitTexts[benefit as BenefitKey])}
            </li>
          ))}
        </ul>
        {alreadyOnPlan ? (
          <div className={styles.notice} role="status">
            <p>
              <Trans>You already have {name}, so there is nothing to pay.</Trans>
            </p>
            <ButtonLink to="app" variant="secondary">
              <Trans>Go to the dashboard</Trans>
            </ButtonLink>
          </div>
        ) : paymentOwed ? (
          <div className={styles.notice} role="status">
            <p>
              <Trans>The last payment for your subscription did not go through. Fix it on the dashboard; you need no second subscription.</Trans>
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
            {waiting ? <Trans>Continue to payment</Trans> : <Trans>Processing…</Trans>}
          </button>
        )}
        <p className={styles.small}>
          <Trans>Billed monthly in NOK. Cancel any time from the dashboard.</Trans>
        </p>
      </section>
    </div>
  )
}
