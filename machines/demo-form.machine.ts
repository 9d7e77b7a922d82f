import { type ContextFrom, type EventFrom, fromPromise } from 'xstate'
import { DEMO_FIELDS, type DemoField, type FieldProblems, REQUIRED_DEMO_FIELDS, type RequestLanguage } from '../supabase/functions/_shared/demo-fields.ts'
import type { DemoRequest, DemoRequestBody, DemoResponse, Validation } from '../supabase/functions/_shared/demo-request.ts'
import { botCheckToken } from './bot-check'
import { formSetup } from './form'
import { type Checked, emptyValues as empty, type FieldProblem } from './form-fields'
import { lazyValidator, mapValidator, withArktypeConfig } from './lazy-validator'

/** Every input of the form: the visible fields and the hidden honeypot. */
export type DemoInput = DemoField | 'website'
export const demoInputs: readonly DemoInput[] = [...DEMO_FIELDS, 'website']

export type DemoFormValues = Record<DemoInput, string>

export const emptyValues: DemoFormValues = empty(demoInputs)

export interface DemoFormInput {
  language?: RequestLanguage
}

/** The shared schema, loaded when the form is first used (a submit waits for it). */
export const demoValidator = lazyValidator<unknown, Validation>('demo request', () =>
  withArktypeConfig(() => import('../supabase/functions/_shared/demo-request.ts')).then(({ validateDemoRequest }) => validateDemoRequest),
)

/** The shared schema's answer as the form's problems, or the request it makes (normalised). */
const demoSchema = mapValidator(demoValidator, (result): Checked<DemoInput, FieldProblem, DemoRequest> =>
  result.ok ? { problems: {}, data: result.request } : { problems: result.fields },
)

/** The first field (in the form's order) with a problem. */
export const firstInvalid = (problems: FieldProblems): DemoField | undefined => DEMO_FIELDS.find((field) => problems[field])

/** The problems the visitor sees: of fields left, or all after a submit. */
export function visibleProblems(context: Pick<DemoFormContext, 'shown' | 'problems'>): FieldProblems {
  const shown: FieldProblems = {}
  for (const field of context.shown) {
    const problem = context.problems[field]
    if (problem && field !== 'website') shown[field] = problem
  }
  return shown
}

export const demoForm = formSetup({
  fields: demoInputs,
  required: REQUIRED_DEMO_FIELDS,
  schema: demoSchema,
  botCheck: true,
  types: { context: {} as { language: RequestLanguage }, input: {} as DemoFormInput | undefined },
  actors: {
    // Provided by the feature's logic: sends the request to the send-demo-request function.
    sendDemoRequest: fromPromise<DemoResponse, DemoRequestBody>(async () => ({ ok: true })),
  },
  actions: {
    // Provided by the feature's logic: the thank-you toast, in the visitor's language.
    notifySuccess: () => {},
  },
  guards: {
    isAccepted: (_, output: DemoResponse) => output.ok,
  },
})

export const demoFormMachine = demoForm.createMachine({
  id: 'demoForm',
  description: 'The demo booking form: filled in, checked against the shared schema, sent once, answered with a toast.',
  context: ({ input }) => ({ language: input?.language ?? 'nb' }),
  editing: {
    description: 'The visitor fills in the form; a field shows its problem once left, or every field after a submit.',
  },
  submitting: {
    description: 'The request is on its way: the button reads "Sending..." and waits, fields are read-only.',
    invoke: {
      src: 'sendDemoRequest',
      // The request as the schema made it (trimmed, the address in lower case, the LinkedIn link
      // in its one form), in the visitor's language, with the bot check's token when there is one.
      input: ({ context }) => {
        const request = { ...(context.sent as DemoRequest), language: context.language }
        const token = botCheckToken(context.botCheck)
        return token === undefined ? request : { ...request, captcha_token: token }
      },
      onDone: [
        {
          guard: { type: 'isAccepted', params: ({ event }) => event.output },
          target: 'succeeded',
          actions: ['clearValues', 'resetFields', 'notifySuccess'],
          description: 'The function stored the request: thank the visitor and empty the form.',
        },
        {
          target: 'failed',
          actions: { type: 'notifyFailure', params: ({ event }) => (event.output.ok ? {} : { code: event.output.error }) },
          description: 'The function refused the request (bot check, rate limit, bad input, storage): keep what was typed.',
        },
      ],
      onError: { target: 'failed', actions: { type: 'notifyFailure', params: {} }, description: 'The function could not be reached: keep what was typed.' },
    },
  },
  alsoSubmitFrom: ['succeeded', 'failed'],
  states: {
    succeeded: { description: 'Sent: the form is empty again and the thank-you toast shows.' },
    failed: { description: 'Not sent: the form keeps what was typed and the failure toast shows; the visitor may try again.' },
  },
})

export type DemoFormContext = ContextFrom<typeof demoFormMachine>
export type DemoFormEvent = EventFrom<typeof demoFormMachine>
