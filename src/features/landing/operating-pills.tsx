import { Trans, useLingui } from '@lingui/react/macro'
import { CalendarCheck, Clock, PenLine, Repeat, UserRound, Workflow } from 'lucide'
import { IconSvg, type IconNode } from '../../components/icon'
import type { MessageDescriptor } from '@lingui/core'
import { SectionHeader } from '../../components/section-header'
import * as ui from '../../components/ui.css'
import { claims } from '../../content/claims'
import * as styles from './landing.css'

const pills: ReadonlyArray<[IconNode, MessageDescriptor]> = [
  [UserRound, claims.accountManager],
  [PenLine, claims.posts],
  [Clock, claims.response],
  [CalendarCheck, claims.onboarding],
  [Repeat, claims.noBinding],
  [Workflow, claims.crm],
]

/** "How we operate": the working terms as a row of pills. */
export function OperatingPills() {
  const { i18n } = useLingui()
  return (
    <section className={ui.sectionMuted} aria-labelledby="operate-title" data-section="how-we-operate">
      <div className={ui.container}>
        <SectionHeader
          id="operate-title"
          centered
          eyebrow={<Trans context="section eyebrow">How we operate</Trans>}
          title={<Trans>Clear terms, a steady rhythm</Trans>}
        />
        <ul className={styles.pills}>
          {pills.map(([Icon, label]) => (
            <li key={label.id} className={styles.pill} data-item="pill">
              <IconSvg icon={Icon} size={18} strokeWidth={1.75} aria-hidden="true" />
              {i18n._(label)}
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
