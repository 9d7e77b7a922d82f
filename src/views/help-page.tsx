import { Trans } from '@lingui/react/macro'
import { PageIntro } from '../components/page-intro'
import * as ui from '../components/ui.css'
import { FaqAccordion } from '../features/faq/faq-accordion'
import { ContactCard } from '../features/help/contact-card'
import * as styles from '../features/help/help.css'
import { helpFaqs } from '../content/faqs'

/** The page's title (the document's, and the prerendered head's). */
export default function HelpPage() {
  return (
    <>
      <PageIntro
        eyebrow={<Trans context="page eyebrow">Help center</Trans>}
        title={<Trans>How can we help?</Trans>}
        lead={<Trans>Answers to the questions our clients ask most, and how to reach our support team.</Trans>}
      />
      <section className={ui.sectionMuted} data-section="help">
        <div className={`${ui.container} ${styles.layout}`}>
          <div data-section="faq">
            <h2 className={styles.faqTitle}>
              <Trans>Frequently asked questions</Trans>
            </h2>
            <FaqAccordion items={helpFaqs} />
          </div>
          <ContactCard />
        </div>
      </section>
    </>
  )
}
