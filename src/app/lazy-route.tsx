import type { I18n } from '@lingui/core'
import { useLingui } from '@lingui/react'
import { type ComponentType, use } from 'react'
import { hasScope, loadScopes } from '../i18n/i18n'
import type { CatalogScope } from '../i18n/scopes'
import { HydrationRegion } from '../components/hydration-region'

export interface RouteView {
  Component: ComponentType
  /** Loads the view's code and its messages ahead of rendering (before hydration, before a
   * server render), so that it never suspends there. */
  preload: (i18n: I18n) => Promise<void>
}

export function lazyRoute(load: () => Promise<{ default: ComponentType }>, scope: CatalogScope): RouteView {
  let Loaded: ComponentType | undefined
  const pending = new WeakMap<I18n, Promise<void>>()
  const preload = (i18n: I18n) => {
    let ready = pending.get(i18n)
    if (!ready) {
      ready = Promise.all([
        load().then((module) => {
          Loaded = module.default
        }),
        loadScopes(i18n, [scope]),
      ]).then(() => undefined)
      pending.set(i18n, ready)
    }
    return ready
  }
  // Created once per route at module load, never during render.
  function Component() {
    const { i18n } = useLingui()
    // Suspends (showing the page spinner) until code and messages are there.
    if (!Loaded || !hasScope(i18n, scope)) use(preload(i18n))
    return Loaded ? (
      <HydrationRegion name="page">
        <Loaded />
      </HydrationRegion>
    ) : null
  }
  return { Component, preload }
}
