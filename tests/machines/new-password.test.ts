import { expect, vi } from 'vitest'
import { createActor } from 'xstate'
import { type NewPasswordEvent, newPasswordMachine } from '../../machines/new-password.machine'
import { machineModels } from '../model/catalogue'
import { applyOutcome, controllablePromise } from '../model/fake-actors'
import { testMachinePaths } from '../model/run'

testMachinePaths('newPassword machine', newPasswordMachine, machineModels.newPassword.options, {
  start: () => {
    const fakes = { updatePassword: controllablePromise<void, { password: string }>() }
    const effects = { notifySaved: vi.fn(), notifyFailure: vi.fn(), focusField: vi.fn(), goToApp: vi.fn() }
    const actor = createActor(
      newPasswordMachine.provide({
        actors: { updatePassword: fakes.updatePassword.logic },
        actions: {
          notifySaved: effects.notifySaved,
          notifyFailure: (_, p) => effects.notifyFailure(p.message),
          focusField: (_, p) => effects.focusField(p.field),
          goToApp: effects.goToApp,
        },
      }),
    ).start()
    return { actor, fakes, effects }
  },
  execute: async ({ actor, fakes, effects }, event, from) => {
    for (const effect of Object.values(effects)) effect.mockClear()
    if (await applyOutcome(event, fakes)) {
      if (event.type === 'xstate.error.actor.updatePassword') expect(effects.notifyFailure).toHaveBeenCalledOnce()
      if (event.type === 'xstate.done.actor.updatePassword') {
        expect(effects.notifySaved).toHaveBeenCalledOnce()
        expect(effects.goToApp).toHaveBeenCalledOnce()
      }
      return
    }
    actor.send(event as NewPasswordEvent)
    if (event.type === 'form.submit' && from.matches('editing')) {
      const invalid = Object.keys((from.context as { problems: object }).problems).length > 0
      if (invalid) expect(effects.focusField).toHaveBeenCalledWith('password')
      else expect(fakes.updatePassword.runs.at(-1)?.input).toEqual((from.context as { values: object }).values)
    }
  },
  verify: ({ actor }, planned) => {
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toEqual(planned.value)
    expect(snapshot.context.values).toEqual(planned.context.values)
    expect(snapshot.context.shown).toEqual(planned.context.shown)
    expect(snapshot.hasTag('busy')).toBe(planned.value === 'saving')
    expect(snapshot.hasTag('loading')).toBe(planned.value === 'checking')
  },
  stop: ({ actor }) => actor.stop(),
})
