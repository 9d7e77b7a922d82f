import { useLingui } from '@lingui/react/macro'
import { Globe } from 'lucide'
import { IconSvg } from '../../components/icon'
import type { RouteKey } from '../../routes'
import { PageLink } from '../../components/links'
import { Logo } from '../../components/logo'
import { container } from '../../components/ui.css'
import { company, mailto } from '../../content/company'
import { siteCopyrightYears } from './copyright'
import { localizePath, otherLang } from '../../i18n/lang'
import { useLang } from '../../i18n/use-lang'
import * as styles from './footer.css'

export default function Footer() {
  const { t } = useLingui()
  const lang = useLang()
  const other = otherLang(lang)
  const links: Array<[RouteKey, string]> = [
    ['privacy', t({ message: 'Privacy', context: 'footer link' })],
    ['terms', t({ message: 'Terms', context: 'footer link' })],
    ['dpa', t({ message: 'DPA', context: 'footer link: data processing agreement' })],
    ['security', t({ message: 'Security', context: 'footer link' })],
    ['cookies', t({ message: 'Cookies', context: 'footer link' })],
    ['demo', t({ message: 'Book demo', context: 'footer link' })],
    ['useCases', t({ message: 'Enterprise', context: 'footer link to the use cases page' })],
    ['legalHub', t({ message: 'Legal & Trust', context: 'footer link' })],
    ['help', t({ message: 'Help Center', context: 'footer link' })],
  ]
  return (
    <footer className={styles.root}>
      <div className={container}>
        <div className={styles.top}>
          <div className={styles.brand}>
            <PageLink to="home" className={styles.logo} aria-label={t`Vekstlinje – home`}>
              <Logo />
            </PageLink>
            <p className={styles.tagline}>
              {t`Done-for-you LinkedIn growth for B2B teams: content, outreach and qualified leads every week.`}
            </p>
            <div>
              <a className={styles.langButton} href={localizePath('/', other)} hrefLang={other} lang={other}>
                <IconSvg icon={Globe} size={18} strokeWidth={1.75} aria-hidden="true" />
                {other === 'en' ? 'English' : 'Norsk'}
              </a>
            </div>
          </div>
          <nav aria-label={t({ message: 'Footer', context: 'navigation landmark label' })}>
            <ul className={styles.linkGrid}>
              {links.map(([key, label]) => (
                <li key={key}>
                  <PageLink to={key} className={styles.link}>
                    {label}
                  </PageLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className={styles.bottom}>
          <address className={styles.facts}>
            <span>{company.legalName}</span>
            <span>{t`Org. no. ${company.orgNumber}`}</span>
            <span>{t`Oslo, Norway`}</span>
            <a className={styles.mail} href={mailto(company.supportEmail)}>
              {company.supportEmail}
            </a>
          </address>
          <span>© {siteCopyrightYears} {company.legalName}</span>
        </div>
      </div>
    </footer>
  )
}
