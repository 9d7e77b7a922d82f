import { expect, vi } from 'vitest'
import { createActor } from 'xstate'
import {
  type PasswordResetRequestContext,
  type PasswordResetRequestEvent,
  passwordResetRequestMachine,
  resetRequestValidator,
} from '../../machines/password-reset-request.machine'
import { machineModels } from '../model/catalogue'
import { applyOutcome, controllablePromise, expectSubmitted } from '../model/fake-actors'
import { botCheckToken } from '../../machines/bot-check'
import { testMachinePaths } from '../model/run'

testMachinePaths('passwordResetRequest machine', passwordResetRequestMachine, machineModels.passwordResetRequest.options, {
  start: () => {
    const fakes = { requestPasswordReset: controllablePromise<void, { email: string; captchaToken?: string }>(), loadSchema: controllablePromise<void>() }
    const effects = { notifyFailure: vi.fn(), focusField: vi.fn(), botCheckReset: vi.fn(), loadBotCheck: vi.fn() }
    const actor = createActor(
      passwordResetRequestMachine.provide({
        actors: { requestPasswordReset: fakes.requestPasswordReset.logic, loadSchema: fakes.loadSchema.logic },
        actions: {
          notifyFailure: (_, p) => effects.notifyFailure(p.message),
          focusField: (_, p) => effects.focusField(p.field),
          resetBotCheck: () => effects.botCheckReset(),
          loadBotCheck: () => effects.loadBotCheck(),
        },
      }),
    ).start()
    return { actor, fakes, effects }
  },
  execute: async ({ actor, fakes, effects }, event, from) => {
    for (const effect of Object.values(effects)) effect.mockClear()
    const context = from.context as PasswordResetRequestContext
    const requests = fakes.requestPasswordReset.runs.length
    if (await applyOutcome(event, fakes)) {
      if (event.type === 'xstate.error.actor.requestPasswordReset' || event.type === 'xstate.error.actor.loadSchema') expect(effects.notifyFailure).toHaveBeenCalledOnce()
      // A sent request spent the token: the widget is asked for the next one.
      if (/requestPasswordReset$/.test(event.type)) expect(effects.botCheckReset).toHaveBeenCalledOnce()
      // The schema has loaded after a submit: the submit is taken again.
      if (event.type === 'xstate.done.actor.loadSchema')
        expectSubmitted(resetRequestValidator.validate(context.values), effects.focusField, fakes.requestPasswordReset.runs.length - requests)
      return
    }
    actor.send(event as PasswordResetRequestEvent)
    if (event.type === 'form.submit' && from.matches('editing') && !context.schemaReady) expect(fakes.loadSchema.runs).toHaveLength(1)
    if (event.type === 'form.submit' && from.matches('editing') && context.schemaReady) {
      // An invalid address never reaches the backend; focus goes to the field.
      // Valid, but the bot check has no token yet: nothing goes out until it has.
      if (context.botCheck === 'pending' && Object.keys(context.problems).length === 0) {
        expect(fakes.requestPasswordReset.runs.length).toBe(requests)
        // The widget loads now, if nothing reached the form before (typed while the page started).
        expect(effects.loadBotCheck).toHaveBeenCalledOnce()
      }
      else expectSubmitted(context.problems, effects.focusField, fakes.requestPasswordReset.runs.length - requests)
      if (fakes.requestPasswordReset.runs.length > requests)
        expect(fakes.requestPasswordReset.runs.at(-1)?.input).toStrictEqual({ email: context.values.email, captchaToken: botCheckToken(context.botCheck) })
    }
    // The token arrives for a submit that waited for it: the request goes out with it.
    if ((event.type === 'botCheck.passed' || event.type === 'botCheck.failed') && from.matches('checkingBot')) {
      expect(fakes.requestPasswordReset.runs).toHaveLength(requests + 1)
      expect(fakes.requestPasswordReset.runs.at(-1)?.input).toStrictEqual({ email: context.values.email, captchaToken: (event as { token?: string }).token })
    }
  },
  verify: ({ actor }, planned) => {
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toEqual(planned.value)
    expect(snapshot.context.values).toEqual(planned.context.values)
    expect(snapshot.context.shown).toEqual(planned.context.shown)
    expect(snapshot.context.schemaReady).toBe(planned.context.schemaReady)
    expect(snapshot.context.botCheck).toEqual(planned.context.botCheck)
    expect(snapshot.hasTag('busy')).toBe(planned.value === 'sending')
    expect(snapshot.hasTag('checking')).toBe(planned.value === 'validating' || planned.value === 'checkingBot')
  },
  stop: ({ actor }) => actor.stop(),
})
