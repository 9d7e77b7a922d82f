import { expect } from 'vitest'
import { machineModels } from '../model/catalogue'
import { testFormPaths } from '../model/form-harness'

testFormPaths('secondFactor machine', machineModels.secondFactor, {
  // Six digits go to the auth service without the space apps show.
  request: { actor: 'verifyCode', input: ({ code }) => ({ code: code!.replace(/\s/g, '') }) },
  effects: ['notifyVerified', 'signOut', 'resetFields'],
  busy: ['submitting'],
  checking: [],
  after: ({ event, from, now, effects }) => {
    const error = (event as { error?: { code?: string } }).error
    if (event.type === 'xstate.done.actor.verifyCode') expect(effects.notifyVerified).toHaveBeenCalledOnce()
    if (event.type === 'xstate.error.actor.verifyCode') {
      // After a refused code, focus goes back to the field; a wrong code is emptied from it.
      expect(effects.focusField).toHaveBeenCalledWith({ field: 'code' })
      const wrong = error?.code === 'mfa_verification_failed'
      expect(effects.resetFields).toHaveBeenCalledTimes(wrong ? 1 : 0)
      expect(now.context.refused).toEqual({ code: wrong ? 'wrong' : 'failed' })
      if (wrong) expect(now.context.values).toEqual({ code: '' })
    }
    if (event.type === 'signOut.click') expect(effects.signOut).toHaveBeenCalledTimes(from.matches('editing') ? 1 : 0)
  },
})
