import { expect } from 'vitest'
import { machineModels } from '../model/catalogue'
import { testFormPaths } from '../model/form-harness'

testFormPaths('recoveryCode machine', machineModels.recoveryCode, {
  // The address as the schema made it (trimmed, in lower case), the code without its spaces, as a
  // reset's: nothing comes from the page that asked for the e-mail.
  request: {
    actor: 'verifyEmailCode',
    input: ({ email, code }) => ({ email: email!.trim().toLowerCase(), token: code!.replace(/\s/g, ''), type: 'recovery' }),
  },
  effects: ['goOn', 'focusTrigger'],
  busy: [{ open: 'submitting' }],
  checking: [{ open: 'validating' }],
  after: ({ event, from, now, effects }) => {
    // On to the new password only once the code is right.
    if (event.type === 'xstate.done.actor.verifyEmailCode') expect(effects.goOn).toHaveBeenCalledOnce()
    else expect(effects.goOn).not.toHaveBeenCalled()
    // Opened, the address field has the focus; closed, the button that opened it.
    if (event.type === 'open.click' && from.matches('closed')) expect(effects.focusField).toHaveBeenCalledExactlyOnceWith({ field: 'email' })
    if (event.type === 'cancel.click' && now.matches('closed')) expect(effects.focusTrigger).toHaveBeenCalledOnce()
    // A refusal shows with the form, not in a toast.
    expect(effects.notifyFailure).not.toHaveBeenCalledWith(expect.objectContaining({ code: 'otp_expired' }))
  },
})
