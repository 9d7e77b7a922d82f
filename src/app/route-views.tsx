import { routeScope } from '../i18n/scopes'
import { lazyRoute, type RouteView } from './lazy-route'
import { type RouteKey, routeKeys, routeTable } from './routes'

/** One code-split view per route, shared by both languages, with its catalog scope. */
export const routeViews = Object.fromEntries(
  routeKeys.map((key) => [key, lazyRoute(routeTable[key].load, routeScope[key])]),
) as Record<RouteKey, RouteView>
