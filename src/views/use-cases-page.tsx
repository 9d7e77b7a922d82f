import { Trans } from '@lingui/react/macro'
import { ArrowRight } from 'lucide'
import { IconSvg } from '../components/icon'
import { ClosingCta } from '../components/closing-cta'
import { ButtonLink } from '../components/links'
import { PageIntro } from '../components/page-intro'
import { SectionHeader } from '../components/section-header'
import * as ui from '../components/ui.css'
import { AudienceCards } from '../features/use-cases/audiences'
import { GrowthTeaser } from '../features/use-cases/growth-teaser'
import * as styles from '../features/use-cases/use-cases.css'

/** The page's title (the document's, and the prerendered head's). */
export default function UseCasesPage() {
  return (
    <>
      <PageIntro
        eyebrow={<Trans context="page eyebrow">Use cases</Trans>}
        title={<Trans>Built for B2B teams that sell on trust</Trans>}
        lead={
          <Trans>
            Whether you lead a sales team or run a two-person consultancy, we adapt positioning, content and outreach to how
            your buyers decide.
          </Trans>
        }
      >
        <div className={ui.actionsRow}>
          <ButtonLink to="demo" size="large">
            <Trans>Book demo</Trans>
            <IconSvg icon={ArrowRight} size={18} strokeWidth={1.75} aria-hidden="true" />
          </ButtonLink>
        </div>
      </PageIntro>
      <section className={ui.sectionMuted} aria-labelledby="audiences-title" data-section="audiences">
        <div className={ui.container}>
          <SectionHeader id="audiences-title" title={<Trans>Who we work with</Trans>} />
          <AudienceCards />
        </div>
      </section>
      <section className={ui.section} aria-labelledby="teaser-title" data-section="growth-teaser">
        <div className={`${ui.container} ${styles.teaserGrid}`}>
          <SectionHeader
            id="teaser-title"
            eyebrow={<Trans context="section eyebrow">Reporting</Trans>}
            title={<Trans>See your growth, week by week</Trans>}
            lead={
              <Trans>
                Every client gets a weekly report: reach, new conversations, qualified handoffs, and what we will adjust next.
              </Trans>
            }
          />
          <GrowthTeaser />
        </div>
      </section>
      <ClosingCta
        title={<Trans>Find out what LinkedIn can do for your team</Trans>}
        text={<Trans>Book a demo and we will show you how we would approach your market, step by step.</Trans>}
      />
    </>
  )
}
