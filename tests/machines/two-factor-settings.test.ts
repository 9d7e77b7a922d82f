import { expect, vi } from 'vitest'
import { createActor } from 'xstate'
import type { TwoFactorStatus } from '../../machines/two-factor-settings.machine'
import {
  type EnrolledFactor,
  type Enrollment,
  type TwoFactorSettingsEvent,
  twoFactorSettingsMachine,
} from '../../machines/two-factor-settings.machine'
import { machineModels } from '../model/catalogue'
import { applyOutcome, controllablePromise } from '../model/fake-actors'
import { testMachinePaths } from '../model/run'

testMachinePaths('twoFactorSettings machine', twoFactorSettingsMachine, machineModels.twoFactorSettings.options, {
  start: () => {
    const fakes = {
      loadStatus: controllablePromise<TwoFactorStatus>(),
      startEnrollment: controllablePromise<Enrollment>(),
      confirmEnrollment: controllablePromise<EnrolledFactor, { factorId: string; code: string }>(),
      removeFactor: controllablePromise<void, { factorId: string; code: string }>(),
    }
    const effects = { focusCode: vi.fn(), notifyEnabled: vi.fn(), notifyRemoved: vi.fn(), notifyFailure: vi.fn() }
    const actor = createActor(
      twoFactorSettingsMachine.provide({
        actors: {
          loadStatus: fakes.loadStatus.logic,
          startEnrollment: fakes.startEnrollment.logic,
          confirmEnrollment: fakes.confirmEnrollment.logic,
          removeFactor: fakes.removeFactor.logic,
        },
        actions: { ...effects, notifyFailure: (_, failure) => effects.notifyFailure(failure.code) },
      }),
    ).start()
    return { actor, fakes, effects }
  },
  execute: async ({ actor, fakes, effects }, event, from) => {
    for (const effect of Object.values(effects)) effect.mockClear()
    if (await applyOutcome(event, fakes)) {
      if (event.type === 'xstate.done.actor.confirmEnrollment') expect(effects.notifyEnabled).toHaveBeenCalledOnce()
      if (event.type === 'xstate.done.actor.removeFactor') expect(effects.notifyRemoved).toHaveBeenCalledOnce()
      if (event.type === 'xstate.error.actor.startEnrollment') expect(effects.notifyFailure).toHaveBeenCalledWith('too_many_enrolled_mfa_factors')
      if (event.type === 'xstate.error.actor.removeFactor' && (event as unknown as { error: { code: string } }).error.code === 'insufficient_aal') {
        expect(effects.notifyFailure).toHaveBeenCalledWith('insufficient_aal')
      }
      return
    }
    actor.send(event as TwoFactorSettingsEvent)
    const context = from.context as { code: string; factor: EnrolledFactor | null; enrollment: Enrollment | null }
    const to = actor.getSnapshot()
    if (to.matches('confirming') && !from.matches('confirming')) {
      expect(fakes.confirmEnrollment.runs.at(-1)?.input).toEqual({ factorId: context.enrollment?.factorId, code: context.code })
    }
    // Removing always sends a fresh code, asked for first, whatever the session used before.
    if (to.matches('removing') && !from.matches('removing')) {
      expect(from.matches('confirmingRemoval')).toBe(true)
      expect(fakes.removeFactor.runs.at(-1)?.input).toEqual({ factorId: context.factor?.id, code: context.code.replace(/\s/g, '') })
    }
  },
  verify: ({ actor }, planned) => {
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toEqual(planned.value)
    expect(snapshot.context).toEqual(planned.context)
    expect(snapshot.hasTag('busy')).toBe(['loading', 'starting', 'confirming', 'removing'].includes(planned.value as string))
  },
  stop: ({ actor }) => actor.stop(),
})
