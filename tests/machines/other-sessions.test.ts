import { expect, vi } from 'vitest'
import { createActor } from 'xstate'
import { type OtherSessionsEvent, otherSessionsMachine } from '../../machines/other-sessions.machine'
import { machineModels } from '../model/catalogue'
import { applyOutcome, controllablePromise } from '../model/fake-actors'
import { testMachinePaths } from '../model/run'

testMachinePaths('otherSessions machine', otherSessionsMachine, machineModels.otherSessions.options, {
  start: () => {
    const fakes = { signOutOthers: controllablePromise<void>() }
    const effects = { notifyDone: vi.fn(), notifyFailure: vi.fn() }
    const actor = createActor(
      otherSessionsMachine.provide({
        actors: { signOutOthers: fakes.signOutOthers.logic },
        actions: { notifyDone: effects.notifyDone, notifyFailure: (_, p) => effects.notifyFailure(p.message) },
      }),
    ).start()
    return { actor, fakes, effects }
  },
  execute: async ({ actor, fakes, effects }, event, from) => {
    for (const effect of Object.values(effects)) effect.mockClear()
    if (await applyOutcome(event, fakes)) {
      if (event.type === 'xstate.done.actor.signOutOthers') {
        expect(effects.notifyDone).toHaveBeenCalledOnce()
        expect(effects.notifyFailure).not.toHaveBeenCalled()
      }
      if (event.type === 'xstate.error.actor.signOutOthers') {
        expect(effects.notifyFailure).toHaveBeenCalledWith('Failed to fetch')
        expect(effects.notifyDone).not.toHaveBeenCalled()
      }
      return
    }
    const runs = fakes.signOutOthers.runs.length
    actor.send(event as OtherSessionsEvent)
    // A click while busy starts no second request.
    expect(fakes.signOutOthers.runs.length).toBe(from.matches('idle') ? runs + 1 : runs)
  },
  verify: ({ actor }, planned) => {
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toEqual(planned.value)
    expect(snapshot.hasTag('busy')).toBe(planned.value === 'signingOut')
  },
  stop: ({ actor }) => actor.stop(),
})
