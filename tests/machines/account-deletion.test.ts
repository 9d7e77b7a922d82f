import { expect, vi } from 'vitest'
import { createActor } from 'xstate'
import { type AccountDeletionEvent, accountDeletionMachine } from '../../machines/account-deletion.machine'
import { machineModels } from '../model/catalogue'
import { applyOutcome, controllablePromise } from '../model/fake-actors'
import { testMachinePaths } from '../model/run'

testMachinePaths('accountDeletion machine', accountDeletionMachine, machineModels.accountDeletion.options, {
  start: () => {
    const fakes = { deleteAccount: controllablePromise<void, { confirm: string }>() }
    const effects = {
      focusConfirmField: vi.fn(),
      focusTrigger: vi.fn(),
      endSession: vi.fn(),
      notifyDeleted: vi.fn(),
      notifyFailure: vi.fn(),
      goHome: vi.fn(),
    }
    const actor = createActor(
      accountDeletionMachine.provide({
        actors: { deleteAccount: fakes.deleteAccount.logic },
        actions: { ...effects, notifyFailure: (_, p) => effects.notifyFailure(p.message) },
      }),
      { input: { email: 'kari@example.no' } },
    ).start()
    return { actor, fakes, effects }
  },
  execute: async ({ actor, fakes, effects }, event, from) => {
    for (const effect of Object.values(effects)) effect.mockClear()
    if (await applyOutcome(event, fakes)) {
      if (event.type === 'xstate.done.actor.deleteAccount') {
        // The session ends before the user lands on the home page.
        expect(effects.endSession).toHaveBeenCalledOnce()
        expect(effects.endSession.mock.invocationCallOrder[0]).toBeLessThan(effects.goHome.mock.invocationCallOrder[0]!)
      }
      if (event.type === 'xstate.error.actor.deleteAccount') expect(effects.notifyFailure).toHaveBeenCalledOnce()
      return
    }
    actor.send(event as AccountDeletionEvent)
    if (event.type === 'form.submit' && from.matches('confirming')) {
      const confirmed = (from.context as { confirm: string }).confirm.trim().toLowerCase() === 'kari@example.no'
      if (confirmed) expect(fakes.deleteAccount.runs.at(-1)?.input).toEqual({ confirm: (from.context as { confirm: string }).confirm })
      else expect(effects.focusConfirmField).toHaveBeenCalledOnce()
    }
    if (event.type === 'delete.click' && from.matches('closed')) expect(effects.focusConfirmField).toHaveBeenCalledOnce()
    if (event.type === 'cancel.click' && from.matches('confirming')) expect(effects.focusTrigger).toHaveBeenCalledOnce()
  },
  verify: ({ actor }, planned) => {
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toEqual(planned.value)
    expect(snapshot.context).toEqual(planned.context)
    expect(snapshot.hasTag('busy')).toBe(planned.value === 'deleting')
  },
  stop: ({ actor }) => actor.stop(),
})
