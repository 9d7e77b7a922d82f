import { assign, fromPromise, setup } from 'xstate'

export type SubscriptionManagementEvent = { type: 'portal.open' }

export interface SubscriptionManagementInput {
  /** The subscription is cancelled and ends with its paid period (the payment provider's `cancel_at_period_end`). */
  endsAtPeriodEnd: boolean
}

export interface SubscriptionManagementContext extends SubscriptionManagementInput {
  error: string | null
}

export const subscriptionManagementMachine = setup({
  types: {
    context: {} as SubscriptionManagementContext,
    events: {} as SubscriptionManagementEvent,
    input: {} as SubscriptionManagementInput,
  },
  actors: {
    // Provided by the app: asks the server for a link to the payment provider's customer portal.
    openPortal: fromPromise<{ url?: string | null }>(async () => ({})),
  },
  actions: {
    // Provided by the app.
    goToPortal: (_, _params: { url: string }) => {},
    notifyFailure: (_, _params: { message: string | null }) => {},
  },
  guards: {
    endsAtPeriodEnd: ({ context }) => context.endsAtPeriodEnd,
    hasUrl: ({ event }) => Boolean((event as { output?: { url?: string | null } }).output?.url),
  },
}).createMachine({
  id: 'subscriptionManagement',
  description: "A paying customer's subscription on the dashboard: renewing, or ending with its period; both managed at the payment provider's portal.",
  context: ({ input }) => ({ endsAtPeriodEnd: input.endsAtPeriodEnd, error: null }),
  initial: 'reading',
  states: {
    reading: {
      description: 'Reading how the subscription stands.',
      always: [
        { guard: 'endsAtPeriodEnd', target: 'endingAtPeriodEnd', description: 'Cancelled: it ends with the paid period.' },
        { target: 'renewing', description: 'It renews at the end of the period.' },
      ],
    },
    renewing: {
      description: '"Renews <date>", and "Manage subscription" (cancel, card, invoices) at the portal.',
      on: { 'portal.open': { target: 'opening', description: 'The customer manages the subscription.' } },
    },
    endingAtPeriodEnd: {
      description: '"Pro until <date>", and "Resume subscription" at the portal.',
      on: { 'portal.open': { target: 'opening', description: 'The customer resumes the subscription.' } },
    },
    opening: {
      description: 'Asking the server for a portal link: the button is busy and disabled.',
      tags: 'busy',
      invoke: {
        id: 'openPortal',
        src: 'openPortal',
        onDone: [
          {
            guard: 'hasUrl',
            target: 'redirecting',
            actions: { type: 'goToPortal', params: ({ event }) => ({ url: event.output.url! }) },
            description: 'A link came back: the browser goes to the portal.',
          },
          {
            target: 'reading',
            actions: [assign({ error: 'No portal URL returned' }), { type: 'notifyFailure', params: { message: null } }],
            description: 'No link in the answer: a toast, and the button works again.',
          },
        ],
        onError: {
          target: 'reading',
          actions: [
            assign({ error: ({ event }) => (event.error as { message?: string })?.message ?? null }),
            { type: 'notifyFailure', params: ({ event }) => ({ message: (event.error as { message?: string })?.message ?? null }) },
          ],
          description: 'The request failed: a toast, and the button works again.',
        },
      },
    },
    redirecting: { description: 'The browser is leaving for the portal.', tags: 'busy' },
  },
})
