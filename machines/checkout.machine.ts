import { assign, fromPromise, setup } from 'xstate'
import { alreadyHas, freePlan, PAYMENT_OWED, type Plan, planById, plans } from '../supabase/functions/_shared/plans.ts'

export const MISSING_URL = 'No checkout URL returned'

export type CheckoutEvent = { type: 'user.continue' }

export interface CheckoutInput {
  /** The plan being bought (its id in the catalogue). */
  plan: string
  /** The plans there are; the product's own unless a test brings another. */
  catalogue?: readonly Plan[]
}

export interface CheckoutContext {
  plan: string
  catalogue: readonly Plan[]
  error: string | null
}

/** Whether a customer on plan `current` already has everything `target` gives. */
export const hasPlanAlready = (catalogue: readonly Plan[], current: string | undefined, target: string) => {
  const wanted = planById(target, catalogue)
  return wanted !== undefined && alreadyHas(planById(current ?? '', catalogue) ?? freePlan, wanted)
}

/** A failed checkout as the server gave it: its message, and the code (with the plan it names) of
 * a refusal the site words itself. */
export interface CheckoutFailure {
  message: string | null
  code?: string
  plan?: string
}

const failureOf = (error: unknown): CheckoutFailure => {
  const { message, code, plan } = (error ?? {}) as { message?: string; code?: string; plan?: string }
  return { message: message ?? null, ...(code ? { code } : {}), ...(plan ? { plan } : {}) }
}

export const checkoutMachine = setup({
  types: { context: {} as CheckoutContext, events: {} as CheckoutEvent, input: {} as CheckoutInput },
  actors: {
    // Provided by the app: the id of the plan the user is on now, or PAYMENT_OWED while a payment
    // of theirs is owed (a failed renewal, a locked Pro, an incomplete first payment).
    loadPlan: fromPromise<string>(async () => freePlan.id),
    // Provided by the app: asks the server for a checkout link for the plan.
    createCheckout: fromPromise<{ url?: string | null }, { plan: string }>(async () => ({})),
  },
  actions: {
    // Provided by the view.
    goToPayment: (_, _params: { url: string }) => {},
    notifyFailure: (_, _params: CheckoutFailure) => {},
  },
  guards: {
    owesPayment: ({ event }) => (event as { output?: string }).output === PAYMENT_OWED,
    hasPlanAlready: ({ context, event }) => hasPlanAlready(context.catalogue, (event as { output?: string }).output, context.plan),
    hasUrl: ({ event }) => Boolean((event as { output?: { url?: string | null } }).output?.url),
  },
}).createMachine({
  id: 'checkout',
  description: 'Buying a paid plan: from the plan page to the payment provider.',
  context: ({ input }) => ({ plan: input.plan, catalogue: input.catalogue ?? plans, error: null }),
  initial: 'checkingPlan',
  states: {
    checkingPlan: {
      description: 'Finding out whether the user has the plan (or a higher one) already.',
      tags: 'busy',
      invoke: {
        id: 'loadPlan',
        src: 'loadPlan',
        onDone: [
          { guard: 'owesPayment', target: 'paymentOwed', description: 'A payment is owed: it is fixed on the dashboard, not bought again.' },
          { guard: 'hasPlanAlready', target: 'alreadyOnPlan', description: 'The user has the plan: no second payment.' },
          { target: 'idle', description: 'The user is on a lower plan.' },
        ],
        onError: { target: 'idle', description: 'Unknown: the server refuses a second subscription anyway.' },
      },
    },
    alreadyOnPlan: { description: 'Told that the plan is already active.', type: 'final' },
    paymentOwed: { description: 'Told that a payment is owed, with the way to the dashboard where it is fixed: no second checkout.', type: 'final' },
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
        input: ({ context }) => ({ plan: context.plan }),
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
            { type: 'notifyFailure', params: ({ event }) => failureOf(event.error) },
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
