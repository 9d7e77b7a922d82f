import type { I18n } from '@lingui/core'
import { I18nProvider, useLingui } from '@lingui/react'
import { type ComponentType, Suspense, use } from 'react'
import { createScopedI18n } from '../i18n/i18n'
import type { CatalogScope } from '../i18n/scopes'
import { onLocationChange } from '../lib/location-events'
import { HydrationRegion } from './hydration-region'

export interface Island<P extends object = object> {
  Component: ComponentType<P>
  /** Loads the island's code and messages (the prerenderer, and tests, call it ahead). */
  preload: (i18n: I18n) => Promise<void>
}

export interface IslandDef<P extends object = object> {
  /** Marks the prerendered element (`data-island`). */
  name: string
  load: () => Promise<{ default: ComponentType<P> }>
  scope: CatalogScope
}

/** Resolves once one of the element's boxes comes into the viewport. */
function whenInView(element: Element): Promise<void> {
  if (typeof IntersectionObserver === 'undefined') return Promise.resolve()
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        observer.disconnect()
        resolve()
      },
    )
    // The marker is `display: contents` and has no box of its own: watch its children.
    for (const child of element.children) observer.observe(child)
  })
}

function whenLocationChanges(): Promise<void> {
  return new Promise((resolve) => {
    const stop = onLocationChange(() => {
      stop()
      resolve()
    })
  })
}

/** A part of a page that needs no JavaScript until someone gets near it: below the fold, the
 * prerendered HTML stands on its own (its links are plain links) and the island's code and
 * messages load, and it hydrates, when it comes near the viewport. Rendered on the client with
 * no prerendered HTML (after a navigation), it loads at once. Its messages are its own catalog
 * scope, in an i18n instance of its own. */
export function lazyIsland<P extends object = object>({ name, load, scope }: IslandDef<P>): Island<P> {
  let Loaded: ComponentType<P> | undefined
  const scoped = new WeakMap<I18n, I18n>()
  const loading = new WeakMap<I18n, Promise<void>>()
  const waiting = new WeakMap<I18n, Promise<void>>()

  const preload = (i18n: I18n) => {
    let ready = loading.get(i18n)
    if (!ready) {
      ready = Promise.all([load(), createScopedI18n(i18n, scope)]).then(([module, instance]) => {
        Loaded = module.default
        scoped.set(i18n, instance)
      })
      loading.set(i18n, ready)
    }
    return ready
  }

  // A part prerendered and not hydrated yet waits until it is near the viewport, or until the
  // visitor goes elsewhere (then React may render it afresh). Cached per page instance: a
  // suspended component keeps no state of its own between React's attempts to hydrate it.
  const whenWanted = (i18n: I18n) => {
    let ready = waiting.get(i18n)
    if (ready) return ready
    const prerendered = document.querySelector(`[data-island="${name}"]:not([data-hydrated])`)
    if (!prerendered) return preload(i18n)
    ready = Promise.race([whenInView(prerendered), whenLocationChanges()]).then(() => preload(i18n))
    waiting.set(i18n, ready)
    return ready
  }

  function Body(props: P) {
    const { i18n } = useLingui()
    const onServer = typeof document === 'undefined'
    if (!Loaded || !scoped.has(i18n)) use(onServer ? preload(i18n) : whenWanted(i18n))
    const instance = scoped.get(i18n)
    if (!Loaded || !instance) return null
    return (
      <I18nProvider i18n={instance}>
        <HydrationRegion name={name}>
          <Loaded {...props} />
        </HydrationRegion>
      </I18nProvider>
    )
  }

  function Component(props: P) {
    return (
      <Suspense fallback={null}>
        <Body {...props} />
      </Suspense>
    )
  }
  return { Component, preload }
}
