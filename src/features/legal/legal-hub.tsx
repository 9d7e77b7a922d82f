import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import clsx from 'clsx'
import { ArrowRight, Building2, Cookie, FileSignature, FileText, Mail, MapPin, ServerCog, ShieldCheck } from 'lucide'
import { IconSvg, type IconNode } from '../../components/icon'
import { PageLink } from '../../components/links'
import { container, eyebrow, iconBadge, lead, pageTitle } from '../../components/ui.css'
import type { RouteKey } from '../../routes'
import { company, mailto } from '../../content/company'
import { LastUpdated } from './legal-document'
import * as css from './legal.css'

interface HubCard {
  to: RouteKey
  Icon: IconNode
  title: MessageDescriptor
  text: MessageDescriptor
}

/** The five documents, in the order a buyer's legal or IT reviewer usually reads them. */
export const hubCards: readonly HubCard[] = [
  {
    to: 'privacy',
    Icon: ShieldCheck,
    title: msg({ message: 'Privacy policy', context: 'legal: privacy' }),
    text: msg`What personal data we collect, why we use it, how long we keep it and how you use your rights.`,
  },
  {
    to: 'terms',
    Icon: FileText,
    title: msg({ message: 'Terms of service', context: 'legal: terms' }),
    text: msg`The terms for our done-for-you service and platform: fees, renewal, results, liability and governing law.`,
  },
  {
    to: 'dpa',
    Icon: FileSignature,
    title: msg({ message: 'Data processing agreement', context: 'legal: dpa' }),
    text: msg`How we process personal data on our clients' behalf, in 13 sections under Article 28 of the GDPR.`,
  },
  {
    to: 'security',
    Icon: ServerCog,
    title: msg({ message: 'Subprocessors and security', context: 'legal: hub card' }),
    text: msg`Where data is stored, the providers that help us run the service, and the measures that protect it.`,
  },
  {
    to: 'cookies',
    Icon: Cookie,
    title: msg({ message: 'Cookie policy', context: 'legal: cookies' }),
    text: msg`What we store in your browser, which is very little, and for how long.`,
  },
]

const iconProps = { size: 22, strokeWidth: 1.75, 'aria-hidden': true } as const

/** The legal and trust hub: one card per document, and how to reach us. */
export function LegalHub() {
  const { i18n } = useLingui()
  const { legalName, orgNumber, privacyEmail, street, postalCode, city } = company

  return (
    <>
      <header className={css.header}>
        <div className={css.headerInner}>
          <p className={eyebrow}>
            <Trans>Legal & Trust</Trans>
          </p>
          <h1 className={clsx(pageTitle, css.docTitle)}>
            <Trans>Clear terms and careful data handling</Trans>
          </h1>
          <p className={lead}>
            <Trans>
              How we handle personal data, the terms we work under, and the companies that help us deliver the
              service. Written in plain language and kept up to date.
            </Trans>
          </p>
          <LastUpdated />
        </div>
      </header>

      <div className={clsx(css.hubSection, container)}>
        <section aria-labelledby="legal-documents">
          <h2 id="legal-documents" className={css.hubHeading}>
            <Trans context="legal: hub heading">Documents</Trans>
          </h2>
          <ul className={css.hubGrid}>
            {hubCards.map(({ to, Icon, title, text }) => (
              <li key={to} className={css.hubCard}>
                <span className={iconBadge}>
                  <IconSvg icon={Icon} {...iconProps} />
                </span>
                <h3 className={css.hubCardTitle}>
                  <PageLink to={to} className={css.hubCardLink}>
                    {i18n._(title)}
                  </PageLink>
                </h3>
                <p className={css.hubCardText}>{i18n._(text)}</p>
                <span className={css.hubCardMore} aria-hidden="true">
                  <Trans context="legal: hub card link">Read</Trans>
                  <IconSvg icon={ArrowRight} size={16} strokeWidth={1.75} />
                </span>
              </li>
            ))}
          </ul>
        </section>

        <section className={css.contact} aria-labelledby="legal-contact">
          <div>
            <h2 id="legal-contact" className={css.contactTitle}>
              <Trans>Questions about privacy or our terms?</Trans>
            </h2>
            <p className={css.hubCardText}>
              <Trans>Write to us, and a person who knows the answer will reply.</Trans>
            </p>
          </div>
          <div className={css.contactItem}>
            <IconSvg icon={Mail} className={css.contactIcon} {...iconProps} />
            <div>
              <p className={css.contactLabel}>
                <Trans context="legal: hub contact label">E-mail</Trans>
              </p>
              <a href={mailto(privacyEmail)}>{privacyEmail}</a>
            </div>
          </div>
          <div className={css.contactItem}>
            <IconSvg icon={MapPin} className={css.contactIcon} {...iconProps} />
            <div>
              <p className={css.contactLabel}>
                <Trans context="legal: hub contact label">Postal address</Trans>
              </p>
              <address className={css.address}>
                {legalName}
                <br />
                {street}
                <br />
                {postalCode} {city}
                <br />
                <Trans>Norway</Trans>
              </address>
            </div>
          </div>
          <div className={css.contactItem}>
            <IconSvg icon={Building2} className={css.contactIcon} {...iconProps} />
            <div>
              <p className={css.contactLabel}>
                <Trans context="legal: hub contact label">Organization number</Trans>
              </p>
              <p>{orgNumber}</p>
            </div>
          </div>
        </section>
      </div>
    </>
  )
}
