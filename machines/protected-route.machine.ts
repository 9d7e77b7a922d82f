import { fromCallback, setup } from 'xstate'

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut'

export type ProtectedRouteEvent = { type: 'auth.updated'; status: AuthStatus }

export const protectedRouteMachine = setup({
  types: { events: {} as ProtectedRouteEvent },
  actions: {
    // Provided by the app.
    requestSession: () => {},
    redirectToLogin: () => {},
  },
  actors: {
    // Provided by the app: reports the auth state now and whenever it changes.
    watchAuth: fromCallback<ProtectedRouteEvent>(() => () => {}),
  },
  guards: {
    isSignedIn: ({ event }) => event.status === 'signedIn',
    isSignedOut: ({ event }) => event.status === 'signedOut',
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
      on: { 'auth.updated': { guard: 'isSignedOut', target: 'denied', description: 'The session ended.' } },
    },
    denied: {
      description: 'Sent to the sign-in page, which brings the visitor back here afterwards.',
      entry: 'redirectToLogin',
      on: { 'auth.updated': { guard: 'isSignedIn', target: 'allowed', description: 'Signed in after all.' } },
    },
  },
})
