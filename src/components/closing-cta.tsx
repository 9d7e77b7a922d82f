import { Trans } from '@lingui/react/macro'
import { ArrowRight } from 'lucide'
import { IconSvg } from './icon'
import type { ReactNode } from 'react'
import * as styles from './closing-cta.css'
import { ButtonLink } from './links'
import * as ui from './ui.css'

/** The call to action that closes a page: a dark band with "Book demo". */
export function ClosingCta({ title, text, button }: { title: ReactNode; text: ReactNode; button?: ReactNode }) {
  return (
    <section className={`${ui.section} ${styles.section}`} aria-labelledby="closing-cta-title" data-section="closing-cta">
      <div className={ui.container}>
        <div className={styles.band}>
          <h2 id="closing-cta-title" className={styles.title}>
            {title}
          </h2>
          <p className={styles.text}>{text}</p>
          <div className={styles.actions}>
            <ButtonLink to="demo" variant="inverse" size="large">
              {button ?? <Trans>Book demo</Trans>}
              <IconSvg icon={ArrowRight} size={18} strokeWidth={1.75} aria-hidden="true" />
            </ButtonLink>
          </div>
          <p className={styles.note}>
            <Trans>No binding period · Onboarding in 7–10 days · Response within 24h</Trans>
          </p>
        </div>
      </div>
    </section>
  )
}
