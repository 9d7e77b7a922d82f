import { expect, vi } from 'vitest'
import { createActor } from 'xstate'
import {
  type SubscriptionManagementEvent,
  type SubscriptionManagementInput,
  subscriptionManagementMachine,
} from '../../machines/subscription-management.machine'
import { machineModels } from '../model/catalogue'
import { applyOutcome, controllablePromise } from '../model/fake-actors'
import { testMachinePaths } from '../model/run'

testMachinePaths('subscriptionManagement machine', subscriptionManagementMachine, machineModels.subscriptionManagement.options, {
  start: (plan) => {
    const input: SubscriptionManagementInput = { endsAtPeriodEnd: plan.initial.context.endsAtPeriodEnd }
    const fakes = { openPortal: controllablePromise<{ url?: string | null }>() }
    const effects = { goToPortal: vi.fn(), notifyFailure: vi.fn() }
    const actor = createActor(
      subscriptionManagementMachine.provide({
        actors: { openPortal: fakes.openPortal.logic },
        actions: { goToPortal: (_, { url }) => effects.goToPortal(url), notifyFailure: (_, { message }) => effects.notifyFailure(message) },
      }),
      { input },
    ).start()
    return { actor, fakes, effects }
  },
  execute: async ({ actor, fakes, effects }, event) => {
    if (await applyOutcome(event, fakes)) {
      const e = event as unknown as { type: string; output?: { url?: string } }
      if (e.type === 'xstate.done.actor.openPortal' && e.output?.url) expect(effects.goToPortal).toHaveBeenLastCalledWith(e.output.url)
      if (e.type === 'xstate.done.actor.openPortal' && !e.output?.url) expect(effects.notifyFailure).toHaveBeenLastCalledWith(null)
      if (e.type === 'xstate.error.actor.openPortal') expect(effects.notifyFailure).toHaveBeenLastCalledWith('No subscription to manage')
      return
    }
    actor.send(event as SubscriptionManagementEvent)
  },
  verify: ({ actor }, planned) => {
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toEqual(planned.value)
    // Busy (button disabled) exactly while the portal link is on its way or the page is leaving.
    expect(snapshot.hasTag('busy')).toBe(['opening', 'redirecting'].includes(planned.value as string))
  },
  stop: ({ actor }) => actor.stop(),
})
