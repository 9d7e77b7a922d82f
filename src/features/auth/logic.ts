import { navigate } from 'wouter/use-browser-location'
import { fromCallback } from 'xstate'
import { type ProtectedRouteEvent, protectedRouteMachine } from '../../../machines/protected-route.machine'
import { langFromPath } from '../../i18n/lang'
import { authSession, authStatusOf } from '../../lib/auth/session'
import { href } from '../../routes'

/** The gate's real effects: the app's session, and the sign-in page of the page's language, which
 * brings the visitor back to where they were. */
export const protectedRouteLogic = protectedRouteMachine.provide({
  actions: {
    requestSession: () => authSession.send({ type: 'auth.start' }),
    redirectToLogin: () => {
      const here = `${location.pathname}${location.search}`
      navigate(`${href('login', langFromPath(location.pathname))}?next=${encodeURIComponent(here)}`, { replace: true })
    },
  },
  actors: {
    watchAuth: fromCallback<ProtectedRouteEvent>(({ sendBack }) => {
      const report = () => sendBack({ type: 'auth.updated', status: authStatusOf(authSession.getSnapshot()) })
      report()
      return authSession.subscribe(report)
    }),
  },
})
