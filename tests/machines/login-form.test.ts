import { expect, vi } from 'vitest'
import { createActor } from 'xstate'
import { type LoginFormContext, type LoginFormEvent, loginFormMachine, loginValidator, type SignedIn } from '../../machines/login-form.machine'
import { applyOutcome, controllablePromise, expectSubmitted } from '../model/fake-actors'
import { testMachinePaths } from '../model/run'
import { machineModels } from '../model/catalogue'
import { botCheckProbe } from '../model/bot-check-probe'

testMachinePaths(
  'loginForm machine',
  loginFormMachine,
  machineModels.loginForm.options,
  {
    start: () => {
      const fakes = {
        signIn: controllablePromise<SignedIn, { email: string; password: string; captchaToken?: string }>(),
        signInWithGoogle: controllablePromise<void>(),
        resendConfirmation: controllablePromise<void, { email: string; captchaToken?: string }>(),
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
      const botCheck = botCheckProbe()
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
            ...botCheck.actions,
          },
        }),
      ).start()
      return { actor, fakes, effects, botCheck }
    },
    execute: async ({ actor, fakes, effects, botCheck }, event, from) => {
      for (const effect of Object.values(effects)) effect.mockClear()
      botCheck.clear()
      const signIns = fakes.signIn.runs.length
      const resends = fakes.resendConfirmation.runs.length
      const context = from.context as LoginFormContext
      if (await applyOutcome(event, fakes)) {
        if (/\.(signIn|resendConfirmation)$/.test(event.type)) botCheck.afterAnswer()
        // The schema has loaded after a submit: the submit is taken again.
        if (event.type === 'xstate.done.actor.loadSchema') expectSubmitted(loginValidator.validate(context.values), effects.focusField, fakes.signIn.runs.length - signIns)
        if (event.type === 'xstate.error.actor.signIn' && !(event as unknown as { error: { unconfirmed?: boolean } }).error.unconfirmed)
          expect(effects.notifyFailure).toHaveBeenCalledWith('Invalid login credentials')
        if (event.type === 'xstate.done.actor.signIn') {
          // On to the dashboard either way; welcomed only once no code is due.
          const due = Boolean((event as { output?: SignedIn }).output?.secondFactorDue)
          expect(effects.notifySignedIn).toHaveBeenCalledTimes(due ? 0 : 1)
          expect(effects.goToApp).toHaveBeenCalledOnce()
        }
        if (event.type === 'xstate.error.actor.signInWithGoogle') expect(effects.notifyGoogleFailure).toHaveBeenCalledOnce()
        if (event.type === 'xstate.done.actor.resendConfirmation') expect(effects.notifyResent).toHaveBeenCalledOnce()
        return
      }
      actor.send(event as LoginFormEvent)
      const sent = fakes.signIn.runs.length - signIns
      const lastSignIn = fakes.signIn.runs.at(-1)?.input
      // Before the schema has loaded, a submit waits for it; then it is taken as any other.
      if (event.type === 'form.submit' && from.matches('editing') && !context.schemaReady) expect(fakes.loadSchema.runs).toHaveLength(1)
      if (event.type === 'form.submit' && (from.matches('editing') || from.matches('unconfirmed')) && context.schemaReady) {
        const valid = Object.keys(context.problems).length === 0
        // Invalid input never reaches the backend; valid input goes with the bot check's token.
        if (valid) botCheck.afterValidRequest(context.botCheck, sent, lastSignIn)
        else if (from.matches('editing')) expectSubmitted(context.problems, effects.focusField, sent)
        if (sent > 0) expect(lastSignIn).toEqual({ ...context.values, captchaToken: lastSignIn?.captchaToken })
      }
      if (event.type === 'resend.click' && from.matches('unconfirmed')) {
        botCheck.afterValidRequest(context.botCheck, fakes.resendConfirmation.runs.length - resends, fakes.resendConfirmation.runs.at(-1)?.input)
      }
      // The token arrives for a request that waited for it: the request goes out with it.
      if ((event.type === 'botCheck.passed' || event.type === 'botCheck.failed') && from.matches('checkingBot')) botCheck.afterWait(event, Object.keys(context.problems).length === 0, sent, lastSignIn)
      if ((event.type === 'botCheck.passed' || event.type === 'botCheck.failed') && from.matches('checkingBotForResend'))
        botCheck.afterWait(event, Object.keys(context.problems).length === 0, fakes.resendConfirmation.runs.length - resends, fakes.resendConfirmation.runs.at(-1)?.input)
    },
    verify: ({ actor }, planned) => {
      const snapshot = actor.getSnapshot()
      expect(snapshot.value).toEqual(planned.value)
      expect(snapshot.context.values).toEqual(planned.context.values)
      expect(snapshot.context.shown).toEqual(planned.context.shown)
      expect(snapshot.context.schemaReady).toBe(planned.context.schemaReady)
      expect(snapshot.context.botCheck).toEqual(planned.context.botCheck)
      expect(snapshot.hasTag('busy')).toBe(['submitting', 'resending', 'redirectingToGoogle'].includes(planned.value as string))
      expect(snapshot.hasTag('checking')).toBe(['validating', 'checkingBot', 'checkingBotForResend'].includes(planned.value as string))
    },
    stop: ({ actor }) => actor.stop(),
  },
)
