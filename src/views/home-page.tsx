import { Trans } from '@lingui/react/macro'
import { ClosingCta } from '../components/closing-cta'
import { HeroCard } from '../features/hero-card/hero-card'
import { HowItWorks } from '../features/how-it-works/how-it-works'
import { FeaturesGrid } from '../features/landing/features-grid'
import { Hero } from '../features/landing/hero'
import { OperatingPills } from '../features/landing/operating-pills'
import { WhyUs } from '../features/landing/why-us'

export default function HomePage() {
  return (
    <>
      <Hero card={<HeroCard />} />
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
