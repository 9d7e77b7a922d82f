import { fromCallback, setup } from 'xstate'
import type { AuthStatus } from './auth.machine'

export type { AuthStatus }

export type ProtectedRouteEvent = { type: 'auth.updated'; status: AuthStatus }

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
        ],
      },
    },
    allowed: {
      description: 'The page shows.',
      on: {
        'auth.updated': [
          { guard: 'isSigningOut', target: 'leaving', description: 'The user signs out here.' },
          { guard: 'isSignedOut', target: 'denied', description: 'The session ended elsewhere (another tab, or it expired).' },
        ],
      },
    },
    leaving: {
      description: 'The user signed out and is on the way out of the signed-in area: no sign-in page in between.',
      on: { 'auth.updated': { guard: 'isSignedIn', target: 'allowed', description: 'Signed in again before leaving.' } },
    },
    denied: {
      description: 'Sent to the sign-in page, which brings the visitor back here afterwards.',
      entry: 'redirectToLogin',
      on: { 'auth.updated': { guard: 'isSignedIn', target: 'allowed', description: 'Signed in after all.' } },
    },
  },
})
