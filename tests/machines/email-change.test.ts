import { expect } from 'vitest'
import { machineModels } from '../model/catalogue'
import { testFormPaths } from '../model/form-harness'

testFormPaths('emailChange machine', machineModels.emailChange, {
  // The address as the schema made it (trimmed, lower case), the password as typed.
  request: { actor: 'requestEmailChange', input: ({ email, password }) => ({ email: email!.trim().toLowerCase(), password }) },
  effects: ['focusTrigger', 'notifySent'],
  busy: [{ open: 'submitting' }],
  checking: [{ open: 'validating' }, { open: 'checkingBot' }],
  after: ({ event, from, context, now, effects }) => {
    if (event.type === 'xstate.done.actor.requestEmailChange') {
      expect(effects.notifySent).toHaveBeenCalledWith({ email: (context.sent as { email: string }).email })
      expect(effects.focusTrigger).toHaveBeenCalledOnce()
    }
    if (event.type === 'xstate.error.actor.requestEmailChange') {
      const code = (event as { error?: { code?: string } }).error?.code
      if (code === 'invalid_credentials') {
        // The password is refused in its field, not in a toast.
        expect(effects.focusField).toHaveBeenCalledWith({ field: 'password' })
        expect(effects.notifyFailure).not.toHaveBeenCalled()
        expect(now.context.refused).toEqual({ password: 'wrongPassword' })
      } else expect(effects.notifyFailure).toHaveBeenCalledWith(expect.objectContaining({ code }))
    }
    if (event.type === 'change.click' && from.matches('closed')) expect(effects.focusField).toHaveBeenCalledWith({ field: 'email' })
    if (event.type === 'cancel.click' && from.matches('open')) expect(effects.focusTrigger).toHaveBeenCalledOnce()
    // The widget goes with the form: a closed form keeps no token (opened again, it gets a new one).
    if (now.matches('closed')) expect(now.context.botCheck).not.toHaveProperty('token')
  },
})
