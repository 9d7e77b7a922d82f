import { expect } from 'vitest'
import { machineModels } from '../model/catalogue'
import { testFormPaths } from '../model/form-harness'

testFormPaths('passwordResetRequest machine', machineModels.passwordResetRequest, {
  // The address goes as the schema made it: trimmed, in lower case.
  request: { actor: 'requestPasswordReset', input: ({ email }) => ({ email: email!.trim().toLowerCase() }) },
  busy: ['submitting'],
  checking: ['validating', 'checkingBot'],
  after: ({ event, effects }) => {
    // A refusal (too many requests) or a schema that could not load is told.
    if (event.type === 'xstate.error.actor.requestPasswordReset' || event.type === 'xstate.error.actor.loadSchema') expect(effects.notifyFailure).toHaveBeenCalledOnce()
  },
})
