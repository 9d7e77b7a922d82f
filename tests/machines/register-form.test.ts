import { expect, vi } from 'vitest'
import { createActor } from 'xstate'
import { type RegisterFormContext, type RegisterFormEvent, registerFormMachine, registerValidator } from '../../machines/register-form.machine'
import { applyOutcome, controllablePromise, expectSubmitted } from '../model/fake-actors'
import { testMachinePaths } from '../model/run'
import { machineModels } from '../model/catalogue'
import { botCheckProbe } from '../model/bot-check-probe'


testMachinePaths(
  'registerForm machine',
  registerFormMachine,
  machineModels.registerForm.options,
  {
    start: () => {
      const fakes = {
        signUp: controllablePromise<void, { fullName: string; email: string; password: string; captchaToken?: string }>(),
        signUpWithGoogle: controllablePromise<void>(),
        loadSchema: controllablePromise<void>(),
      }
      const effects = { notifyRegistered: vi.fn(), notifyFailure: vi.fn(), notifyGoogleFailure: vi.fn(), focusField: vi.fn(), goToLogin: vi.fn() }
      const botCheck = botCheckProbe()
      const actor = createActor(
        registerFormMachine.provide({
          actors: { signUp: fakes.signUp.logic, signUpWithGoogle: fakes.signUpWithGoogle.logic, loadSchema: fakes.loadSchema.logic },
          actions: {
            notifyRegistered: effects.notifyRegistered,
            notifyFailure: (_, p) => effects.notifyFailure(p.message),
            notifyGoogleFailure: (_, p) => effects.notifyGoogleFailure(p.message),
            focusField: (_, p) => effects.focusField(p.field),
            goToLogin: effects.goToLogin,
            ...botCheck.actions,
          },
        }),
      ).start()
      return { actor, fakes, effects, botCheck }
    },
    execute: async ({ actor, fakes, effects, botCheck }, event, from) => {
      for (const effect of Object.values(effects)) effect.mockClear()
      botCheck.clear()
      const runsBefore = fakes.signUp.runs.length
      const context = from.context as RegisterFormContext
      if (await applyOutcome(event, fakes)) {
        if (/\.signUp$/.test(event.type)) botCheck.afterAnswer()
        // The schema has loaded after a submit: the submit is taken again.
        if (event.type === 'xstate.done.actor.loadSchema')
          expectSubmitted(registerValidator.validate(context.values), effects.focusField, fakes.signUp.runs.length - runsBefore)
        if (event.type === 'xstate.done.actor.signUp') {
          expect(effects.notifyRegistered).toHaveBeenCalledOnce()
          expect(effects.goToLogin).toHaveBeenCalledOnce()
        }
        if (event.type === 'xstate.error.actor.signUp') {
          expect(effects.notifyFailure).toHaveBeenCalledWith('Password is known to be weak')
          expect(actor.getSnapshot().context.failure?.weakPasswordReasons).toEqual(['pwned'])
        }
        return
      }
      actor.send(event as RegisterFormEvent)
      if (event.type === 'form.submit' && from.matches('editing') && !context.schemaReady) expect(fakes.loadSchema.runs).toHaveLength(1)
      const sent = fakes.signUp.runs.length - runsBefore
      const last = fakes.signUp.runs.at(-1)?.input
      // A short password (or any invalid field) is rejected before any request; valid input goes
      // with the bot check's token, or waits for it.
      if (event.type === 'form.submit' && from.matches('editing') && context.schemaReady) {
        if (Object.keys(context.problems).length === 0) botCheck.afterValidRequest(context.botCheck, sent, last)
        else expectSubmitted(context.problems, effects.focusField, sent)
        if (sent > 0) expect(last).toEqual({ ...context.values, captchaToken: last?.captchaToken })
      }
      if ((event.type === 'botCheck.passed' || event.type === 'botCheck.failed') && from.matches('checkingBot')) botCheck.afterWait(event, Object.keys(context.problems).length === 0, sent, last)
    },
    verify: ({ actor }, planned) => {
      const snapshot = actor.getSnapshot()
      expect(snapshot.value).toEqual(planned.value)
      expect(snapshot.context.values).toEqual(planned.context.values)
      expect(snapshot.context.schemaReady).toBe(planned.context.schemaReady)
      expect(snapshot.context.botCheck).toEqual(planned.context.botCheck)
      expect(snapshot.hasTag('checking')).toBe(['validating', 'checkingBot'].includes(planned.value as string))
    },
    stop: ({ actor }) => actor.stop(),
  },
)
