import { useSelector } from '@xstate/react'
import { useContext } from 'react'
import { createActor, type SnapshotFrom } from 'xstate'
import { authMachine } from '../../../machines/auth.machine'
import { appInspect } from '../inspector'
import { signOut, watchAuthChanges } from './session-actors'
import { type AuthActor, AuthActorContext } from './auth-context'

export const authLogic = authMachine.provide({ actors: { watchAuthChanges, signOut } })

/** The app's auth actor, one for the whole app: created (dormant, with no effect until a page
 * asks for the session) the first time a page reads it. Outside <AuthProvider> it is a
 * programming error. */
export function useAuthActor(): AuthActor {
  const holder = useContext(AuthActorContext)
  if (!holder) throw new Error('The auth state was read outside <AuthProvider>: wrap the app in <AuthProvider>.')
  holder.actor ??= createActor(authLogic, { inspect: appInspect }).start()
  return holder.actor
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
