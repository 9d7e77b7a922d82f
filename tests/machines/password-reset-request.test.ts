import { expect, vi } from 'vitest'
import { createActor } from 'xstate'
import { type PasswordResetRequestEvent, passwordResetRequestMachine } from '../../machines/password-reset-request.machine'
import { machineModels } from '../model/catalogue'
import { applyOutcome, controllablePromise } from '../model/fake-actors'
import { testMachinePaths } from '../model/run'

testMachinePaths('passwordResetRequest machine', passwordResetRequestMachine, machineModels.passwordResetRequest.options, {
  start: () => {
    const fakes = { requestPasswordReset: controllablePromise<void, { email: string }>() }
    const effects = { notifyFailure: vi.fn(), focusField: vi.fn() }
    const actor = createActor(
      passwordResetRequestMachine.provide({
        actors: { requestPasswordReset: fakes.requestPasswordReset.logic },
        actions: { notifyFailure: (_, p) => effects.notifyFailure(p.message), focusField: (_, p) => effects.focusField(p.field) },
      }),
    ).start()
    return { actor, fakes, effects }
  },
  execute: async ({ actor, fakes, effects }, event, from) => {
    for (const effect of Object.values(effects)) effect.mockClear()
    if (await applyOutcome(event, fakes)) {
      if (event.type === 'xstate.error.actor.requestPasswordReset') expect(effects.notifyFailure).toHaveBeenCalledOnce()
      return
    }
    actor.send(event as PasswordResetRequestEvent)
    if (event.type === 'form.submit' && from.matches('editing')) {
      const invalid = Object.keys((from.context as { problems: object }).problems).length > 0
      // An invalid address never reaches the backend; focus goes to the field.
      if (invalid) expect(effects.focusField).toHaveBeenCalledWith('email')
      else expect(fakes.requestPasswordReset.runs.at(-1)?.input).toEqual({ email: (from.context as { values: { email: string } }).values.email })
    }
  },
  verify: ({ actor }, planned) => {
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toEqual(planned.value)
    expect(snapshot.context.values).toEqual(planned.context.values)
    expect(snapshot.context.shown).toEqual(planned.context.shown)
    expect(snapshot.hasTag('busy')).toBe(planned.value === 'sending')
  },
  stop: ({ actor }) => actor.stop(),
})
