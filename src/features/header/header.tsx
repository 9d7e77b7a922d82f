import { useLingui } from '@lingui/react/macro'
import { Menu, X } from 'lucide'
import { IconSvg } from '../../components/icon'
import { useLocation } from 'wouter'
import { href, type RouteKey } from '../../routes'
import { headerLogic, mobileMenuLogic } from './logic'
import { useAppMachine } from '../../lib/use-app-machine'
import { ButtonLink, PageLink } from '../../components/links'
import { Logo } from '../../components/logo'
import { button, container } from '../../components/ui.css'
import { localizePath, otherLang } from '../../i18n/lang'
import { useLang } from '../../i18n/use-lang'
import { connectHeader, connectMobileMenu } from './connect'
import * as styles from './header.css'

const navKeys = ['pricing', 'useCases', 'help'] as const satisfies readonly RouteKey[]

export function Header() {
  const { t } = useLingui()
  const lang = useLang()
  const [location] = useLocation()
  const [headerSnapshot] = useAppMachine(headerLogic)
  const [menuSnapshot, sendMenu] = useAppMachine(mobileMenuLogic)
  const header = connectHeader(headerSnapshot)
  const menu = connectMobileMenu(menuSnapshot, sendMenu, {
    open: t({ message: 'Open menu', context: 'mobile navigation button' }),
    close: t({ message: 'Close menu', context: 'mobile navigation button' }),
  })

  const labels: Record<(typeof navKeys)[number], string> = {
    pricing: t({ message: 'Pricing', context: 'header navigation' }),
    useCases: t({ message: 'Use cases', context: 'header navigation' }),
    help: t({ message: 'Help', context: 'header navigation' }),
  }
  const other = otherLang(lang)
  const toggle = {
    href: localizePath('/', other),
    label: other === 'en' ? 'EN' : 'NO',
    title: other === 'en' ? 'English' : 'Norsk',
  }
  const current = (key: RouteKey) => (location === href(key, lang) ? ('page' as const) : undefined)
  const bookDemo = t`Book demo`

  return (
    <header className={styles.root} {...header.rootProps}>
      <div className={`${container} ${styles.bar}`}>
        <PageLink to="home" className={styles.logo} aria-label={t`Vekstlinje – home`}>
          <Logo />
        </PageLink>
        <nav className={styles.nav} aria-label={t({ message: 'Main', context: 'navigation landmark label' })}>
          <ul className={styles.navList}>
            {navKeys.map((key) => (
              <li key={key}>
                <PageLink to={key} className={styles.navLink} aria-current={current(key)}>
                  {labels[key]}
                </PageLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.actions}>
          <a className={styles.langToggle} href={toggle.href} hrefLang={other} lang={other} title={toggle.title}>
            {toggle.label}
          </a>
          <ButtonLink to="demo" className={styles.demoButton}>
            {bookDemo}
          </ButtonLink>
          <button className={styles.menuTrigger} {...menu.triggerProps}>
            {menu.open ? <IconSvg icon={X} size={22} aria-hidden="true" /> : <IconSvg icon={Menu} size={22} aria-hidden="true" />}
          </button>
        </div>
      </div>
      <div className={styles.panel} {...menu.panelProps}>
        <nav className={container} aria-label={t({ message: 'Menu', context: 'mobile navigation landmark label' })}>
          <ul className={styles.panelList}>
            {navKeys.map((key) => (
              <li key={key}>
                <PageLink to={key} className={styles.panelLink} aria-current={current(key)} {...menu.itemProps}>
                  {labels[key]}
                </PageLink>
              </li>
            ))}
          </ul>
          <PageLink to="demo" className={`${button.primary} ${styles.panelDemo}`} {...menu.itemProps}>
            {bookDemo}
          </PageLink>
        </nav>
      </div>
    </header>
  )
}
