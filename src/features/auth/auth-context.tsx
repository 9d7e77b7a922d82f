import { useActorRef, useSelector } from '@xstate/react'
import { createContext, type ReactNode, useContext } from 'react'
import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import { authMachine } from '../../../machines/auth.machine'
import { appInspect } from '../../app/inspector'
import { signOut, watchAuthChanges } from './actors'

export const authLogic = authMachine.provide({ actors: { watchAuthChanges, signOut } })

type AuthActor = ActorRefFrom<typeof authMachine>
const AuthActorContext = createContext<AuthActor | null>(null)

export function AuthProvider({ children }: { children: ReactNode }) {
  const actor = useActorRef(authLogic, { inspect: appInspect })
  return <AuthActorContext.Provider value={actor as AuthActor}>{children}</AuthActorContext.Provider>
}

/** The app's auth actor. Using it outside <AuthProvider> is a programming error. */
export function useAuthActor(): AuthActor {
  const actor = useContext(AuthActorContext)
  if (!actor) throw new Error('The auth state was read outside <AuthProvider>: wrap the app in <AuthProvider>.')
  return actor
}

export interface AuthState {
  loading: boolean
  user: SnapshotFrom<typeof authMachine>['context']['user']
  session: SnapshotFrom<typeof authMachine>['context']['session']
  signingOut: boolean
}

export const selectAuth = (snapshot: SnapshotFrom<typeof authMachine>): AuthState => ({
  loading: snapshot.matches('dormant') || snapshot.hasTag('loading'),
  user: snapshot.context.user,
  session: snapshot.context.session,
  signingOut: snapshot.hasTag('busy'),
})

const sameAuth = (a: AuthState, b: AuthState) =>
  a.loading === b.loading && a.user === b.user && a.session === b.session && a.signingOut === b.signingOut

export function useAuth(): AuthState {
  return useSelector(useAuthActor(), selectAuth, sameAuth)
}
