import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { BriefcaseBusiness, Megaphone, Target, UserRound } from 'lucide'
import { IconSvg, type IconNode } from '../../components/icon'
import * as ui from '../../components/ui.css'
import * as styles from './use-cases.css'

interface Audience {
  Icon: IconNode
  title: MessageDescriptor
  text: MessageDescriptor
  outcome: MessageDescriptor
}

/** The four audiences the service is built for. */
export const audiences: readonly Audience[] = [
  {
    Icon: Target,
    title: msg({ message: 'Sales teams', context: 'audience' }),
    text: msg`Give every seller a profile buyers trust and a steady flow of warm conversations, without pulling them away from closing.`,
    outcome: msg`More first meetings with the accounts on your list`,
  },
  {
    Icon: UserRound,
    title: msg({ message: 'Founders and consultants', context: 'audience' }),
    text: msg`Turn what you know into visible thought leadership and inbound requests, with little of your own time.`,
    outcome: msg`A personal brand that brings work to you`,
  },
  {
    Icon: Megaphone,
    title: msg({ message: 'Marketing teams', context: 'audience' }),
    text: msg`Bring campaigns to your leaders' own profiles, where buyers pay closer attention than to company pages.`,
    outcome: msg`Campaigns that start conversations, not just clicks`,
  },
  {
    Icon: BriefcaseBusiness,
    title: msg({ message: 'Recruiters and agencies', context: 'audience' }),
    text: msg`Build a name in your niche, stay top of mind with candidates and clients, and open conversations that turn into assignments.`,
    outcome: msg`A pipeline of clients and candidates that keeps filling`,
  },
]

export function AudienceCards() {
  const { i18n } = useLingui()
  return (
    <ul className={`${ui.grid.two} ${styles.cards}`}>
      {audiences.map(({ Icon, title, text, outcome }) => (
        <li key={title.id} className={`${ui.card} ${styles.card}`} data-item="audience">
          <span className={ui.iconBadge} aria-hidden="true">
            <IconSvg icon={Icon} size={22} strokeWidth={1.75} />
          </span>
          <h3 className={ui.cardTitle}>{i18n._(title)}</h3>
          <p className={ui.muted}>{i18n._(text)}</p>
          <p className={styles.outcome}>{i18n._(outcome)}</p>
        </li>
      ))}
    </ul>
  )
}
