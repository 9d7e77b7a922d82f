import { I18nProvider } from '@lingui/react'
import { act, type RenderOptions, render } from '@testing-library/react'
import type { ReactElement, ReactNode } from 'react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { messages as en } from '../locales/en/messages.po'
import { messages as nb } from '../locales/nb/messages.po'
import { createI18nWith } from '../src/i18n/i18n'
import type { Lang } from '../src/i18n/lang'

export const catalogs = { nb, en }

interface Options extends Omit<RenderOptions, 'wrapper'> {
  lang?: Lang
  path?: string
  /** Use jsdom's real history (for code that watches `window.location`) instead of a memory router. */
  browserHistory?: boolean
}

/** Renders inside the providers every view expects: the language's catalog and a memory router. */
export function renderInApp(ui: ReactElement, { lang = 'nb', path = '/', browserHistory = false, ...options }: Options = {}) {
  const i18n = createI18nWith(lang, catalogs[lang])
  const location = memoryLocation({ path, record: true })
  if (browserHistory) window.history.replaceState(null, '', path)
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nProvider i18n={i18n}>
      {browserHistory ? <Router>{children}</Router> : <Router hook={location.hook}>{children}</Router>}
    </I18nProvider>
  )
  return { ...render(ui, { wrapper, ...options }), location, i18n }
}

/** The toaster loads with the first page that can raise toasts: waits until it has. */
export const toasterLoaded = () =>
  act(async () => {
    await import('../src/components/toaster/toast-list')
  })
