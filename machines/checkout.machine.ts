import { fromPromise } from 'xstate'
import { type BuyerField, type BuyerRequest, buyerFields, buyerProblems, buyerRequest } from '../supabase/functions/_shared/buyer-rules.ts'
import { UNKNOWN_ORG_NUMBER } from '../supabase/functions/_shared/company-register.ts'
import { alreadyHas, freePlan, PAYMENT_OWED, type Plan, planById, plans } from '../supabase/functions/_shared/plans.ts'
import { formSetup } from './form'
import { checkFields, emptyValues, type FieldProblem } from './form-fields'
import { lazyValidator, withArktypeConfig } from './lazy-validator'

export const MISSING_URL = 'No checkout URL returned'

export interface CheckoutInput {
  /** The plan being bought (its id in the catalogue). */
  plan: string
  /** The plans there are; the product's own unless a test brings another. */
  catalogue?: readonly Plan[]
}

/** What is wrong with a field: the shared problems, or a number the register does not know. */
export type CheckoutProblem = FieldProblem | 'unknownOrgNumber'

/** What create-checkout is asked for. */
export interface CheckoutRequest {
  plan: string
  buyer: BuyerRequest
}

/** Whether a customer on plan `current` already has everything `target` gives. */
export const hasPlanAlready = (catalogue: readonly Plan[], current: string | undefined, target: string) => {
  const wanted = planById(target, catalogue)
  return wanted !== undefined && alreadyHas(planById(current ?? '', catalogue) ?? freePlan, wanted)
}

/** A failed checkout as the server gave it: its message, and the code (with the plan it names) of
 * a refusal the site words itself. */
export interface CheckoutFailure {
  message?: string
  code?: string
  plan?: string
}

/** The buyer's schema, create-checkout's (loaded on first use), with the rules of the buyer's
 * country; once nothing is wrong, the buyer as the request names it. */
export const checkoutValidator = lazyValidator<Record<BuyerField, string>, { problems: Partial<Record<BuyerField, FieldProblem>>; data?: BuyerRequest }>('checkout', () =>
  withArktypeConfig(() => import('../supabase/functions/_shared/buyer.ts').then((module) => module.buyerFormSchema)).then((schema) => (values) => {
    const problems = { ...buyerProblems(values), ...checkFields(schema, values).problems }
    const data = buyerRequest(values)
    return Object.keys(problems).length > 0 || !data ? { problems } : { problems, data }
  }),
)

export const checkoutForm = formSetup({
  fields: buyerFields,
  // Which fields are needed depends on the country (buyer-rules.ts).
  required: [],
  schema: checkoutValidator,
  problems: (values): Partial<Record<BuyerField, CheckoutProblem>> => buyerProblems(values),
  types: {
    context: {} as { plan: string; catalogue: readonly Plan[]; values: Record<BuyerField, string> },
    input: {} as CheckoutInput,
    failure: {} as CheckoutFailure,
  },
  actors: {
    // Provided by the app: the id of the plan the user is on now, or PAYMENT_OWED while a payment
    // of theirs is owed (a failed renewal, a locked Pro, an incomplete first payment).
    loadPlan: fromPromise<string>(async () => freePlan.id),
    // Provided by the app: asks the server for a checkout link for the plan and the buyer.
    createCheckout: fromPromise<{ url?: string | null }, CheckoutRequest>(async () => ({})),
  },
  actions: {
    // Provided by the view.
    goToPayment: (_, _params: { url: string }) => {},
  },
  guards: {
    owesPayment: ({ event }) => (event as { output?: string }).output === PAYMENT_OWED,
    hasPlanAlready: ({ context, event }) => hasPlanAlready(context.catalogue, (event as { output?: string }).output, context.plan),
    hasUrl: ({ event }) => Boolean((event as { output?: { url?: string | null } }).output?.url),
    isUnknownOrgNumber: ({ event }) => (event as { error?: CheckoutFailure }).error?.code === UNKNOWN_ORG_NUMBER,
  },
})

export const checkoutMachine = checkoutForm.createMachine({
  id: 'checkout',
  description: 'Buying a paid plan as a business: the company, then the payment provider.',
  // A Norwegian company unless the buyer picks an EU country.
  context: ({ input }) => ({ plan: input.plan, catalogue: input.catalogue ?? plans, values: { ...emptyValues(buyerFields), country: 'NO' } }),
  initial: 'checkingPlan',
  editing: { description: 'The form waits for the company: its organisation number, or an EU VAT number, name and address.' },
  submitting: {
    description: 'Asking the server for a payment link: the fields are read-only, the button waits.',
    invoke: {
      src: 'createCheckout',
      input: ({ context }) => ({ plan: context.plan, buyer: context.sent as BuyerRequest }),
      onDone: [
        {
          guard: 'hasUrl',
          target: 'redirecting',
          actions: { type: 'goToPayment', params: ({ event }) => ({ url: event.output.url! }) },
          description: 'A link came back: the browser goes to the payment page.',
        },
        { target: 'editing', actions: { type: 'notifyFailure', params: { message: MISSING_URL } }, description: 'No link in the answer.' },
      ],
      onError: [
        {
          guard: 'isUnknownOrgNumber',
          target: 'editing',
          actions: [
            { type: 'refuseField', params: { field: 'orgNumber', problem: 'unknownOrgNumber' } },
            { type: 'focusField', params: { field: 'orgNumber' } },
          ],
          description: 'The register does not know the number: the field says so, nothing was charged.',
        },
        {
          target: 'editing',
          actions: ['rememberFailure', { type: 'notifyFailure', params: ({ event }) => (event.error ?? {}) as CheckoutFailure }],
          description: 'The request failed: the error shows and the button works again.',
        },
      ],
    },
  },
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
          { target: 'editing', description: 'The user is on a lower plan.' },
        ],
        onError: { target: 'editing', description: 'Unknown: the server refuses a second subscription anyway.' },
      },
    },
    alreadyOnPlan: { description: 'Told that the plan is already active.', type: 'final' },
    paymentOwed: { description: 'Told that a payment is owed, with the way to the dashboard where it is fixed: no second checkout.', type: 'final' },
    redirecting: { description: 'The browser is leaving for the payment page.', tags: 'busy' },
  },
})
