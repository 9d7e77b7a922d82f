import { type ReactNode, useMemo } from 'react'
import { useLocation } from 'wouter'
import { fromCallback, type SnapshotFrom } from 'xstate'
import type { authMachine } from '../../../machines/auth.machine'
import { type AuthStatus, type ProtectedRouteEvent, protectedRouteMachine } from '../../../machines/protected-route.machine'
import { href } from '../../routes'
import { useAppMachine } from '../../lib/use-app-machine'
import { PageSpinner } from '../../components/spinner'
import { useLang } from '../../i18n/use-lang'
import { useAuthActor } from '../../lib/auth/use-auth'

export const authStatusOf = (snapshot: SnapshotFrom<typeof authMachine>): AuthStatus =>
  snapshot.matches({ active: 'signedIn' }) ? 'signedIn' : snapshot.matches({ active: 'signedOut' }) ? 'signedOut' : 'loading'

/** Shows its page to signed-in users; others go to the sign-in page, and come back after. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const auth = useAuthActor()
  const lang = useLang()
  const [guarded, navigate] = useLocation()
  const logic = useMemo(
    () =>
      protectedRouteMachine.provide({
        actions: {
          requestSession: () => auth.send({ type: 'auth.start' }),
          redirectToLogin: () => {
            // Only while this page still shows: a user who signed out has already left it.
            if (window.location.pathname !== guarded) return
            const here = `${window.location.pathname}${window.location.search}`
            navigate(`${href('login', lang)}?next=${encodeURIComponent(here)}`, { replace: true })
          },
        },
        actors: {
          watchAuth: fromCallback<ProtectedRouteEvent>(({ sendBack }) => {
            sendBack({ type: 'auth.updated', status: authStatusOf(auth.getSnapshot()) })
            const subscription = auth.subscribe((snapshot) => sendBack({ type: 'auth.updated', status: authStatusOf(snapshot) }))
            return () => subscription.unsubscribe()
          }),
        },
      }),
    [auth, lang, navigate, guarded],
  )
  const [snapshot] = useAppMachine(logic)
  return snapshot.matches('allowed') ? children : <PageSpinner />
}
