import { expect } from 'vitest'
import { createActor, fromCallback } from 'xstate'
import { type AuthEvent, authMachine } from '../../machines/auth.machine'
import { selectAuth } from '../../src/lib/auth/session'
import { applyOutcome, controllablePromise, } from '../model/fake-actors'
import { testMachinePaths } from '../model/run'
import { machineModels } from '../model/catalogue'


testMachinePaths(
  'auth machine',
  authMachine,
  machineModels.auth.options,
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
