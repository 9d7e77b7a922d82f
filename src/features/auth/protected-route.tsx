import type { ReactNode } from 'react'
import { PageSpinner } from '../../components/spinner'
import { useAppMachine } from '../../lib/use-app-machine'
import { protectedRouteLogic } from './logic'

/** Shows its page to signed-in users; others go to the sign-in page, and come back after. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const [snapshot] = useAppMachine(protectedRouteLogic)
  return snapshot.matches('allowed') || snapshot.matches('leaving') ? children : <PageSpinner />
}
