import { expect } from 'vitest'
import { machineModels } from '../model/catalogue'
import { testFormPaths } from '../model/form-harness'

testFormPaths('accountDeletion machine', machineModels.accountDeletion, {
  request: { actor: 'deleteAccount', input: ({ confirm }) => ({ confirm }) },
  effects: ['focusTrigger', 'endSession', 'notifyDeleted', 'goHome'],
  busy: [{ open: 'submitting' }],
  checking: [],
  after: ({ event, from, effects }) => {
    if (event.type === 'xstate.done.actor.deleteAccount') {
      // The session ends before the user lands on the home page.
      expect(effects.endSession).toHaveBeenCalledOnce()
      expect(effects.endSession!.mock.invocationCallOrder[0]).toBeLessThan(effects.goHome!.mock.invocationCallOrder[0]!)
    }
    if (event.type === 'xstate.error.actor.deleteAccount') expect(effects.notifyFailure).toHaveBeenCalledOnce()
    // Opened: focus in the field. Given up: focus back on the button that opened it.
    if (event.type === 'delete.click' && from.matches('closed')) expect(effects.focusField).toHaveBeenCalledWith({ field: 'confirm' })
    if (event.type === 'cancel.click' && from.matches({ open: 'editing' })) expect(effects.focusTrigger).toHaveBeenCalledOnce()
  },
})
