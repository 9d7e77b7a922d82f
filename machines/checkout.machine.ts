import { assign, fromPromise, setup } from 'xstate'

export const MISSING_URL = 'No checkout URL returned'

export type CheckoutEvent = { type: 'user.continue' }

export interface CheckoutContext {
  error: string | null
}

export const checkoutMachine = setup({
  types: { context: {} as CheckoutContext, events: {} as CheckoutEvent },
  actors: {
    // Provided by the app: whether the user already has Pro.
    loadPlan: fromPromise<'pro' | 'free'>(async () => 'free'),
    // Provided by the app: asks the server for a checkout link for product type `pro`.
    createCheckout: fromPromise<{ url?: string | null }>(async () => ({})),
  },
  actions: {
    // Provided by the view.
    goToPayment: (_, _params: { url: string }) => {},
    notifyFailure: (_, _params: { message: string | null }) => {},
  },
  guards: {
    isPro: ({ event }) => (event as { output?: string }).output === 'pro',
    hasUrl: ({ event }) => Boolean((event as { output?: { url?: string | null } }).output?.url),
  },
}).createMachine({
  id: 'checkout',
  description: 'Buying Pro: from the plan page to the payment provider.',
  context: { error: null },
  initial: 'checkingPlan',
  states: {
    checkingPlan: {
      description: "Finding out whether the user is on Pro already.",
      tags: 'busy',
      invoke: {
        id: 'loadPlan',
        src: 'loadPlan',
        onDone: [
          { guard: 'isPro', target: 'alreadyPro', description: 'The user has Pro: no second payment.' },
          { target: 'idle', description: 'The user is on Free.' },
        ],
        onError: { target: 'idle', description: 'Unknown: the server refuses a second Pro anyway.' },
      },
    },
    alreadyPro: { description: 'Told that Pro is already active.', type: 'final' },
    idle: {
      description: 'The continue button waits.',
      on: { 'user.continue': { target: 'busy', actions: assign({ error: null }), description: 'Continue to payment.' } },
    },
    busy: {
      description: 'Asking the server for a payment link: the button shows a processing state and is disabled.',
      tags: 'busy',
      invoke: {
        id: 'createCheckout',
        src: 'createCheckout',
        onDone: [
          {
            guard: 'hasUrl',
            target: 'redirecting',
            actions: { type: 'goToPayment', params: ({ event }) => ({ url: event.output.url! }) },
            description: 'A link came back: the browser goes to the payment page.',
          },
          {
            target: 'idle',
            actions: [assign({ error: MISSING_URL }), { type: 'notifyFailure', params: { message: MISSING_URL } }],
            description: 'No link in the answer.',
          },
        ],
        onError: {
          target: 'idle',
          actions: [
            assign({ error: ({ event }) => (event.error as { message?: string })?.message ?? null }),
            { type: 'notifyFailure', params: ({ event }) => ({ message: (event.error as { message?: string })?.message ?? null }) },
          ],
          description: 'The request failed: the error shows and the button works again.',
        },
      },
    },
    redirecting: {
      description: 'The browser is leaving for the payment page.',
      tags: 'busy',
    },
  },
})
