import { expect } from 'vitest'
import { createActor } from 'xstate'
import { type HealthAnswer, type WebhookHealthEvent, webhookHealthMachine } from '../../machines/webhook-health.machine'
import { applyOutcome, controllablePromise, outcome } from '../model/fake-actors'
import { testMachinePaths } from '../model/run'

const events = [
  { type: 'user.check' },
  outcome.done('checkWebhook', { status: 200, text: '{"ok":true}' }),
  outcome.error('checkWebhook', new Error('Failed to fetch')),
] as WebhookHealthEvent[]

testMachinePaths(
  'webhookHealth machine',
  webhookHealthMachine,
  { events, serialize: (s) => `${JSON.stringify(s.value)} ${JSON.stringify(s.context)}` },
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
