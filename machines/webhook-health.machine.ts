import { assign, fromPromise, setup } from 'xstate'

export interface HealthAnswer {
  status: number
  text: string
}

export type WebhookHealthEvent = { type: 'user.check' }

export const webhookHealthMachine = setup({
  types: {
    context: {} as { answer: HealthAnswer | null; unreachable: string | null },
    events: {} as WebhookHealthEvent,
  },
  actors: {
    // Provided by the app: POSTs { test: 'health_check' } to the payment webhook.
    checkWebhook: fromPromise<HealthAnswer>(async () => ({ status: 0, text: '' })),
  },
}).createMachine({
  id: 'webhookHealth',
  description: "The debug card's check that the payment webhook answers.",
  context: { answer: null, unreachable: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'Not checked yet, or showing the last answer.',
      on: { 'user.check': { target: 'checking', description: 'Check the webhook.' } },
    },
    checking: {
      description: 'Waiting for the webhook.',
      tags: 'busy',
      invoke: {
        id: 'checkWebhook',
        src: 'checkWebhook',
        onDone: {
          target: 'idle',
          actions: assign({ answer: ({ event }) => event.output, unreachable: null }),
          description: 'It answered: status and text show.',
        },
        onError: {
          target: 'idle',
          actions: assign({ answer: null, unreachable: ({ event }) => String((event.error as Error)?.message ?? event.error) }),
          description: 'It could not be reached.',
        },
      },
    },
  },
})
