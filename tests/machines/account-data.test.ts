import { expect, vi } from 'vitest'
import { createActor } from 'xstate'
import { type AccountDataEvent, type AccountExport, accountDataMachine } from '../../machines/account-data.machine'
import { machineModels } from '../model/catalogue'
import { applyOutcome, controllablePromise } from '../model/fake-actors'
import { testMachinePaths } from '../model/run'

testMachinePaths('accountData machine', accountDataMachine, machineModels.accountData.options, {
  start: () => {
    const fakes = { exportAccount: controllablePromise<AccountExport>() }
    const effects = { saveFile: vi.fn(), notifyFailure: vi.fn() }
    const actor = createActor(
      accountDataMachine.provide({
        actors: { exportAccount: fakes.exportAccount.logic },
        actions: { saveFile: (_, p) => effects.saveFile(p.data), notifyFailure: (_, p) => effects.notifyFailure(p.message) },
      }),
    ).start()
    return { actor, fakes, effects }
  },
  execute: async ({ actor, fakes, effects }, event) => {
    for (const effect of Object.values(effects)) effect.mockClear()
    if (await applyOutcome(event, fakes)) {
      if (event.type === 'xstate.done.actor.exportAccount') expect(effects.saveFile).toHaveBeenCalledWith(expect.objectContaining({ profile: { id: 'u1' } }))
      if (event.type === 'xstate.error.actor.exportAccount') {
        expect(effects.notifyFailure).toHaveBeenCalledWith('Not signed in')
        expect(effects.saveFile).not.toHaveBeenCalled()
      }
      return
    }
    actor.send(event as AccountDataEvent)
  },
  verify: ({ actor }, planned) => {
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toEqual(planned.value)
    expect(snapshot.hasTag('busy')).toBe(planned.value === 'exporting')
  },
  stop: ({ actor }) => actor.stop(),
})
