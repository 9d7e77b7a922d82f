import { useMemo } from 'react'
import type { SnapshotFrom } from 'xstate'
import type { AuthStatus, authMachine } from '../../../machines/auth.machine'
import { lazyActor, useLazyActor } from '../lazy-actor'
import { authLogic } from './logic'

/** The app's session: one auth actor for the whole app, dormant (no backend client, no effect)
 * until a page asks for the session with `auth.start`. Only pages that read it load it. */
export const authSession = lazyActor(() => authLogic)

type AuthSnapshot = SnapshotFrom<typeof authMachine>

export interface AuthState {
  loading: boolean
  user: AuthSnapshot['context']['user']
  session: AuthSnapshot['context']['session']
  signingOut: boolean
}

export const selectAuth = (snapshot: AuthSnapshot | undefined): AuthState => ({
  loading: !snapshot || snapshot.matches('dormant') || snapshot.hasTag('loading'),
  user: snapshot?.context.user ?? null,
  session: snapshot?.context.session ?? null,
  signingOut: snapshot?.hasTag('busy') ?? false,
})

/** Where the session stands, for gates and flows that wait for it. */
export const authStatusOf = (snapshot: AuthSnapshot | undefined): AuthStatus =>
  !snapshot
    ? 'loading'
    : snapshot.matches({ active: 'signedIn' })
      ? 'signedIn'
      : snapshot.matches({ active: 'signingOut' })
        ? 'signingOut'
        : snapshot.matches({ active: 'signedOut' })
          ? 'signedOut'
          : 'loading'

/** The session in a component (it starts the app's auth actor, dormant, in an effect). */
export function useAuth(): AuthState {
  const snapshot = useLazyActor(authSession)
  return useMemo(() => selectAuth(snapshot), [snapshot])
}
