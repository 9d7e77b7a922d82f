import { expect } from 'vitest'
import { machineModels } from '../model/catalogue'
import { testFormPaths } from '../model/form-harness'

testFormPaths('registerForm machine', machineModels.registerForm, {
  // The name and the address go as the schema made them: trimmed, the address in lower case.
  request: { actor: 'signUp', input: ({ fullName, email, password }) => ({ fullName: fullName!.trim(), email: email!.trim().toLowerCase(), password }) },
  actors: ['signUpWithGoogle'],
  effects: ['notifyRegistered', 'notifyGoogleFailure', 'goToLogin'],
  busy: ['submitting', 'redirectingToGoogle'],
  checking: ['validating', 'checkingBot'],
  after: ({ event, now, effects }) => {
    if (event.type === 'xstate.done.actor.signUp') {
      expect(effects.notifyRegistered).toHaveBeenCalledOnce()
      expect(effects.goToLogin).toHaveBeenCalledOnce()
    }
    if (event.type === 'xstate.error.actor.signUp') {
      // A weak password: the backend's reasons are kept for the view.
      expect(effects.notifyFailure).toHaveBeenCalledWith({ message: 'Password is known to be weak', code: undefined })
      expect((now.context as { failure: { weakPasswordReasons?: string[] } }).failure.weakPasswordReasons).toEqual(['pwned'])
    }
    if (event.type === 'xstate.error.actor.signUpWithGoogle') expect(effects.notifyGoogleFailure).toHaveBeenCalledOnce()
  },
})
