import { assign, fromCallback, fromPromise, raise, setup } from 'xstate'
import { DEMO_FIELDS, type DemoField, type FieldProblems, REQUIRED_DEMO_FIELDS, type RequestLanguage } from '../supabase/functions/_shared/demo-fields.ts'
import type { DemoRequest, DemoRequestBody, DemoResponse, Validation } from '../supabase/functions/_shared/demo-request.ts'
import {
  botCheckAssigns,
  type BotCheckEvent,
  type BotCheckState,
  botCheckToken,
  botCheckTransitions,
  checkingBotState,
  isBotCheckPending,
  waitForBotCheck,
} from './bot-check'
import { emptyFormFields, type FormFields, fieldTransitions, formSteps, validatingState, waitForSchema } from './form-fields'
import { lazyValidator, withArktypeConfig } from './lazy-validator'

/** Every input of the form: the visible fields and the hidden honeypot. */
export type DemoInput = DemoField | 'website'
export const demoInputs: readonly DemoInput[] = [...DEMO_FIELDS, 'website']

export type DemoFormValues = Record<DemoInput, string>

export const emptyValues: DemoFormValues = emptyFormFields(demoInputs).values

export type DemoFormEvent =
  | { type: 'field.change'; field: DemoInput; value: string }
  | { type: 'field.blur'; field: DemoInput }
  | { type: 'form.submit' }
  | { type: 'schema.loaded' }
  | BotCheckEvent

export interface DemoFormContext extends FormFields<DemoInput> {
  /** The problems of the current values, whether shown yet or not. */
  problems: FieldProblems
  language: RequestLanguage
  botCheck: BotCheckState
}

export interface DemoFormInput {
  language?: RequestLanguage
}

/** The shared schema, loaded when the form is first used (a submit waits for it). */
export const demoValidator = lazyValidator<unknown, Validation>('demo request', () =>
  withArktypeConfig(() => import('../supabase/functions/_shared/demo-request.ts')).then(({ validateDemoRequest }) => validateDemoRequest),
)

const form = formSteps<DemoInput>(
  demoInputs,
  (values) => {
    const result = demoValidator.validate(values)
    return result.ok ? {} : result.fields
  },
  REQUIRED_DEMO_FIELDS,
)

/** The first field (in the form's order) with a problem. */
export const firstInvalid = (problems: FieldProblems): DemoField | undefined => DEMO_FIELDS.find((field) => problems[field])

/** The problems the visitor sees: of fields left, or all after a submit. */
export function visibleProblems(context: DemoFormContext): FieldProblems {
  const shown: FieldProblems = {}
  for (const field of context.shown) {
    const problem = context.problems[field as DemoField]
    if (problem) shown[field as DemoField] = problem
  }
  return shown
}

const demoFormSetup = setup({
  types: {
    context: {} as DemoFormContext,
    events: {} as DemoFormEvent,
    input: {} as DemoFormInput,
  },
  actors: {
    // Provided by the app: sends the request to the send-demo-request function.
    sendDemoRequest: fromPromise<DemoResponse, DemoRequestBody>(async () => ({ ok: true })),
    // Provided by the app: the bot check's widget, rendered once the form is first used.
    watchBotCheck: fromCallback(() => () => {}),
    // Provided by the app: `field.change` for what was typed before the page came to life;
    // `schema.loaded` once the schema is there, and its loading.
    readTypedValues: fromCallback<DemoFormEvent>(() => () => {}),
    watchSchema: fromCallback<DemoFormEvent>(() => () => {}),
    loadSchema: fromPromise<void>(async () => {}),
  },
  actions: {
    // Provided by the view: the toasts, in the visitor's language.
    notifySuccess: () => {},
    notifyFailure: (_, _params: { code?: string }) => {},
    // Provided by the app: moves keyboard focus to a field; empties the page's fields.
    focusField: (_, _params: { field: DemoField }) => {},
    resetFields: () => {},
    updateValue: assign(({ context, event }) => form.change(context, event)),
    showProblem: assign(({ context, event }) => form.blur(context, event)),
    showAllProblems: assign(({ context }) => form.showAll(context)),
    useSchema: assign(({ context }) => form.schemaLoaded(context)),
    submitAgain: raise({ type: 'form.submit' }),
    clearForm: assign(({ context }) => form.cleared(context)),
    ...botCheckAssigns<DemoFormContext, DemoFormEvent>(),
    // Provided by the app: the widget fetches a new token; the widget loads.
    resetBotCheck: () => {},
    loadBotCheck: () => {},
  },
  guards: {
    isValid: ({ context }) => form.isValid(context),
    isSchemaPending: ({ context }) => form.isSchemaPending(context),
    isAccepted: (_, output: DemoResponse) => output.ok,
    isValidButBotCheckPending: ({ context }) => form.isValid(context) && isBotCheckPending(context.botCheck),
  },
})

