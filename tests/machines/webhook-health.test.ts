import { expect } from 'vitest'
import { createActor } from 'xstate'
import { type HealthAnswer, type WebhookHealthEvent, webhookHealthMachine } from '../../machines/webhook-health.machine'
import { applyOutcome, controllablePromise, } from '../model/fake-actors'
import { testMachinePaths } from '../model/run'
import { machineModels } from '../model/catalogue'


testMachinePaths(
  'webhookHealth machine',
  webhookHealthMachine,
  machineModels.webhookHealth.options,
  {
    start: () => {
      const fakes = { checkWebhook: controllablePromise<HealthAnswer>() }
      return { actor: createActor(webhookHealthMachine.provide({ actors: { checkWebhook: fakes.checkWebhook.logic } })).start(), fakes }
    },
    execute: async ({ actor, fakes }, event) => {
      if (!(await applyOutcome(event, fakes))) actor.send(event as WebhookHealthEvent)
    },
    verify: ({ actor }, planned) => {
      expect(actor.getSnapshot().value).toEqual(planned.value)
      expect(actor.getSnapshot().context).toEqual(planned.context)
    },
    stop: ({ actor }) => actor.stop(),
  },
)
