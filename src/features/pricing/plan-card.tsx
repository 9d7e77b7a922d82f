import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { ArrowRight, Check } from 'lucide'
import { IconSvg } from '../../components/icon'
import { ButtonLink } from '../../components/links'
import { claims } from '../../content/claims'
import { priceText, priceWithVatText } from '../../content/plan-texts'
import { useLang } from '../../i18n/use-lang'
import { paidPlans } from '../../../supabase/functions/_shared/plans'
import * as styles from './pricing.css'

/** The nine things every Enterprise plan includes. */
export const planFeatures: readonly MessageDescriptor[] = [
  msg`Positioning, ICP and profile revamp`,
  msg`3–5 ghostwritten posts per week`,
  msg`Personalized outreach and DM sequences`,
  msg`Qualified lead handoffs every week`,
  msg`Weekly reporting and insights`,
  claims.accountManager,
  claims.onboarding,
  claims.crm,
  msg`GDPR compliant, EU hosting, SLA available`,
]

/** The Enterprise plan: custom scope, one monthly price, a button to talk to sales. */
export function PlanCard() {
  const { i18n } = useLingui()
  const lang = useLang()
  const pro = paidPlans[0]
  return (
    <article className={styles.plan} aria-labelledby="plan-title" data-section="plan">
      <div className={styles.planHead}>
        <p className={styles.planBadge}>
          <Trans context="pricing plan badge">Custom plan</Trans>
        </p>
        <h2 id="plan-title" className={styles.planTitle}>
          Enterprise
        </h2>
        <p className={styles.planPrice}>
          <Trans context="pricing">Tailored monthly price</Trans>
        </p>
        <p className={styles.planNote} data-testid="vat-note">
          <Trans>We sell to businesses, so prices are shown excluding VAT; Norwegian customers pay 25 % VAT on top.</Trans>
        </p>
        <p className={styles.planText}>
          <Trans>For B2B teams that want LinkedIn content, outreach and qualified leads handled from start to finish.</Trans>
        </p>
      </div>
      <ul className={styles.featureList}>
        {planFeatures.map((feature) => (
          <li key={feature.id} data-item="plan-feature">
            <IconSvg icon={Check} size={18} strokeWidth={2} aria-hidden="true" className={styles.featureIcon} />
            {i18n._(feature)}
          </li>
        ))}
      </ul>
      <div className={styles.planActions}>
        <ButtonLink to="demo" size="large" className={styles.planButton}>
          <Trans context="pricing button">Contact sales</Trans>
          <IconSvg icon={ArrowRight} size={18} strokeWidth={1.75} aria-hidden="true" />
        </ButtonLink>
        <p className={styles.planNote}>
          {i18n._(claims.noBinding)} · {i18n._(claims.response)}
        </p>
        {pro ? (
          <p className={styles.planNote} data-testid="pro-price">
            <Trans>
              Pro, the self-service plan in the app: {priceText(pro.priceNok, lang)} excl. VAT ({priceWithVatText(pro.priceNok, lang)} incl. VAT) per month.
            </Trans>
          </p>
        ) : null}
      </div>
    </article>
  )
}
