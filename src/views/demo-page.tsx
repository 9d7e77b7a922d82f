import { Trans } from '@lingui/react/macro'
import { Clock, Mail } from 'lucide'
import { IconSvg } from '../components/icon'
import { PageIntro } from '../components/page-intro'
import * as ui from '../components/ui.css'
import { DemoForm } from '../features/demo/demo-form'
import * as styles from '../features/demo/demo.css'
import { company, mailto } from '../content/company'

const icon = { size: 20, strokeWidth: 1.75, 'aria-hidden': true } as const

/** The page's title (the document's, and the prerendered head's). */
export default function DemoPage() {
  return (
    <>
      <PageIntro
        eyebrow={<Trans context="page eyebrow">Book demo</Trans>}
        title={<Trans>Book a demo</Trans>}
        lead={
          <Trans>
            Tell us a little about you and what you want from LinkedIn. We will show you how we would run it for your company.
          </Trans>
        }
      />
      <section className={ui.sectionMuted} data-section="demo">
        <div className={`${ui.container} ${styles.layout}`}>
          <div className={styles.formCard}>
            <h2 className={styles.asideTitle}>
              <Trans>Your details</Trans>
            </h2>
            <p className={styles.asideText}>
              <Trans>Fields without “(optional)” are required.</Trans>
            </p>
            <div className={styles.formBody}>
              <DemoForm />
            </div>
          </div>
          <aside className={styles.aside} aria-labelledby="demo-contact-title" data-section="contact">
            <h2 id="demo-contact-title" className={styles.asideTitle}>
              <Trans>Prefer e-mail?</Trans>
            </h2>
            <p className={styles.asideText}>
              <Trans>Write to us directly and a real person will answer.</Trans>
            </p>
            <ul className={styles.facts}>
              <li>
                <IconSvg icon={Mail} {...icon} />
                <a href={mailto(company.salesEmail)}>{company.salesEmail}</a>
              </li>
              <li>
                <IconSvg icon={Clock} {...icon} />
                <Trans>We usually reply within a few hours.</Trans>
              </li>
            </ul>
          </aside>
        </div>
      </section>
    </>
  )
}
