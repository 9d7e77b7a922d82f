import { type AnyActorRef, setup } from 'xstate'

/** The wait before the subscriptions are fetched again after a successful payment. */
export const REFRESH_AFTER_PAYMENT_MS = 2000

export type PaymentOutcome = 'success' | 'canceled' | 'none'

/** Reads the dashboard's query: `?success=true` or `?canceled=true`. */
export function paymentOutcomeOf(search: string): PaymentOutcome {
  const params = new URLSearchParams(search)
  if (params.get('success') === 'true') return 'success'
  if (params.get('canceled') === 'true') return 'canceled'
  return 'none'
}

export interface PaymentReturnInput {
  outcome: PaymentOutcome
  /** The dashboard's subscriptions actor, told to expect the change once the provider has had time to report. */
  subscriptions?: AnyActorRef
}

export const paymentReturnMachine = setup({
  types: {
    input: {} as PaymentReturnInput,
    context: {} as PaymentReturnInput,
  },
  delays: { refreshAfterPayment: REFRESH_AFTER_PAYMENT_MS },
  actions: {
    // Provided by the view.
    notifyPaid: () => {},
    notifyCanceled: () => {},
    cleanUrl: () => {},
    // Tells the dashboard's subscriptions machine that a change is on its way: it fetches now, and
    // again now and then until the change is surely in.
    refreshSubscriptions: ({ context }) => context.subscriptions?.send({ type: 'change.expected' }),
  },
  guards: {
    isSuccess: ({ context }) => context.outcome === 'success',
    isCanceled: ({ context }) => context.outcome === 'canceled',
  },
}).createMachine({
  id: 'paymentReturn',
  description: 'Coming back to the dashboard from the payment page.',
  context: ({ input }) => ({ outcome: input.outcome, subscriptions: input.subscriptions }),
  initial: 'reading',
  states: {
    reading: {
      description: 'Reading the query parameters.',
      always: [
        { guard: 'isSuccess', target: 'paid', description: '?success=true' },
        { guard: 'isCanceled', target: 'canceled', description: '?canceled=true' },
        { target: 'done', description: 'No payment to report.' },
      ],
    },
    paid: {
      description: 'Payment done: told so, the address cleaned, the subscriptions fetched again shortly.',
      entry: ['notifyPaid', 'cleanUrl'],
      after: {
        refreshAfterPayment: { target: 'done', actions: 'refreshSubscriptions', description: 'The provider has had time to call the webhook.' },
      },
    },
    canceled: {
      description: 'Payment cancelled: told so, the address cleaned.',
      entry: ['notifyCanceled', 'cleanUrl'],
      always: { target: 'done' },
    },
    done: { description: 'Nothing more to do.', type: 'final' },
  },
})
