import { I18nProvider } from '@lingui/react'
import { act, type RenderOptions, render } from '@testing-library/react'
import type { ReactElement, ReactNode } from 'react'
import type { AnyStateMachine } from 'xstate'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { messages as en } from '../locales/en/messages.po'
import { messages as nb } from '../locales/nb/messages.po'
import { createI18nWith } from '../src/i18n/i18n'
import type { Lang } from '../src/i18n/lang'
import { MachineStandIns } from '../src/lib/use-app-machine'

export const catalogs = { nb, en }

interface Options extends Omit<RenderOptions, 'wrapper'> {
  lang?: Lang
  path?: string
  /** Use jsdom's real history (for code that watches `window.location`) instead of a memory router. */
  browserHistory?: boolean
  /** Stand-in actors and effects for the features' machines (`standIn(machine, { actors, actions })`):
   * each is provided over the logic the page itself asks for, in its language. The one way a
   * component test reaches a feature's effects. */
  standIns?: readonly StandIn[]
}

/** Stand-in implementations for one machine (by its id). */
export interface StandIn {
  id: string
  implementations: object
}

/** Stand-ins for `machine`'s actors and effects, typed by the machine. */
export const standIn = <M extends AnyStateMachine>(machine: M, implementations: Parameters<M['provide']>[0]): StandIn => ({ id: machine.id, implementations })

/** Renders inside the providers every view expects: the language's catalog, a memory router, and
 * the test's stand-ins for the features' machines. */
export function renderInApp(ui: ReactElement, { lang = 'nb', path = '/', browserHistory = false, standIns = [], ...options }: Options = {}) {
  const i18n = createI18nWith(lang, catalogs[lang])
  // The machines the page asked for (its own logic: its language's), and each one with the stand-ins.
  const requested = new Set<AnyStateMachine>()
  const provided = new Map<AnyStateMachine, AnyStateMachine>()
  const standInsFor = (machine: AnyStateMachine) => {
    requested.add(machine)
    const given = standIns.find((candidate) => candidate.id === machine.id)
    if (!given) return undefined
    if (!provided.has(machine)) provided.set(machine, machine.provide(given.implementations as never))
    return provided.get(machine)
  }
  const location = memoryLocation({ path, record: true })
  if (browserHistory) window.history.replaceState(null, '', path)
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nProvider i18n={i18n}>
      <MachineStandIns.Provider value={standInsFor}>
        {browserHistory ? <Router>{children}</Router> : <Router hook={location.hook}>{children}</Router>}
      </MachineStandIns.Provider>
    </I18nProvider>
  )
  return { ...render(ui, { wrapper, ...options }), location, i18n, requested }
}

/** The toaster loads with the first page that can raise toasts: waits until it has. */
export const toasterLoaded = () =>
  act(async () => {
    await import('../src/components/toaster/toast-list')
  })