/** A submit with the schema at hand, whenever the form is not sending (editing, after a success,
 * after a failure): valid, it waits for the bot check's token if there is none yet. */
const submit = [
  waitForBotCheck,
  { guard: 'isValid', target: '#demoForm.submitting', description: 'Every field is valid: the request goes out.' },
  {
    actions: ['showAllProblems', { type: 'focusField', params: ({ context }: { context: DemoFormContext }) => ({ field: firstInvalid(context.problems)! }) }],
    description: 'Something is missing or wrong: every problem shows and focus moves to the first one.',
  },
] as const

export const demoFormMachine = demoFormSetup.createMachine({
  id: 'demoForm',
  description: 'The demo booking form: filled in, checked against the shared schema, sent once, answered with a toast.',
  context: ({ input }) => ({ ...emptyFormFields(demoInputs, REQUIRED_DEMO_FIELDS), language: input?.language ?? 'nb', botCheck: 'off' }),
  invoke: [
    { id: 'typedBeforeStart', src: 'readTypedValues' },
    { id: 'schema', src: 'watchSchema' },
    { id: 'botCheck', src: 'watchBotCheck' },
  ],
  initial: 'editing',
  on: { ...fieldTransitions, ...botCheckTransitions },
  states: {
    editing: {
      description: 'The visitor fills in the form; a field shows its problem once left, or every field after a submit.',
      on: { 'form.submit': [waitForSchema, ...submit] },
    },
    validating: validatingState,
    // A submit from any state that waited for the token is taken again from `editing`.
    checkingBot: checkingBotState('editing', 'submitAgain'),
    submitting: {
      description: 'The request is on its way: the button is disabled and reads "Sending...", fields are read-only.',
      tags: ['busy'],
      // The token is spent with this request: the widget fetches the next one.
      exit: ['renewBotCheck', 'resetBotCheck'],
      invoke: {
        id: 'sendDemoRequest',
        src: 'sendDemoRequest',
        input: ({ context }) => {
          const result = demoValidator.validate({ ...context.values, language: context.language })
          // Only valid values reach this state; the fallback keeps the types honest.
          const request = result.ok ? result.request : ({ ...context.values, language: context.language } as DemoRequest)
          const token = botCheckToken(context.botCheck)
          return token === undefined ? request : { ...request, captcha_token: token }
        },
        onDone: [
          {
            guard: { type: 'isAccepted', params: ({ event }) => event.output },
            target: 'succeeded',
            actions: ['clearForm', 'resetFields', 'notifySuccess'],
            description: 'The function stored the request: thank the visitor and empty the form.',
          },
          {
            target: 'failed',
            actions: {
              type: 'notifyFailure',
              params: ({ event }) => (event.output.ok ? {} : { code: event.output.error }),
            },
            description: 'The function refused the request (bot check, rate limit, bad input, storage): keep what was typed.',
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'notifyFailure', params: {} },
          description: 'The function could not be reached: keep what was typed.',
        },
      },
    },
    succeeded: {
      description: 'Sent: the form is empty again and the thank-you toast shows.',
      on: { 'form.submit': submit },
    },
    failed: {
      description: 'Not sent: the form keeps what was typed and the failure toast shows; the visitor may try again.',
      on: { 'form.submit': submit },
    },
  },
})
