import { expect, vi } from 'vitest'
import { createActor } from 'xstate'
import { botCheckToken } from '../../machines/bot-check'
import { type EmailChangeContext, type EmailChangeEvent, type EmailChangeRequest, emailChangeMachine, emailChangeProblems } from '../../machines/email-change.machine'
import { machineModels } from '../model/catalogue'
import { applyOutcome, controllablePromise } from '../model/fake-actors'
import { testMachinePaths } from '../model/run'

testMachinePaths('emailChange machine', emailChangeMachine, machineModels.emailChange.options, {
  start: () => {
    const fakes = { requestEmailChange: controllablePromise<void, EmailChangeRequest>() }
    const effects = { focusField: vi.fn(), focusTrigger: vi.fn(), notifySent: vi.fn(), notifyFailure: vi.fn(), botCheckReset: vi.fn(), loadBotCheck: vi.fn() }
    const actor = createActor(
      emailChangeMachine.provide({
        actors: { requestEmailChange: fakes.requestEmailChange.logic },
        actions: {
          focusField: (_, p) => effects.focusField(p.field),
          focusTrigger: effects.focusTrigger,
          notifySent: (_, p) => effects.notifySent(p.email),
          notifyFailure: (_, p) => effects.notifyFailure(p.code),
          resetBotCheck: () => effects.botCheckReset(),
          loadBotCheck: () => effects.loadBotCheck(),
        },
      }),
      { input: { current: 'kari@example.no' } },
    ).start()
    return { actor, fakes, effects }
  },
  execute: async ({ actor, fakes, effects }, event, from) => {
    for (const effect of Object.values(effects)) effect.mockClear()
    const before = from.context as EmailChangeContext
    /** The request as it goes out: the address as typed (trimmed), the password, the bot check's token. */
    const expectSentOnce = (runs: number, captchaToken: string | undefined) => {
      expect(fakes.requestEmailChange.runs).toHaveLength(runs + 1)
      expect(fakes.requestEmailChange.runs.at(-1)?.input).toStrictEqual({ email: before.values.email.trim(), password: before.values.password, captchaToken })
    }
    if (await applyOutcome(event, fakes)) {
      // A sent request spent the token: the widget is asked for the next one.
      expect(effects.botCheckReset).toHaveBeenCalledOnce()
      if (event.type === 'xstate.done.actor.requestEmailChange') {
        expect(effects.notifySent).toHaveBeenCalledWith(before.values.email)
        expect(effects.focusTrigger).toHaveBeenCalledOnce()
      } else {
        const code = (event as { error?: { code?: string } }).error?.code
        if (code === 'invalid_credentials') {
          expect(effects.focusField).toHaveBeenCalledWith('password')
          expect(effects.notifyFailure).not.toHaveBeenCalled()
        } else expect(effects.notifyFailure).toHaveBeenCalledWith(code)
      }
      return
    }
    const runs = fakes.requestEmailChange.runs.length
    actor.send(event as EmailChangeEvent)
    if (event.type === 'form.submit' && from.matches({ open: 'editing' })) {
      const problems = emailChangeProblems(before)
      if (Object.keys(problems).length > 0) {
        expect(fakes.requestEmailChange.runs).toHaveLength(runs)
        expect(effects.focusField).toHaveBeenCalledWith(problems.email ? 'email' : 'password')
      } else if (before.botCheck === 'pending') {
        // Valid, but the bot check has no token yet: nothing goes out until it has; the widget loads.
        expect(fakes.requestEmailChange.runs).toHaveLength(runs)
        expect(effects.loadBotCheck).toHaveBeenCalledOnce()
      } else expectSentOnce(runs, botCheckToken(before.botCheck))
    }
    // The token arrives for a submit that waited for it: the request goes out with it (without one
    // when the widget failed: the auth service then refuses, and says so).
    if ((event.type === 'botCheck.passed' || event.type === 'botCheck.failed') && from.matches({ open: 'checkingBot' })) {
      if (Object.keys(emailChangeProblems(before)).length > 0) expect(fakes.requestEmailChange.runs).toHaveLength(runs)
      else expectSentOnce(runs, (event as { token?: string }).token)
    }
    if (event.type === 'change.click' && from.matches('closed')) expect(effects.focusField).toHaveBeenCalledWith('email')
    if (event.type === 'cancel.click' && from.matches('open')) expect(effects.focusTrigger).toHaveBeenCalledOnce()
  },
  verify: ({ actor }, planned) => {
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toEqual(planned.value)
    expect(snapshot.context).toEqual(planned.context)
    expect(snapshot.hasTag('busy')).toBe(planned.matches({ open: 'saving' }))
    expect(snapshot.hasTag('checking')).toBe(planned.matches({ open: 'checkingBot' }))
    // The widget goes with the form: a closed form keeps no token (opened again, it gets a new one).
    if (snapshot.matches('closed')) expect(snapshot.context.botCheck).not.toHaveProperty('token')
  },
  stop: ({ actor }) => actor.stop(),
})
