import { Trans } from '@lingui/react/macro'
import { PageIntro } from '../components/page-intro'
import { afterIntro } from '../components/page-sections.css'
import * as ui from '../components/ui.css'
import { ServiceOverview } from '../features/docs/service-overview'

/** The page's title (the document's, and the prerendered head's). */
export default function DocsPage() {
  return (
    <>
      <PageIntro
        eyebrow={<Trans context="page eyebrow">Service overview</Trans>}
        title={<Trans>How Vekstlinje works</Trans>}
        lead={
          <Trans>
            Everything about the service in one place: what we do, the four phases, what you get, who it is for and how to reach
            us.
          </Trans>
        }
      />
      <section className={`${ui.section} ${afterIntro}`} data-section="overview">
        <div className={ui.container}>
          <ServiceOverview />
        </div>
      </section>
    </>
  )
}
