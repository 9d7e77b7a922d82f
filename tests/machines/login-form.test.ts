import { expect, vi } from 'vitest'
import { createActor } from 'xstate'
import { type LoginFormContext, type LoginFormEvent, loginFormMachine, loginValidator } from '../../machines/login-form.machine'
import { applyOutcome, controllablePromise, expectSubmitted } from '../model/fake-actors'
import { testMachinePaths } from '../model/run'
import { machineModels } from '../model/catalogue'

testMachinePaths(
  'loginForm machine',
  loginFormMachine,
  machineModels.loginForm.options,
  {
    start: () => {
      const fakes = {
        signIn: controllablePromise<void, { email: string; password: string }>(),
        signInWithGoogle: controllablePromise<void>(),
        resendConfirmation: controllablePromise<void, { email: string }>(),
        loadSchema: controllablePromise<void>(),
      }
      const effects = {
        notifySignedIn: vi.fn(),
        notifyFailure: vi.fn(),
        notifyGoogleFailure: vi.fn(),
        notifyResent: vi.fn(),
        focusField: vi.fn(),
        goToApp: vi.fn(),
      }
      const actor = createActor(
        loginFormMachine.provide({
          actors: {
            signIn: fakes.signIn.logic,
            signInWithGoogle: fakes.signInWithGoogle.logic,
            resendConfirmation: fakes.resendConfirmation.logic,
            loadSchema: fakes.loadSchema.logic,
          },
          actions: {
            notifySignedIn: effects.notifySignedIn,
            notifyFailure: (_, p) => effects.notifyFailure(p.message),
            notifyGoogleFailure: (_, p) => effects.notifyGoogleFailure(p.message),
            notifyResent: effects.notifyResent,
            focusField: (_, p) => effects.focusField(p.field),
            goToApp: effects.goToApp,
          },
        }),
      ).start()
      return { actor, fakes, effects }
    },
    execute: async ({ actor, fakes, effects }, event, from) => {
      for (const effect of Object.values(effects)) effect.mockClear()
      const signIns = fakes.signIn.runs.length
      if (await applyOutcome(event, fakes)) {
        const context = from.context as LoginFormContext
        // The schema has loaded after a submit: the submit is taken again.
        if (event.type === 'xstate.done.actor.loadSchema') expectSubmitted(loginValidator.validate(context.values), effects.focusField, fakes.signIn.runs.length - signIns)
        if (event.type === 'xstate.error.actor.signIn' && !(event as unknown as { error: { unconfirmed?: boolean } }).error.unconfirmed)
          expect(effects.notifyFailure).toHaveBeenCalledWith('Invalid login credentials')
        if (event.type === 'xstate.done.actor.signIn') {
          expect(effects.notifySignedIn).toHaveBeenCalledOnce()
          expect(effects.goToApp).toHaveBeenCalledOnce()
        }
        if (event.type === 'xstate.error.actor.signInWithGoogle') expect(effects.notifyGoogleFailure).toHaveBeenCalledOnce()
        if (event.type === 'xstate.done.actor.resendConfirmation') expect(effects.notifyResent).toHaveBeenCalledOnce()
        return
      }
      actor.send(event as LoginFormEvent)
      const context = from.context as LoginFormContext
      // Before the schema has loaded, a submit waits for it; then it is taken as any other.
      if (event.type === 'form.submit' && from.matches('editing') && !context.schemaReady) expect(fakes.loadSchema.runs).toHaveLength(1)
      if (event.type === 'form.submit' && from.matches('editing') && context.schemaReady) {
        expectSubmitted(context.problems, effects.focusField, fakes.signIn.runs.length - signIns)
        if (fakes.signIn.runs.length > signIns) expect(fakes.signIn.runs.at(-1)?.input).toEqual(context.values)
      }
    },
    verify: ({ actor }, planned) => {
      const snapshot = actor.getSnapshot()
      expect(snapshot.value).toEqual(planned.value)
      expect(snapshot.context.values).toEqual(planned.context.values)
      expect(snapshot.context.shown).toEqual(planned.context.shown)
      expect(snapshot.context.schemaReady).toBe(planned.context.schemaReady)
      expect(snapshot.hasTag('busy')).toBe(['submitting', 'resending', 'redirectingToGoogle'].includes(planned.value as string))
      expect(snapshot.hasTag('checking')).toBe(planned.value === 'validating')
    },
    stop: ({ actor }) => actor.stop(),
  },
)
