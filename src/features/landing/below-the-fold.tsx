import { Trans } from '@lingui/react/macro'
import { ClosingCta } from '../../components/closing-cta'
import { HowItWorks } from './how-it-works/how-it-works'
import { FeaturesGrid } from './features-grid'
import { OperatingPills } from './operating-pills'
import { WhyUs } from './why-us'

/** Everything on the landing after the hero: one island that hydrates when it scrolls into view. */
export default function BelowTheFold() {
  return (
    <>
      <HowItWorks />
      <FeaturesGrid />
      <OperatingPills />
      <WhyUs />
      <ClosingCta
        title={<Trans>Ready to make LinkedIn a steady source of meetings?</Trans>}
        text={
          <Trans>
            Book a demo. We will look at your market, your profile and what the first weeks with us would look like.
          </Trans>
        }
      />
    </>
  )
}
