import { Trans } from '@lingui/react/macro'
import * as styles from './pricing.css'

/** How a price is agreed: demo, proposal, start. */
export function PricingSteps() {
  return (
    <aside className={styles.steps} aria-labelledby="pricing-steps-title">
      <h2 id="pricing-steps-title" className={styles.stepsTitle}>
        <Trans>How pricing works</Trans>
      </h2>
      <ol className={styles.stepsList}>
        <li>
          <strong>
            <Trans context="pricing step">Demo</Trans>
          </strong>
          <span>
            <Trans>We learn about your goals, your market and how much of your own time you want to put in.</Trans>
          </span>
        </li>
        <li>
          <strong>
            <Trans context="pricing step">Proposal</Trans>
          </strong>
          <span>
            <Trans>You get a written scope and a fixed monthly price in NOK. No hidden extras.</Trans>
          </span>
        </li>
        <li>
          <strong>
            <Trans context="pricing step">Start</Trans>
          </strong>
          <span>
            <Trans>Onboarding takes 7–10 days. After that the service runs month to month, with no binding period.</Trans>
          </span>
        </li>
      </ol>
    </aside>
  )
}
