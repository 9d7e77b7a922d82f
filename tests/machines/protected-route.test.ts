import { expect, vi } from 'vitest'
import { createActor, fromCallback } from 'xstate'
import { type ProtectedRouteEvent, protectedRouteMachine } from '../../machines/protected-route.machine'
import { testMachinePaths } from '../model/run'
import { machineModels } from '../model/catalogue'


testMachinePaths(
  'protectedRoute machine',
  protectedRouteMachine,
  machineModels.protectedRoute.options,
  {
    start: () => {
      const effects = { requestSession: vi.fn(), redirectToLogin: vi.fn() }
      const actor = createActor(
        protectedRouteMachine.provide({ actions: effects, actors: { watchAuth: fromCallback(() => () => {}) } }),
      ).start()
      expect(effects.requestSession).toHaveBeenCalledOnce()
      return { actor, effects }
    },
    execute: ({ actor, effects }, event, from) => {
      effects.redirectToLogin.mockClear()
      actor.send(event as ProtectedRouteEvent)
      const denied = actor.getSnapshot().matches('denied') && !from.matches('denied')
      expect(effects.redirectToLogin).toHaveBeenCalledTimes(denied ? 1 : 0)
    },
    verify: ({ actor }, planned) => expect(actor.getSnapshot().value).toEqual(planned.value),
    stop: ({ actor }) => actor.stop(),
  },
)
