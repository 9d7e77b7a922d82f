import { expect, vi } from 'vitest'
import { createActor } from 'xstate'
import { type EmailChangeContext, type EmailChangeEvent, type EmailChangeRequest, emailChangeMachine, emailChangeProblems } from '../../machines/email-change.machine'
import { machineModels } from '../model/catalogue'
import { applyOutcome, controllablePromise } from '../model/fake-actors'
import { testMachinePaths } from '../model/run'

testMachinePaths('emailChange machine', emailChangeMachine, machineModels.emailChange.options, {
  start: () => {
    const fakes = { requestEmailChange: controllablePromise<void, EmailChangeRequest>() }
    const effects = { focusField: vi.fn(), focusTrigger: vi.fn(), notifySent: vi.fn(), notifyFailure: vi.fn() }
    const actor = createActor(
      emailChangeMachine.provide({
        actors: { requestEmailChange: fakes.requestEmailChange.logic },
        actions: {
          focusField: (_, p) => effects.focusField(p.field),
          focusTrigger: effects.focusTrigger,
          notifySent: (_, p) => effects.notifySent(p.email),
          notifyFailure: (_, p) => effects.notifyFailure(p.code),
        },
      }),
      { input: { current: 'kari@example.no' } },
    ).start()
    return { actor, fakes, effects }
  },
  execute: async ({ actor, fakes, effects }, event, from) => {
    for (const effect of Object.values(effects)) effect.mockClear()
    const before = from.context as EmailChangeContext
    if (await applyOutcome(event, fakes)) {
      if (event.type === 'xstate.done.actor.requestEmailChange') {
        expect(effects.notifySent).toHaveBeenCalledWith(before.values.email)
        expect(effects.focusTrigger).toHaveBeenCalledOnce()
      } else if ((event as { error?: { code?: string } }).error?.code === 'invalid_credentials') {
        expect(effects.focusField).toHaveBeenCalledWith('password')
        expect(effects.notifyFailure).not.toHaveBeenCalled()
      } else {
        expect(effects.notifyFailure).toHaveBeenCalledWith('email_exists')
      }
      return
    }
    const runs = fakes.requestEmailChange.runs.length
    actor.send(event as EmailChangeEvent)
    if (event.type === 'form.submit' && from.matches('editing')) {
      const problems = emailChangeProblems(before)
      if (Object.keys(problems).length === 0) {
        // The address as typed (trimmed) and the password go to the auth service, once.
        expect(fakes.requestEmailChange.runs).toHaveLength(runs + 1)
        expect(fakes.requestEmailChange.runs.at(-1)?.input).toEqual({ email: before.values.email.trim(), password: before.values.password })
      } else {
        expect(fakes.requestEmailChange.runs).toHaveLength(runs)
        expect(effects.focusField).toHaveBeenCalledWith(problems.email ? 'email' : 'password')
      }
    }
    if (event.type === 'change.click' && from.matches('closed')) expect(effects.focusField).toHaveBeenCalledWith('email')
    if (event.type === 'cancel.click' && from.matches('editing')) expect(effects.focusTrigger).toHaveBeenCalledOnce()
  },
  verify: ({ actor }, planned) => {
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toEqual(planned.value)
    expect(snapshot.context).toEqual(planned.context)
    expect(snapshot.hasTag('busy')).toBe(planned.value === 'saving')
  },
  stop: ({ actor }) => actor.stop(),
})
