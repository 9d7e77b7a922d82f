import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { BadgeCheck, Check, Server, ShieldCheck } from 'lucide'
import { IconSvg, type IconNode } from '../../components/icon'
import * as ui from '../../components/ui.css'
import { claims } from '../../content/claims'
import * as styles from './landing.css'

const reasons: readonly MessageDescriptor[] = [
  msg`Senior strategists and writers in Oslo, fluent in Norwegian and English`,
  msg`People do the thinking and the writing; AI speeds up research and drafts`,
  msg`You approve every post before it is published in your name`,
  msg`Outreach that respects LinkedIn's limits and your reputation`,
  msg`One weekly report instead of yet another dashboard to check`,
  msg`You stay because it works, not because a contract says so`,
]

const badges: ReadonlyArray<[IconNode, MessageDescriptor, MessageDescriptor]> = [
  [ShieldCheck, claims.gdpr, msg`Data processing agreement for every client`],
  [Server, claims.euHosting, msg`Your data is stored in the EU`],
  [BadgeCheck, claims.sla, msg`Agreed response and delivery times`],
]

/** "Why us": a checklist of reasons and the trust badges. */
export function WhyUs() {
  const { i18n } = useLingui()
  return (
    <section className={ui.section} aria-labelledby="why-us-title" data-section="why-us">
      <div className={`${ui.container} ${styles.whyGrid}`}>
        <div>
          <p className={ui.eyebrow}>
            <Trans context="section eyebrow">Why Vekstlinje</Trans>
          </p>
          <h2 id="why-us-title" className={ui.sectionTitle}>
            <Trans>A partner that works like part of your team</Trans>
          </h2>
          <p className={ui.lead}>
            <Trans>
              You get a dedicated account manager, answers within 24 hours and work you can see every week. No black box.
            </Trans>
          </p>
          <ul className={styles.checklist}>
            {reasons.map((reason) => (
              <li key={reason.id} data-item="reason">
                <span className={styles.checkMark} aria-hidden="true">
                  <IconSvg icon={Check} size={16} strokeWidth={2} />
                </span>
                {i18n._(reason)}
              </li>
            ))}
          </ul>
        </div>
        <ul className={styles.badges}>
          {badges.map(([Icon, title, text]) => (
            <li key={title.id} className={styles.badge} data-item="badge">
              <span className={styles.badgeIcon} aria-hidden="true">
                <IconSvg icon={Icon} size={22} strokeWidth={1.75} />
              </span>
              <span>
                <strong className={styles.badgeTitle}>{i18n._(title)}</strong>
                <span className={styles.badgeText}>{i18n._(text)}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
