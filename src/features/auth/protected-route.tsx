import { type ReactNode, useDeferredValue } from 'react'
import { PageSpinner } from '../../components/spinner'
import { useAppMachine } from '../../lib/use-app-machine'
import { connectProtectedRoute } from './connect'
import { protectedRouteLogic } from './logic'
import { lazyIsland } from '../../components/island'

/** Sign-in's code step, loaded (with its messages, in the signed-in pages' scope) only when an
 * account with two-factor sign-in needs it: every page's shared catalog stays as small as it was. */
const SecondFactorStep = lazyIsland({ name: 'second-factor', load: () => import('./two-factor/second-factor-step'), scope: 'account' })

/** Shows its page to signed-in users (after the code, for an account with two-factor sign-in);
 * others go to the sign-in page, and come back after. The page, rendered afresh once the session is
 * there, renders as deferred work, in slices that leave the main thread free between them (the
 * spinner stays until it is done), not as one long task: the account page's sections and their
 * machines, the checkout with its plan. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const [snapshot] = useAppMachine(protectedRouteLogic)
  const gate = connectProtectedRoute(snapshot)
  const allowed = useDeferredValue(gate.allowed)
  if (gate.challenged) return <SecondFactorStep.Component />
  return allowed && gate.allowed ? children : <PageSpinner />
}
