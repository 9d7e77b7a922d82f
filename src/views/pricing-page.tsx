import { Trans } from '@lingui/react/macro'
import { PageIntro } from '../components/page-intro'
import { afterIntro } from '../components/page-sections.css'
import { SectionHeader } from '../components/section-header'
import * as ui from '../components/ui.css'
import { FaqAccordion } from '../features/faq/faq-accordion'
import { PlanCard } from '../features/pricing/plan-card'
import * as styles from '../features/pricing/pricing.css'
import { PricingSteps } from '../features/pricing/pricing-steps'
import { pricingFaqs } from '../content/faqs'

/** The page's title (the document's, and the prerendered head's). */
export default function PricingPage() {
  return (
    <>
      <PageIntro
        eyebrow={<Trans context="page eyebrow">Pricing</Trans>}
        title={<Trans>One plan, shaped around your team</Trans>}
        lead={
          <Trans>
            Vekstlinje is a done-for-you service. We scope the work with you and agree a fixed monthly price, with no binding
            period.
          </Trans>
        }
      />
      <section className={`${ui.section} ${afterIntro}`} data-section="pricing-plan">
        <div className={`${ui.container} ${styles.layout}`}>
          <PlanCard />
          <PricingSteps />
        </div>
      </section>
      <section className={ui.sectionMuted} aria-labelledby="pricing-faq-title" data-section="faq">
        <div className={`${ui.container}`}>
          <div className={styles.faqSection}>
            <SectionHeader
              id="pricing-faq-title"
              centered
              eyebrow={<Trans context="section eyebrow">FAQ</Trans>}
              title={<Trans>Questions we often get</Trans>}
            />
            <FaqAccordion items={pricingFaqs} />
          </div>
        </div>
      </section>
    </>
  )
}
