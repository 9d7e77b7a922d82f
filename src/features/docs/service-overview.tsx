import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { ArrowRight, Check } from 'lucide'
import { IconSvg } from '../../components/icon'
import { ButtonLink } from '../../components/links'
import * as ui from '../../components/ui.css'
import { claims } from '../../content/claims'
import { company, mailto } from '../../content/company'
import * as styles from './docs.css'

const phases: ReadonlyArray<[MessageDescriptor, MessageDescriptor]> = [
  [
    msg({ message: 'ICP and positioning', context: 'docs phase' }),
    msg`During onboarding (7–10 days) we interview you, define your ideal customer profile, sharpen your message and revamp your profile and company page.`,
  ],
  [
    msg({ message: 'Content and ghostwriting', context: 'docs phase' }),
    msg`Our writers turn your expertise into 3–5 posts per week. You get them for approval in advance; we publish on a steady schedule.`,
  ],
  [
    msg({ message: 'Outreach and DMs', context: 'docs phase' }),
    msg`We connect with the people who match your profile and start personalized conversations, one segment at a time, within LinkedIn's limits.`,
  ],
  [
    msg({ message: 'Qualified handoffs and reporting', context: 'docs phase' }),
    msg`When a conversation shows real interest, we qualify it and hand it to your sales team every week, together with a report on what worked.`,
  ],
]

const deliverables: readonly MessageDescriptor[] = [
  msg`A written positioning and ICP document`,
  msg`A revamped personal profile and company page`,
  msg`3–5 ghostwritten posts per week, approved by you`,
  msg`Personalized connection requests and DM sequences`,
  msg`Qualified leads handed to sales every week, with the conversation history`,
  msg`A weekly report on reach, conversations and meetings`,
  claims.accountManager,
  claims.crm,
]

const audiences: readonly MessageDescriptor[] = [
  msg`Sales teams that want more first meetings with the right accounts`,
  msg`Founders and consultants who want to be known for what they know`,
  msg`Marketing teams that want campaigns to reach buyers through people, not logos`,
  msg`Recruiters and agencies that win work through relationships`,
]

const reasons: readonly MessageDescriptor[] = [
  claims.gdpr,
  claims.euHosting,
  claims.sla,
  claims.response,
  claims.noBinding,
  msg`A Norwegian team that knows the Nordic B2B market`,
]

const sections = [
  { id: 'what-we-do', title: msg({ message: 'What we do', context: 'docs section' }) },
  { id: 'how-it-works', title: msg({ message: 'How it works', context: 'docs section' }) },
  { id: 'what-you-get', title: msg({ message: 'What you get', context: 'docs section' }) },
  { id: 'who-it-is-for', title: msg({ message: 'Who it is for', context: 'docs section' }) },
  { id: 'why-choose-us', title: msg({ message: 'Why choose us', context: 'docs section' }) },
  { id: 'contact', title: msg({ message: 'Contact', context: 'docs section' }) },
] as const

const check = <IconSvg icon={Check} size={18} strokeWidth={2} aria-hidden="true" />

/** A section that is a list of points, each with a check mark. */
function CheckSection({ id, title, items }: { id: string; title: string; items: readonly MessageDescriptor[] }) {
  const { i18n } = useLingui()
  return (
    <section id={id} className={styles.block} aria-labelledby={`${id}-title`} data-section={id}>
      <h2 id={`${id}-title`}>{title}</h2>
      <ul className={styles.checks}>
        {items.map((item) => (
          <li key={item.id}>
            {check}
            {i18n._(item)}
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The service overview: what, how, what you get, for whom, why, and how to reach us. */
export function ServiceOverview() {
  const { t, i18n } = useLingui()
  const title = (index: number) => i18n._(sections[index]!.title)
  return (
    <div className={styles.layout}>
      <nav className={styles.toc} aria-label={t({ message: 'On this page', context: 'table of contents' })}>
        <p className={styles.tocTitle} aria-hidden="true">
          <Trans context="table of contents">On this page</Trans>
        </p>
        <ul className={styles.tocList}>
          {sections.map((section) => (
            <li key={section.id}>
              <a className={styles.tocLink} href={`#${section.id}`}>
                {i18n._(section.title)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.body}>
        <section id="what-we-do" className={styles.block} aria-labelledby="what-we-do-title" data-section="what-we-do">
          <h2 id="what-we-do-title">{title(0)}</h2>
          <p>
            <Trans>
              Vekstlinje is a done-for-you LinkedIn growth service for B2B companies, run from Oslo. We plan, ghostwrite and
              publish your LinkedIn content, run personalized outreach, hand qualified leads to your sales team every week and
              report on the results.
            </Trans>
          </p>
          <p>
            <Trans>
              The work combines people and AI: strategists and writers decide what to say and to whom, and AI helps with research,
              first drafts and finding the right moment to reach out.
            </Trans>
          </p>
        </section>

        <section id="how-it-works" className={styles.block} aria-labelledby="docs-how-title" data-section="phases">
          <h2 id="docs-how-title">
            <Trans>How it works, in four phases</Trans>
          </h2>
          <ol className={styles.phases}>
            {phases.map(([phaseTitle, text], index) => (
              <li key={phaseTitle.id} className={styles.phase} data-item="phase">
                <span className={styles.phaseNumber} aria-hidden="true">
                  {index + 1}
                </span>
                <div>
                  <h3>{i18n._(phaseTitle)}</h3>
                  <p>{i18n._(text)}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>

        <CheckSection id="what-you-get" title={title(2)} items={deliverables} />
        <CheckSection id="who-it-is-for" title={title(3)} items={audiences} />
        <CheckSection id="why-choose-us" title={title(4)} items={reasons} />

        <section id="contact" className={styles.block} aria-labelledby="contact-title" data-section="contact">
          <h2 id="contact-title">{title(5)}</h2>
          <p>
            <Trans>Talk to us about your goals, or ask support about an ongoing engagement.</Trans>
          </p>
          <dl className={styles.contactList}>
            <div>
              <dt>
                <Trans context="docs contact">Sales</Trans>
              </dt>
              <dd>
                <a href={mailto(company.salesEmail)}>{company.salesEmail}</a>
              </dd>
            </div>
            <div>
              <dt>
                <Trans context="docs contact">Support (Monday–Friday 09:00–17:00 CET, reply within 2–6 hours)</Trans>
              </dt>
              <dd>
                <a href={mailto(company.supportEmail)}>{company.supportEmail}</a>
              </dd>
            </div>
          </dl>
          <div className={ui.actionsRow}>
            <ButtonLink to="demo" size="large">
              <Trans>Book a call</Trans>
              <IconSvg icon={ArrowRight} size={18} strokeWidth={1.75} aria-hidden="true" />
            </ButtonLink>
          </div>
        </section>
      </div>
    </div>
  )
}
