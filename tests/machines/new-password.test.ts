import { expect, vi } from 'vitest'
import { createActor } from 'xstate'
import { type NewPasswordContext, type NewPasswordEvent, newPasswordMachine, newPasswordValidator } from '../../machines/new-password.machine'
import { machineModels } from '../model/catalogue'
import { applyOutcome, controllablePromise, expectSubmitted } from '../model/fake-actors'
import { testMachinePaths } from '../model/run'

testMachinePaths('newPassword machine', newPasswordMachine, machineModels.newPassword.options, {
  start: () => {
    const fakes = {
      updatePassword: controllablePromise<void, { password: string }>(),
      loadSchema: controllablePromise<void>(),
      verifyCode: controllablePromise<void, { code: string }>(),
    }
    const effects = { notifySaved: vi.fn(), notifyFailure: vi.fn(), focusField: vi.fn(), goToApp: vi.fn(), resetFields: vi.fn(), focusCode: vi.fn() }
    const actor = createActor(
      newPasswordMachine.provide({
        actors: { updatePassword: fakes.updatePassword.logic, loadSchema: fakes.loadSchema.logic, verifyCode: fakes.verifyCode.logic },
        actions: {
          focusCode: effects.focusCode,
          notifySaved: effects.notifySaved,
          notifyFailure: (_, p) => effects.notifyFailure(p.message),
          focusField: (_, p) => effects.focusField(p.field),
          goToApp: effects.goToApp,
          resetFields: effects.resetFields,
        },
      }),
    ).start()
    return { actor, fakes, effects }
  },
  execute: async ({ actor, fakes, effects }, event, from) => {
    for (const effect of Object.values(effects)) effect.mockClear()
    const context = from.context as NewPasswordContext
    const saves = fakes.updatePassword.runs.length
    if (await applyOutcome(event, fakes)) {
      if (event.type === 'xstate.error.actor.updatePassword' || event.type === 'xstate.error.actor.loadSchema') expect(effects.notifyFailure).toHaveBeenCalledOnce()
      if (event.type === 'xstate.done.actor.updatePassword') {
        expect(effects.notifySaved).toHaveBeenCalledOnce()
        expect(effects.goToApp).toHaveBeenCalledOnce()
        // The page's field is emptied with the machine's.
        expect(effects.resetFields).toHaveBeenCalledOnce()
      }
      // The schema has loaded after a submit: the submit is taken again.
      if (event.type === 'xstate.done.actor.loadSchema')
        expectSubmitted(newPasswordValidator.validate(context.values), effects.focusField, fakes.updatePassword.runs.length - saves)
      return
    }
    const checks = fakes.verifyCode.runs.length
    actor.send(event as NewPasswordEvent)
    // A two-factor account's code is asked for first, and sent without its spaces once it is six digits.
    if (event.type === 'session.secondFactorDue' && from.matches('checking')) expect(effects.focusCode).toHaveBeenCalledOnce()
    if (event.type === 'form.submit' && from.matches('askingCode')) {
      const shaped = /^\d{6}$/.test(context.code.replace(/\s/g, ''))
      expect(fakes.verifyCode.runs.length - checks).toBe(shaped ? 1 : 0)
      if (shaped) expect(fakes.verifyCode.runs.at(-1)?.input).toEqual({ code: context.code.replace(/\s/g, '') })
      expect(fakes.updatePassword.runs.length).toBe(saves)
    }
    if (event.type === 'form.submit' && from.matches('editing') && !context.schemaReady) expect(fakes.loadSchema.runs).toHaveLength(1)
    if (event.type === 'form.submit' && from.matches('editing') && context.schemaReady) {
      expectSubmitted(context.problems, effects.focusField, fakes.updatePassword.runs.length - saves)
      if (fakes.updatePassword.runs.length > saves) expect(fakes.updatePassword.runs.at(-1)?.input).toEqual(context.values)
    }
  },
  verify: ({ actor }, planned) => {
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toEqual(planned.value)
    expect(snapshot.context.values).toEqual(planned.context.values)
    expect(snapshot.context.shown).toEqual(planned.context.shown)
    expect(snapshot.context.schemaReady).toBe(planned.context.schemaReady)
    expect(snapshot.context.code).toBe(planned.context.code)
    expect(snapshot.context.codeProblem).toBe(planned.context.codeProblem)
    expect(snapshot.hasTag('busy')).toBe(planned.value === 'saving' || planned.value === 'verifyingCode')
    expect(snapshot.hasTag('checking')).toBe(planned.value === 'validating')
    expect(snapshot.hasTag('loading')).toBe(planned.value === 'checking')
  },
  stop: ({ actor }) => actor.stop(),
})
