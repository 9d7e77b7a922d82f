import { navigate } from 'wouter/use-browser-location'
import { fromCallback } from 'xstate'
import { secondFactorDue } from '../../../machines/assurance'
import { type GateStatus, type ProtectedRouteEvent, protectedRouteMachine } from '../../../machines/protected-route.machine'
import { langFromPath } from '../../i18n/lang'
import { withoutProviderError } from '../../lib/auth/provider-return'
import { authSession, authStatusOf } from '../../lib/auth/session'
import { href } from '../../routes'

/** The gate's real effects: the app's session, and the sign-in page of the page's language, which
 * brings the visitor back to where they were. */
export const protectedRouteLogic = protectedRouteMachine.provide({
  actions: {
    requestSession: () => authSession.send({ type: 'auth.start' }),
    redirectToLogin: () => {
      // Back from a provider that said no: the sign-in page says why, and brings them back without it.
      const { search, refusal } = withoutProviderError(location.search)
      const here = `${location.pathname}${search}`
      const refused = refusal ? `&refused=${refusal}` : ''
      navigate(`${href('login', langFromPath(location.pathname))}?next=${encodeURIComponent(here)}${refused}`, { replace: true })
    },
  },
  actors: {
    watchAuth: fromCallback<ProtectedRouteEvent>(({ sendBack }) => {
      const status = (): GateStatus => {
        const snapshot = authSession.getSnapshot()
        const session = snapshot?.context.session
        const auth = authStatusOf(snapshot)
        // An account with two-factor sign-in whose session has not used it yet: the code first.
        return auth === 'signedIn' && session && secondFactorDue(session) ? 'secondFactorDue' : auth
      }
      const report = () => sendBack({ type: 'auth.updated', status: status() })
      report()
      return authSession.subscribe(report)
    }),
  },
})
