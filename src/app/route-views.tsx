import type { ComponentType } from 'react'
import { routeScope } from '../i18n/scopes'
import { lazyRoute, type RouteView } from './lazy-route'
import { accessOf, type RouteKey, routeKeys, routeTable } from './routes'

type ViewModule = Promise<{ default: ComponentType }>

/** A protected page comes with its gate, in its own chunk: public pages never load it. */
const guarded = (load: () => ViewModule) => (): ViewModule =>
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
    const { load } = routeTable[key]
    return [key, lazyRoute(accessOf(key) === 'protected' ? guarded(load) : load, routeScope[key])]
  }),
) as Record<RouteKey, RouteView>
