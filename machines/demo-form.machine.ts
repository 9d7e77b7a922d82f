import { assign, fromPromise, setup } from 'xstate'
import { DEMO_FIELDS, type DemoField, type FieldProblems, REQUIRED_DEMO_FIELDS, type RequestLanguage } from '../supabase/functions/_shared/demo-fields.ts'
import type { DemoRequest, DemoResponse, Validation } from '../supabase/functions/_shared/demo-request.ts'
import { withShown, withValue } from './form-fields'
import { lazyValidator, withArktypeConfig } from './lazy-validator'

/** Every input of the form: the visible fields and the hidden honeypot. */
export type DemoInput = DemoField | 'website'

export type DemoFormValues = Record<DemoInput, string>

export const emptyValues: DemoFormValues = { name: '', email: '', company: '', linkedin: '', need: '', notes: '', website: '' }

export type DemoFormEvent =
  | { type: 'field.change'; field: DemoInput; value: string }
  | { type: 'field.blur'; field: DemoField }
  | { type: 'form.submit' }

export interface DemoFormContext {
  values: DemoFormValues
  /** The problems of the current values, whether shown yet or not. */
  problems: FieldProblems
  /** Fields whose problems show: after leaving them, or all of them after a submit. */
  shown: DemoField[]
  language: RequestLanguage
}

export interface DemoFormInput {
  language?: RequestLanguage
}

/** The shared schema, loaded when the form is first used: its events wait for it. */
export const demoValidator = lazyValidator<unknown, Validation>('demo request', () =>
  withArktypeConfig(() => import('../supabase/functions/_shared/demo-request.ts')).then(({ validateDemoRequest }) => validateDemoRequest),
)
const validateDemoRequest = (values: unknown) => demoValidator.validate(values)

/** An empty form's problems: its required fields are empty (known before the schema loads). */
const emptyProblems: FieldProblems = Object.fromEntries(REQUIRED_DEMO_FIELDS.map((field) => [field, 'required']))

const problemsOf = (values: DemoFormValues): FieldProblems => {
  const result = validateDemoRequest(values)
  return result.ok ? {} : result.fields
}

/** The first field (in the form's order) with a problem. */
export const firstInvalid = (problems: FieldProblems): DemoField | undefined => DEMO_FIELDS.find((field) => problems[field])

/** The problems the visitor sees: of fields left, or all after a submit. */
export function visibleProblems(context: DemoFormContext): FieldProblems {
  const shown: FieldProblems = {}
  for (const field of context.shown) {
    const problem = context.problems[field]
    if (problem) shown[field] = problem
  }
  return shown
}

const fresh = (language: RequestLanguage): DemoFormContext => ({
  values: emptyValues,
  problems: emptyProblems,
  shown: [],
  language,
})

const demoFormSetup = setup({
  types: {
    context: {} as DemoFormContext,
    events: {} as DemoFormEvent,
    input: {} as DemoFormInput,
  },
  actors: {
    // Provided by the app: sends the request to the send-demo-request function.
    sendDemoRequest: fromPromise<DemoResponse, DemoRequest>(async () => ({ ok: true })),
  },
  actions: {
    // Provided by the view: the toasts, in the visitor's language.
    notifySuccess: () => {},
    notifyFailure: () => {},
    // Provided by the app: moves keyboard focus to a field.
    focusField: (_, _params: { field: DemoField }) => {},
    setValue: assign(({ context, event }) => (event.type === 'field.change' ? withValue<DemoInput>(context.values, event.field, event.value, problemsOf) : {})),
    showProblem: assign(({ context, event }) => (event.type === 'field.blur' ? { shown: withShown(context.shown, event.field) } : {})),
    showAllProblems: assign({ shown: () => [...DEMO_FIELDS] }),
    clearForm: assign(({ context }) => fresh(context.language)),
  },
  guards: {
    isValid: ({ context }) => firstInvalid(context.problems) === undefined,
    isAccepted: (_, output: DemoResponse) => output.ok,
  },
})

/** What the visitor can do whenever the form is not sending (editing, after a success, after a
 * failure): the same in each of those states. */
const editable = {
  'field.change': { actions: 'setValue', description: 'The visitor types in a field or picks a need.' },
  'field.blur': { actions: 'showProblem', description: 'The visitor leaves a field: its problem, if any, shows.' },
  'form.submit': [
    { guard: 'isValid', target: '#demoForm.submitting', description: 'Every field is valid: the request goes out.' },
    {
      actions: ['showAllProblems', { type: 'focusField', params: ({ context }: { context: DemoFormContext }) => ({ field: firstInvalid(context.problems)! }) }],
      description: 'Something is missing or wrong: every problem shows and focus moves to the first one.',
    },
  ],
} as const

export const demoFormMachine = demoFormSetup.createMachine({
  id: 'demoForm',
  description: 'The demo booking form: filled in, checked against the shared schema, sent once, answered with a toast.',
  context: ({ input }) => fresh(input?.language ?? 'nb'),
  initial: 'editing',
  states: {
    editing: {
      description: 'The visitor fills in the form; a field shows its problem once left, or every field after a submit.',
      on: editable,
    },
    submitting: {
      description: 'The request is on its way: the button is disabled and reads "Sending...", fields are read-only.',
      tags: ['busy'],
      invoke: {
        id: 'sendDemoRequest',
        src: 'sendDemoRequest',
        input: ({ context }) => {
          const result = validateDemoRequest({ ...context.values, language: context.language })
          // Only valid values reach this state; the fallback keeps the types honest.
          return result.ok ? result.request : ({ ...context.values, language: context.language } as DemoRequest)
        },
        onDone: [
          {
            guard: { type: 'isAccepted', params: ({ event }) => event.output },
            target: 'succeeded',
            actions: ['clearForm', 'notifySuccess'],
            description: 'The function stored the request: thank the visitor and empty the form.',
          },
          {
            target: 'failed',
            actions: 'notifyFailure',
            description: 'The function refused the request (rate limit, bad input, storage): keep what was typed.',
          },
        ],
        onError: {
          target: 'failed',
          actions: 'notifyFailure',
          description: 'The function could not be reached: keep what was typed.',
        },
      },
    },
    succeeded: {
      description: 'Sent: the form is empty again and the thank-you toast shows.',
      on: editable,
    },
    failed: {
      description: 'Not sent: the form keeps what was typed and the failure toast shows; the visitor may try again.',
      on: editable,
    },
  },
})
