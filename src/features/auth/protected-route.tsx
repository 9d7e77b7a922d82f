import type { ReactNode } from 'react'
import { PageSpinner } from '../../components/spinner'
import { useAppMachine } from '../../lib/use-app-machine'
import { protectedRouteLogic } from './logic'
import { SecondFactorStep } from './two-factor/second-factor-step'

/** Shows its page to signed-in users (after the code, for an account with two-factor sign-in);
 * others go to the sign-in page, and come back after. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const [snapshot] = useAppMachine(protectedRouteLogic)
  if (snapshot.matches('challenged')) return <SecondFactorStep />
  return snapshot.matches('allowed') || snapshot.matches('leaving') ? children : <PageSpinner />
}
