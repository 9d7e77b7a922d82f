import { expect } from 'vitest'
import { machineModels } from '../model/catalogue'
import { testFormPaths } from '../model/form-harness'

testFormPaths('passwordResetRequest machine', machineModels.passwordResetRequest, {
  // The address goes as the schema made it: trimmed, in lower case.
  request: { actor: 'requestPasswordReset', input: ({ email }) => ({ email: email!.trim().toLowerCase() }) },
  effects: ['focusAnswer'],
  busy: ['submitting'],
  checking: ['validating', 'checkingBot'],
  after: ({ event, from, effects }) => {
    // The form gives way to the answer: focus goes to its button, and back to the field with the form.
    if (event.type === 'xstate.done.actor.requestPasswordReset') expect(effects.focusAnswer).toHaveBeenCalledOnce()
    if (event.type === 'form.again' && from.matches('sent')) expect(effects.focusField).toHaveBeenCalledWith({ field: 'email' })
    // A refusal (too many requests) or a schema that could not load is told.
    if (event.type === 'xstate.error.actor.requestPasswordReset' || event.type === 'xstate.error.actor.loadSchema') expect(effects.notifyFailure).toHaveBeenCalledOnce()
  },
})
