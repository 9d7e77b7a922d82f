import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { type ReactNode, useMemo } from 'react'
import { Header } from '../features/header/header'
import { Toaster } from '../components/toaster/toaster'
import * as styles from './shell.css'
import { lazyIsland } from '../components/island'
import { navigationLogicFor } from './logic'
import { useAppMachine } from '../lib/use-app-machine'

const Footer = lazyIsland({
  name: 'footer',
  load: () => import('../features/footer/footer'),
  scope: 'footer',
})

/** The frame of every page: skip link, header, the page, footer. */
export function Shell({ children }: { children: ReactNode }) {
  const { i18n } = useLingui()
  const navigationLogic = useMemo(() => navigationLogicFor(i18n), [i18n])
  useAppMachine(navigationLogic)
  return (
    <div className={styles.frame}>
      <a className={styles.skipLink} href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <Header />
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <Footer.Component />
      <Toaster />
    </div>
  )
}
