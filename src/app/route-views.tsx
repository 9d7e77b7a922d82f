import type { I18n } from '@lingui/core'
import type { ComponentType } from 'react'
import { matchRoute, notFoundRoute, type RouteKey, routeKeys, routes } from '../routes'
import { lazyRoute, type RouteView } from './lazy-route'

type PageModule = { default: ComponentType }

// Every view module, each its own chunk; a record names its view by file.
const viewModules = import.meta.glob<PageModule>('./*-page.tsx', { base: '../views/' })

function viewLoader(view: string): () => Promise<PageModule> {
  const load = viewModules[`./${view}.tsx`]
  if (!load) throw new Error(`src/views/${view}.tsx does not exist`)
  return load
}

/** A protected page comes with its gate, in its own chunk: public pages never load it. */
const guarded = (load: () => Promise<PageModule>) => (): Promise<PageModule> =>
  Promise.all([import('../features/auth/protected-route'), load()]).then(([{ ProtectedRoute }, { default: View }]) => ({
    default: function GuardedView() {
      return (
        <ProtectedRoute>
          <View />
        </ProtectedRoute>
      )
    },
  }))

/** One code-split view per route, shared by both languages, with its catalog scope. */
export const routeViews = Object.fromEntries(
  routeKeys.map((key) => {
    const { view, access, scope } = routes[key]
    const load = viewLoader(view)
    return [key, lazyRoute(access === 'protected' ? guarded(load) : load, scope)]
  }),
) as Record<RouteKey, RouteView>

/** The page for unknown paths, code-split like the others. */
export const notFoundView = lazyRoute(viewLoader(notFoundRoute.view), notFoundRoute.scope)

/** The title of the page at `path` (the 404 page's for unknown paths), loading the page's
 * messages if they are not there yet. */
export async function titleOf(i18n: I18n, path: string): Promise<string> {
  const route = matchRoute(path)
  await (route ? routeViews[route.key] : notFoundView).preload(i18n)
  return i18n._(route ? routes[route.key].title : notFoundRoute.title)
}
