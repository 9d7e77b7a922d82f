import { expect } from 'vitest'
import { machineModels } from '../model/catalogue'
import { testFormPaths } from '../model/form-harness'

testFormPaths('registerForm machine', machineModels.registerForm, {
  // The name and the address go as the schema made them: trimmed, the address in lower case.
  request: { actor: 'signUp', input: ({ fullName, email, password }) => ({ fullName: fullName!.trim(), email: email!.trim().toLowerCase(), password }) },
  actors: ['continueWithProvider'],
  effects: ['notifyRegistered', 'notifyProviderFailure', 'goToLogin'],
  busy: ['submitting', 'redirectingToGoogle', 'redirectingToLinkedIn'],
  checking: ['validating', 'checkingBot'],
  after: ({ event, from, now, effects, started }) => {
    if (event.type === 'xstate.done.actor.signUp') {
      expect(effects.notifyRegistered).toHaveBeenCalledOnce()
      expect(effects.goToLogin).toHaveBeenCalledOnce()
    }
    if (event.type === 'xstate.error.actor.signUp') {
      // A weak password: the backend's reasons are kept for the view.
      expect(effects.notifyFailure).toHaveBeenCalledWith({ message: 'Password is known to be weak', code: undefined })
      expect((now.context as { failure: { weakPasswordReasons?: string[] } }).failure.weakPasswordReasons).toEqual(['pwned'])
    }
    // Each provider's button leaves for that provider; if it cannot, the failure names it.
    const provider = { 'google.click': 'google', 'linkedin.click': 'linkedin_oidc' }[event.type]
    if (provider) expect(started('continueWithProvider')).toStrictEqual(from.matches('editing') ? [{ provider }] : [])
    if (event.type === 'xstate.error.actor.continueWithProvider') {
      expect(effects.notifyProviderFailure).toHaveBeenCalledExactlyOnceWith({
        provider: from.matches('redirectingToLinkedIn') ? 'linkedin_oidc' : 'google',
        message: 'Provider is not enabled',
        code: undefined,
      })
    }
  },
})
