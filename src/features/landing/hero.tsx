import { Trans, useLingui } from '@lingui/react/macro'
import { ArrowDown, ArrowRight, ShieldCheck } from 'lucide'
import { IconSvg } from '../../components/icon'
import type { ReactNode } from 'react'
import { ButtonLink } from '../../components/links'
import * as ui from '../../components/ui.css'
import { claims } from '../../content/claims'
import * as styles from './hero.css'

/** The landing's opening: the promise in text (the page's largest element), two actions and the card. */
export function Hero({ card }: { card: ReactNode }) {
  const { i18n } = useLingui()
  return (
    <section className={styles.hero} aria-labelledby="hero-title" data-section="hero">
      <div className={`${ui.container} ${styles.heroGrid}`}>
        <div className={styles.heroText}>
          <p className={`${ui.eyebrow} ${styles.heroEyebrow}`}>
            <Trans>Done-for-you LinkedIn growth for B2B</Trans>
          </p>
          <h1 id="hero-title" className={styles.heroTitle}>
            <Trans>Qualified B2B leads from LinkedIn, every week</Trans>
          </h1>
          <p className={styles.heroLead}>
            <Trans>
              We sharpen your positioning, ghostwrite 3–5 posts a week in your voice and run personalized outreach. Your sales
              team gets warm, qualified conversations; you keep your calendar.
            </Trans>
          </p>
          <div className={`${ui.actionsRow} ${styles.heroActions}`}>
            <ButtonLink to="demo" size="large">
              <Trans>Book demo</Trans>
              <IconSvg icon={ArrowRight} size={18} strokeWidth={1.75} aria-hidden="true" />
            </ButtonLink>
            <a href="#how-it-works" className={`${ui.button.secondary} ${ui.buttonLarge}`}>
              <Trans>See how it works</Trans>
              <IconSvg icon={ArrowDown} size={18} strokeWidth={1.75} aria-hidden="true" />
            </a>
          </div>
          <ul className={styles.heroTrust}>
            {[claims.gdpr, claims.euHosting, claims.noBinding].map((claim) => (
              <li key={claim.id}>
                <IconSvg icon={ShieldCheck} size={16} strokeWidth={1.75} aria-hidden="true" />
                {i18n._(claim)}
              </li>
            ))}
          </ul>
        </div>
        <div className={styles.heroVisual}>{card}</div>
      </div>
    </section>
  )
}
