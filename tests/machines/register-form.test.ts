import { expect, vi } from 'vitest'
import { createActor } from 'xstate'
import { type RegisterFormEvent, registerFormMachine } from '../../machines/register-form.machine'
import { applyOutcome, controllablePromise, } from '../model/fake-actors'
import { testMachinePaths } from '../model/run'
import { machineModels } from '../model/catalogue'


testMachinePaths(
  'registerForm machine',
  registerFormMachine,
  machineModels.registerForm.options,
  {
    start: () => {
      const fakes = { signUp: controllablePromise<void, { fullName: string; email: string; password: string }>(), signUpWithGoogle: controllablePromise<void>() }
      const effects = { notifyRegistered: vi.fn(), notifyFailure: vi.fn(), notifyGoogleFailure: vi.fn(), focusField: vi.fn(), goToLogin: vi.fn() }
      const actor = createActor(
        registerFormMachine.provide({
          actors: { signUp: fakes.signUp.logic, signUpWithGoogle: fakes.signUpWithGoogle.logic },
          actions: {
            notifyRegistered: effects.notifyRegistered,
            notifyFailure: (_, p) => effects.notifyFailure(p.message),
            notifyGoogleFailure: (_, p) => effects.notifyGoogleFailure(p.message),
            focusField: (_, p) => effects.focusField(p.field),
            goToLogin: effects.goToLogin,
          },
        }),
      ).start()
      return { actor, fakes, effects }
    },
    execute: async ({ actor, fakes, effects }, event, from) => {
      for (const effect of Object.values(effects)) effect.mockClear()
      const runsBefore = fakes.signUp.runs.length
      if (await applyOutcome(event, fakes)) {
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
      if (event.type === 'form.submit' && from.matches('editing')) {
        const valid = Object.keys((from.context as { problems: object }).problems).length === 0
        // A short password (or any invalid field) is rejected before any request.
        expect(fakes.signUp.runs.length).toBe(runsBefore + (valid ? 1 : 0))
      }
    },
    verify: ({ actor }, planned) => {
      const snapshot = actor.getSnapshot()
      expect(snapshot.value).toEqual(planned.value)
      expect(snapshot.context.values).toEqual(planned.context.values)
    },
    stop: ({ actor }) => actor.stop(),
  },
)
