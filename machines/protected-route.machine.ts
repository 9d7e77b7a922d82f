import { fromCallback, setup } from 'xstate'
import type { AuthStatus } from './auth.machine'

export type { AuthStatus }

/** The session's status as the gate reads it: signed in, but the account's second factor not yet
 * used in this session (aal1 where aal2 is due), reads as `secondFactorDue`. */
export type GateStatus = AuthStatus | 'secondFactorDue'

export type ProtectedRouteEvent = { type: 'auth.updated'; status: GateStatus }

export const protectedRouteMachine = setup({
  types: { events: {} as ProtectedRouteEvent },
  actions: {
    // Provided by the gate's logic (src/features/auth/logic.ts).
    requestSession: () => {},
    redirectToLogin: () => {},
  },
  actors: {
    // Provided by the gate's logic (src/features/auth/logic.ts). reports the auth state now and whenever it changes.
    watchAuth: fromCallback<ProtectedRouteEvent>(() => () => {}),
  },
  guards: {
    isSignedIn: ({ event }) => event.status === 'signedIn',
    isSignedOut: ({ event }) => event.status === 'signedOut',
    isSigningOut: ({ event }) => event.status === 'signingOut',
    isSecondFactorDue: ({ event }) => event.status === 'secondFactorDue',
  },
}).createMachine({
  id: 'protectedRoute',
  description: 'The gate in front of signed-in pages.',
  entry: 'requestSession',
  invoke: { id: 'auth', src: 'watchAuth' },
  initial: 'checking',
  states: {
    checking: {
      description: 'The session is being read: a spinner shows.',
      on: {
        'auth.updated': [
          { guard: 'isSignedIn', target: 'allowed', description: 'Somebody is signed in.' },
          { guard: 'isSignedOut', target: 'denied', description: 'Nobody is signed in.' },
          { guard: 'isSecondFactorDue', target: 'challenged', description: 'Signed in with the password (or Google) only.' },
        ],
      },
    },
    challenged: {
      description: 'The account has two-factor sign-in: the code step shows instead of the page.',
      on: {
        'auth.updated': [
          { guard: 'isSignedIn', target: 'allowed', description: 'The right code: the session is at aal2.' },
          { guard: 'isSignedOut', target: 'denied', description: 'The user signed out instead.' },
        ],
      },
    },
    allowed: {
      description: 'The page shows.',
      on: {
        'auth.updated': [
          { guard: 'isSigningOut', target: 'leaving', description: 'The user signs out here.' },
          { guard: 'isSignedOut', target: 'denied', description: 'The session ended elsewhere (another tab, or it expired).' },
          { guard: 'isSecondFactorDue', target: 'challenged', description: 'The session fell back to aal1 (refreshed after the factor changed).' },
        ],
      },
    },
    leaving: {
      description: 'The user signed out and is on the way out of the signed-in area: no sign-in page in between.',
      on: {
        'auth.updated': [
          { guard: 'isSignedIn', target: 'allowed', description: 'Signed in again before leaving.' },
          { guard: 'isSecondFactorDue', target: 'challenged', description: 'Signed in again, the code still to give.' },
        ],
      },
    },
    denied: {
      description: 'Sent to the sign-in page, which brings the visitor back here afterwards.',
      entry: 'redirectToLogin',
      on: {
        'auth.updated': [
          { guard: 'isSignedIn', target: 'allowed', description: 'Signed in after all.' },
          { guard: 'isSecondFactorDue', target: 'challenged', description: 'Signed in after all, the code still to give.' },
        ],
      },
    },
  },
})
