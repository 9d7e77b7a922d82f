import { describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import {
  codeProblems,
  type EmailCodeContext,
  type EmailCodeEvent,
  type EmailCodeInput,
  type EmailCodeType,
  emailCodeMachine,
} from '../../machines/email-code.machine'
import { machineModels } from '../model/catalogue'
import { applyOutcome, controllablePromise, expectSubmitted } from '../model/fake-actors'
import { testMachinePaths } from '../model/run'

testMachinePaths('emailCode machine', emailCodeMachine, machineModels.emailCode.options, {
  start: (plan) => {
    const input = plan.initial.context as EmailCodeInput
    const fakes = { verifyEmailCode: controllablePromise<void, { email: string; token: string; type: EmailCodeType }>() }
    const effects = { goOn: vi.fn(), focusField: vi.fn() }
    const actor = createActor(
      emailCodeMachine.provide({
        actors: { verifyEmailCode: fakes.verifyEmailCode.logic },
        actions: { goOn: (_, p) => effects.goOn(p.type), focusField: (_, p) => effects.focusField(p.field) },
      }),
      { input: { email: input.email, type: input.type } },
    ).start()
    return { actor, fakes, effects }
  },
  execute: async ({ actor, fakes, effects }, event, from) => {
    for (const effect of Object.values(effects)) effect.mockClear()
    const context = from.context as EmailCodeContext
    const verifies = fakes.verifyEmailCode.runs.length
    if (await applyOutcome(event, fakes)) {
      // On only once the code is right, to where the e-mail's link leads.
      if (event.type === 'xstate.done.actor.verifyEmailCode') expect(effects.goOn).toHaveBeenCalledExactlyOnceWith(context.type)
      else expect(effects.goOn).not.toHaveBeenCalled()
      return
    }
    actor.send(event as EmailCodeEvent)
    if (event.type === 'form.submit' && from.matches('editing')) {
      // Not eight digits: nothing is sent. Eight: the code without its spaces, with the address and the type.
      expectSubmitted(codeProblems(context.values), effects.focusField, fakes.verifyEmailCode.runs.length - verifies)
      if (fakes.verifyEmailCode.runs.length > verifies)
        expect(fakes.verifyEmailCode.runs.at(-1)?.input).toEqual({ email: context.email, token: context.values.code.replace(/\s/g, ''), type: context.type })
    }
  },
  verify: ({ actor }, planned) => {
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toEqual(planned.value)
    expect(snapshot.context).toEqual(planned.context)
    expect(snapshot.hasTag('busy')).toBe(planned.value === 'verifying')
  },
  stop: ({ actor }) => actor.stop(),
})

describe('the code field', () => {
  it('takes eight digits, with or without spaces, and nothing else', () => {
    for (const code of ['12345678', '1234 5678', ' 00000000 ']) expect(codeProblems({ code }), code).toEqual({})
    expect(codeProblems({ code: '  ' })).toEqual({ code: 'required' })
    for (const code of ['123456', '1234567', '123456789', '1234567a', '１２３４５６７８']) expect(codeProblems({ code }), code).toEqual({ code: 'invalid' })
  })
})
