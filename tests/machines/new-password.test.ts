import { expect } from 'vitest'
import { machineModels } from '../model/catalogue'
import { testFormPaths } from '../model/form-harness'

testFormPaths('newPassword machine', machineModels.newPassword, {
  request: { actor: 'updatePassword', input: ({ password }) => ({ password }) },
  actors: ['verifyCode'],
  effects: ['notifySaved', 'goToApp', 'resetFields', 'focusCode'],
  busy: ['submitting', 'verifyingCode'],
  checking: ['validating'],
  after: ({ event, from, context, now, effects, started }) => {
    if (event.type === 'xstate.error.actor.updatePassword' || event.type === 'xstate.error.actor.loadSchema') expect(effects.notifyFailure).toHaveBeenCalledOnce()
    if (event.type === 'xstate.done.actor.updatePassword') {
      expect(effects.notifySaved).toHaveBeenCalledOnce()
      expect(effects.goToApp).toHaveBeenCalledOnce()
      // The page's field is emptied with the machine's.
      expect(effects.resetFields).toHaveBeenCalledOnce()
      expect((now.context as { values: object }).values).toEqual({ password: '' })
    }
    // A two-factor account's code is asked for first, and sent without its spaces once it is six digits.
    if (event.type === 'session.secondFactorDue' && from.matches('checking')) expect(effects.focusCode).toHaveBeenCalledOnce()
    if (event.type === 'form.submit' && from.matches('askingCode')) {
      const code = (context as unknown as { code: string }).code
      const shaped = /^\d{6}$/.test(code.replace(/\s/g, ''))
      expect(started('verifyCode')).toEqual(shaped ? [{ code: code.replace(/\s/g, '') }] : [])
      expect(started('updatePassword')).toEqual([])
    }
    // The right code: on to the password, focus in its field.
    if (event.type === 'xstate.done.actor.verifyCode') expect(effects.focusField).toHaveBeenCalledWith({ field: 'password' })
  },
})
