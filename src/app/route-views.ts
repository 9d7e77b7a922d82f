import { type RouteKey, routeKeys, routeTable } from './routes'
import { lazyRoute, type RouteView } from './lazy-route'

/** One code-split view per route, shared by both languages. */
export const routeViews = Object.fromEntries(routeKeys.map((key) => [key, lazyRoute(routeTable[key].load)])) as Record<
  RouteKey,
  RouteView
>
