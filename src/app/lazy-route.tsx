import { type ComponentType, lazy } from 'react'

export interface RouteView {
  Component: ComponentType
  /** Loads the view's code ahead of rendering (before hydration, so it never suspends). */
  preload: () => Promise<void>
}

export function lazyRoute(load: () => Promise<{ default: ComponentType }>): RouteView {
  let Loaded: ComponentType | undefined
  const track = () =>
    load().then((module) => {
      Loaded = module.default
      return module
    })
  const Lazy = lazy(track)
  const Component = () => (Loaded ? <Loaded /> : <Lazy />)
  return { Component, preload: () => track().then(() => undefined) }
}
