import { assign, fromCallback, fromPromise, setup } from 'xstate'
import type { FactorSummary } from './assurance'

/** Where the session stands, as gates and flows that wait for it see it. */
export type AuthStatus = 'loading' | 'signedIn' | 'signingOut' | 'signedOut'

export type AuthChangeEvent =
  | 'INITIAL_SESSION'
  | 'SIGNED_IN'
  | 'SIGNED_OUT'
  | 'TOKEN_REFRESHED'
  | 'USER_UPDATED'
  | 'PASSWORD_RECOVERY'
  | 'MFA_CHALLENGE_VERIFIED'

export interface AuthUser {
  id: string
  email?: string
  user_metadata?: { full_name?: string }
  /** A new address waiting for its confirmation links. */
  new_email?: string
  app_metadata?: { provider?: string; providers?: string[] }
  /** The account's second factors (authenticator apps), verified or being set up. */
  factors?: FactorSummary[]
}

export interface AuthSession {
  access_token: string
  user: AuthUser
}

export type AuthEvent =
  | { type: 'auth.start' }
  | { type: 'auth.changed'; event: AuthChangeEvent; session: AuthSession | null }
  | { type: 'user.signOut' }

export interface AuthContext {
  session: AuthSession | null
  user: AuthUser | null
}

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
  },
  actors: {
    // Provided by the app: forwards the backend's auth events (the first once the stored session is read).
    watchAuthChanges: fromCallback<AuthEvent>(() => () => {}),
    signOut: fromPromise<void>(async () => {}),
  },
  guards: {
    hasSession: ({ event }) => event.type === 'auth.changed' && event.session !== null,
  },
  actions: {
    storeSession: assign(({ event }) =>
      event.type === 'auth.changed' ? { session: event.session, user: event.session?.user ?? null } : {},
    ),
    clearSession: assign({ session: null, user: null }),
  },
}).createMachine({
  id: 'auth',
  description: "The visitor's session, app-wide. Dormant until a page needs it, so public pages never load the backend client.",
  context: { session: null, user: null },
  initial: 'dormant',
  states: {
    dormant: {
      description: 'No page has asked for the session yet.',
      on: { 'auth.start': { target: 'active', description: 'A page that needs the session renders.' } },
    },
    active: {
      description: 'Listening to the backend for session changes.',
      invoke: { id: 'changes', src: 'watchAuthChanges' },
      initial: 'loading',
      states: {
        loading: {
          description: 'Until the first auth event, when the stored session has been read.',
          tags: 'loading',
          on: {
            'auth.changed': [
              { guard: 'hasSession', target: 'signedIn', actions: 'storeSession', description: 'A stored or new session.' },
              { target: 'signedOut', actions: 'storeSession', description: 'No session stored.' },
            ],
          },
        },
        signedIn: {
          description: 'A user is signed in.',
          on: {
            'auth.changed': [
              {
                guard: 'hasSession',
                actions: 'storeSession',
                description: 'Token refreshed, user updated or signed in again.',
              },
              { target: 'signedOut', actions: 'storeSession', description: 'Signed out (here or elsewhere).' },
            ],
            'user.signOut': { target: 'signingOut', description: 'The user asks to sign out.' },
          },
        },
        signingOut: {
          description: 'Ending the session on the backend.',
          tags: 'busy',
          invoke: {
            id: 'signOut',
            src: 'signOut',
            onDone: { target: 'signedOut', actions: 'clearSession', description: 'Signed out.' },
            // The local session is removed whatever the backend answers.
            onError: { target: 'signedOut', actions: 'clearSession', description: 'The backend failed; signed out locally.' },
          },
        },
        signedOut: {
          description: 'Nobody is signed in.',
          on: {
            'auth.changed': {
              guard: 'hasSession',
              target: 'signedIn',
              actions: 'storeSession',
              description: 'Signed in (form, Google or e-mail link).',
            },
          },
        },
      },
    },
  },
})
