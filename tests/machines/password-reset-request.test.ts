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
import { botCheckProbe } from '../model/bot-check-probe'
import { testMachinePaths } from '../model/run'

testMachinePaths('passwordResetRequest machine', passwordResetRequestMachine, machineModels.passwordResetRequest.options, {
  start: () => {
    const fakes = { requestPasswordReset: controllablePromise<void, { email: string; captchaToken?: string }>(), loadSchema: controllablePromise<void>() }
    const effects = { notifyFailure: vi.fn(), focusField: vi.fn() }
    const botCheck = botCheckProbe()
    const actor = createActor(
      passwordResetRequestMachine.provide({
        actors: { requestPasswordReset: fakes.requestPasswordReset.logic, loadSchema: fakes.loadSchema.logic },
        actions: {
          notifyFailure: (_, p) => effects.notifyFailure(p.message),
          focusField: (_, p) => effects.focusField(p.field),
          ...botCheck.actions,
        },
      }),
    ).start()
    return { actor, fakes, effects, botCheck }
  },
  execute: async ({ actor, fakes, effects, botCheck }, event, from) => {
    for (const effect of Object.values(effects)) effect.mockClear()
    botCheck.clear()
    const context = from.context as PasswordResetRequestContext
    const requests = fakes.requestPasswordReset.runs.length
    if (await applyOutcome(event, fakes)) {
      if (event.type === 'xstate.error.actor.requestPasswordReset' || event.type === 'xstate.error.actor.loadSchema') expect(effects.notifyFailure).toHaveBeenCalledOnce()
      // A sent request spent the token: the widget is asked for the next one.
      if (/requestPasswordReset$/.test(event.type)) botCheck.afterAnswer()
      // The schema has loaded after a submit: the submit is taken again.
      if (event.type === 'xstate.done.actor.loadSchema')
        expectSubmitted(resetRequestValidator.validate(context.values), effects.focusField, fakes.requestPasswordReset.runs.length - requests)
      return
    }
    actor.send(event as PasswordResetRequestEvent)
    const sent = fakes.requestPasswordReset.runs.length - requests
    const last = fakes.requestPasswordReset.runs.at(-1)?.input
    const valid = Object.keys(context.problems).length === 0
    if (event.type === 'form.submit' && from.matches('editing') && !context.schemaReady) expect(fakes.loadSchema.runs).toHaveLength(1)
    if (event.type === 'form.submit' && from.matches('editing') && context.schemaReady) {
      // An invalid address never reaches the backend, and focus goes to the field; a valid one goes
      // with the bot check's token, or waits for it (the widget loads, if nothing reached the form
      // before: typed while the page started).
      if (valid) botCheck.afterValidRequest(context.botCheck, sent, last)
      else expectSubmitted(context.problems, effects.focusField, sent)
      if (sent > 0) expect(last).toStrictEqual({ email: context.values.email, captchaToken: last?.captchaToken })
    }
    // The token arrives for a submit that waited for it: the request goes out with it.
    if ((event.type === 'botCheck.passed' || event.type === 'botCheck.failed') && from.matches('checkingBot')) botCheck.afterWait(event, valid, sent, last)
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
