import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { ChartLine, Handshake, IdCard, MessagesSquare, PenLine, Workflow } from 'lucide'
import { IconSvg, type IconNode } from '../../components/icon'
import { SectionHeader } from '../../components/section-header'
import * as ui from '../../components/ui.css'
import { company } from '../../content/company'
import * as styles from './landing.css'

const [firstCrm, secondCrm] = company.crms

interface Feature {
  Icon: IconNode
  title: MessageDescriptor
  text: MessageDescriptor
}

/** The six parts of the service. */
export const features: readonly Feature[] = [
  {
    Icon: PenLine,
    title: msg({ message: 'Thought-leadership ghostwriting', context: 'feature' }),
    text: msg`Posts built from your own ideas and experience, written in your voice and published on a steady rhythm.`,
  },
  {
    Icon: IdCard,
    title: msg({ message: 'Profile and company page revamp', context: 'feature' }),
    text: msg`Headline, about section, featured content and company page rewritten to speak to the buyers you want.`,
  },
  {
    Icon: MessagesSquare,
    title: msg({ message: 'Personalized DM sequences', context: 'feature' }),
    text: msg`Message sequences written for each segment and adjusted to every prospect's role, activity and company.`,
  },
  {
    Icon: Handshake,
    title: msg({ message: 'Lead triage and handoff', context: 'feature' }),
    text: msg`We sort the replies, qualify the interest and hand warm leads to sales with the whole conversation attached.`,
  },
  {
    Icon: ChartLine,
    title: msg({ message: 'Reporting and insights', context: 'feature' }),
    text: msg`A weekly report on reach, conversations and meetings, and what we will adjust next.`,
  },
  {
    Icon: Workflow,
    title: msg({ message: 'Optional CRM automation', context: 'feature' }),
    text: msg`If you want it, qualified leads land in ${firstCrm} or ${secondCrm} with notes and source.`,
  },
]

export function FeaturesGrid() {
  const { i18n } = useLingui()
  return (
    <section className={ui.section} aria-labelledby="features-title" data-section="features">
      <div className={ui.container}>
        <SectionHeader
          id="features-title"
          eyebrow={<Trans context="section eyebrow">What is included</Trans>}
          title={<Trans>Everything it takes to grow on LinkedIn, done for you</Trans>}
          lead={<Trans>One team covers the whole chain, from the first post to the meeting in your sales calendar.</Trans>}
        />
        <ul className={`${ui.grid.three} ${styles.plainList}`}>
          {features.map(({ Icon, title, text }) => (
            <li key={title.id} className={`${ui.card} ${styles.featureCard}`} data-item="feature">
              <span className={ui.iconBadge} aria-hidden="true">
                <IconSvg icon={Icon} size={22} strokeWidth={1.75} />
              </span>
              <h3 className={ui.cardTitle}>{i18n._(title)}</h3>
              <p className={ui.muted}>{i18n._(text)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
