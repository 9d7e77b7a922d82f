import type { I18n } from '@lingui/core'
import { routeScope } from '../i18n/scopes'
import { lazyRoute, type RouteView } from './lazy-route'
import { accessOf, matchRoute, notFoundMeta, type PageModule, type RouteKey, routeKeys, routeTable } from './routes'

/** A protected page comes with its gate, in its own chunk: public pages never load it. */
const guarded = (load: () => Promise<PageModule>) => (): Promise<PageModule> =>
  Promise.all([import('../features/auth/protected-route'), load()]).then(([{ ProtectedRoute }, { default: View, title }]) => ({
    title,
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
    const { load } = routeTable[key]
    return [key, lazyRoute(accessOf(key) === 'protected' ? guarded(load) : load, routeScope[key])]
  }),
) as Record<RouteKey, RouteView>

/** The page for unknown paths, code-split like the others (its messages are the `notFound` scope). */
export const notFoundView = lazyRoute(() => import('../views/not-found-page'), 'notFound')

/** The title of the page at `path` (the 404 page's for unknown paths), loading the page's module
 * and messages if they are not there yet. */
export async function titleOf(i18n: I18n, path: string): Promise<string> {
  const route = matchRoute(path)
  if (!route) return i18n._(notFoundMeta.title)
  const view = routeViews[route.key]
  await view.preload(i18n)
  return i18n._(view.title()!)
}
