import { Trans } from '@lingui/react/macro'
import { CalendarClock, Clock, Mail } from 'lucide'
import { IconSvg } from '../../components/icon'
import { PageLink } from '../../components/links'
import { company, mailto } from '../../content/company'
import * as styles from './help.css'

const icon = { size: 20, strokeWidth: 1.75, 'aria-hidden': true } as const

/** How to reach support: e-mail, response time and opening hours. */
export function ContactCard() {
  return (
    <aside className={styles.contact} aria-labelledby="help-contact-title" data-section="contact">
      <h2 id="help-contact-title" className={styles.contactTitle}>
        <Trans>Contact support</Trans>
      </h2>
      <p className={styles.contactLead}>
        <Trans>Didn't find your answer? Write to us, and a real person will reply.</Trans>
      </p>
      <dl className={styles.facts}>
        <div>
          <dt>
            <IconSvg icon={Mail} {...icon} />
            <Trans context="help contact">E-mail</Trans>
          </dt>
          <dd>
            <a href={mailto(company.supportEmail)}>{company.supportEmail}</a>
          </dd>
        </div>
        <div>
          <dt>
            <IconSvg icon={Clock} {...icon} />
            <Trans context="help contact">Response time</Trans>
          </dt>
          <dd>
            <Trans>2–6 hours</Trans>
          </dd>
        </div>
        <div>
          <dt>
            <IconSvg icon={CalendarClock} {...icon} />
            <Trans context="help contact">Opening hours</Trans>
          </dt>
          <dd>
            <Trans>Monday–Friday 09:00–17:00 CET</Trans>
          </dd>
        </div>
      </dl>
      <p className={styles.contactMore}>
        <Trans>
          New to Vekstlinje? <PageLink to="demo">Book a demo</PageLink> or read the <PageLink to="docs">service overview</PageLink>.
        </Trans>
      </p>
    </aside>
  )
}
