import { expect } from 'vitest'
import { createActor, fromCallback } from 'xstate'
import { type AuthChangeEvent, type AuthEvent, type AuthSession, authMachine } from '../../machines/auth.machine'
import { selectAuth } from '../../src/features/auth/auth-context'
import { applyOutcome, controllablePromise, outcome } from '../model/fake-actors'
import { testMachinePaths } from '../model/run'

const session: AuthSession = { access_token: 'jwt', user: { id: 'u1', email: 'kari@example.no', user_metadata: { full_name: 'Kari' } } }
const changes: Array<[AuthChangeEvent, AuthSession | null]> = [
  ['INITIAL_SESSION', null],
  ['INITIAL_SESSION', session],
  ['SIGNED_IN', session],
  ['TOKEN_REFRESHED', session],
  ['USER_UPDATED', session],
  ['PASSWORD_RECOVERY', session],
  ['MFA_CHALLENGE_VERIFIED', session],
  ['SIGNED_OUT', null],
]
const events = [
  { type: 'auth.start' },
  ...changes.map(([event, s]) => ({ type: 'auth.changed', event, session: s })),
  { type: 'user.signOut' },
  outcome.done('signOut'),
  outcome.error('signOut', new Error('network down')),
] as AuthEvent[]

testMachinePaths(
  'auth machine',
  authMachine,
  { events, label: (s) => JSON.stringify(s.value).replace(/["{}]/g, '').replace(':', '.') },
  {
    start: () => {
      const fakes = { signOut: controllablePromise<void>() }
      const actor = createActor(authMachine.provide({ actors: { signOut: fakes.signOut.logic, watchAuthChanges: fromCallback(() => () => {}) } })).start()
      return { actor, fakes }
    },
    execute: async ({ actor, fakes }, event) => {
      if (!(await applyOutcome(event, fakes))) actor.send(event as AuthEvent)
    },
    verify: ({ actor }, planned) => {
      const snapshot = actor.getSnapshot()
      expect(snapshot.value).toEqual(planned.value)
      const state = selectAuth(snapshot)
      // Loading until the first auth event; every event updates the session and user.
      expect(state.loading).toBe(planned.matches('dormant') || planned.matches({ active: 'loading' }))
      expect(state.user).toEqual(planned.context.user)
      expect(state.session).toEqual(planned.context.session)
      if (planned.matches({ active: 'signedOut' })) expect(state.user).toBeNull()
    },
    stop: ({ actor }) => actor.stop(),
  },
)
