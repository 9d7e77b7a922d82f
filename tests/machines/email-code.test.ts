import { describe, expect, it } from 'vitest'
import { codeProblems, type EmailCodeType } from '../../machines/email-code.machine'
import { machineModels } from '../model/catalogue'
import { testFormPaths } from '../model/form-harness'

testFormPaths('emailCode machine', machineModels.emailCode, {
  // Eight digits: the code without its spaces, with the address and the type.
  request: {
    actor: 'verifyEmailCode',
    input: ({ code }, context) => {
      const { email, type } = context as unknown as { email: string; type: EmailCodeType }
      return { email, token: code!.replace(/\s/g, ''), type }
    },
  },
  effects: ['goOn'],
  busy: ['submitting'],
  checking: [],
  after: ({ event, context, effects }) => {
    // On only once the code is right, to where the e-mail's link leads.
    if (event.type === 'xstate.done.actor.verifyEmailCode') expect(effects.goOn).toHaveBeenCalledExactlyOnceWith({ type: (context as unknown as { type: string }).type })
    else expect(effects.goOn).not.toHaveBeenCalled()
  },
})

describe('the code field', () => {
  it('takes eight digits, with or without spaces, and nothing else', () => {
    for (const code of ['12345678', '1234 5678', ' 00000000 ']) expect(codeProblems({ code }), code).toEqual({})
    expect(codeProblems({ code: '  ' })).toEqual({ code: 'required' })
    for (const code of ['123456', '1234567', '123456789', '1234567a', '１２３４５６７８']) expect(codeProblems({ code }), code).toEqual({ code: 'invalid' })
  })
})
