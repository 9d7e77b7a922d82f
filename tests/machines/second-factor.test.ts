import { expect, vi } from 'vitest'
import { createActor } from 'xstate'
import { type SecondFactorEvent, secondFactorMachine } from '../../machines/second-factor.machine'
import { machineModels } from '../model/catalogue'
import { applyOutcome, controllablePromise } from '../model/fake-actors'
import { testMachinePaths } from '../model/run'

testMachinePaths('secondFactor machine', secondFactorMachine, machineModels.secondFactor.options, {
  start: () => {
    const fakes = { verifyCode: controllablePromise<void, { code: string }>() }
    const effects = { focusCode: vi.fn(), notifyVerified: vi.fn(), signOut: vi.fn() }
    const actor = createActor(secondFactorMachine.provide({ actors: { verifyCode: fakes.verifyCode.logic }, actions: effects })).start()
    return { actor, fakes, effects }
  },
  execute: async ({ actor, fakes, effects }, event, from) => {
    for (const effect of Object.values(effects)) effect.mockClear()
    if (await applyOutcome(event, fakes)) {
      if (event.type === 'xstate.done.actor.verifyCode') expect(effects.notifyVerified).toHaveBeenCalledOnce()
      // After a refused code, focus goes back to the field.
      else expect(effects.focusCode).toHaveBeenCalledOnce()
      return
    }
    actor.send(event as SecondFactorEvent)
    if (event.type === 'form.submit' && from.matches('editing')) {
      const typed = (from.context as { code: string }).code
      // Six digits go to the auth service without the space apps show; anything else stays here.
      if (/^\d{3} ?\d{3}$/.test(typed)) expect(fakes.verifyCode.runs.at(-1)?.input).toEqual({ code: typed.replace(' ', '') })
      else expect(effects.focusCode).toHaveBeenCalledOnce()
    }
    if (event.type === 'signOut.click') expect(effects.signOut).toHaveBeenCalledTimes(from.matches('editing') ? 1 : 0)
  },
  verify: ({ actor }, planned) => {
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toEqual(planned.value)
    expect(snapshot.context).toEqual(planned.context)
    expect(snapshot.hasTag('busy')).toBe(planned.value === 'verifying')
  },
  stop: ({ actor }) => actor.stop(),
})
