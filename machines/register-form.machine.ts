import { assign, fromCallback, fromPromise, raise, setup } from 'xstate'
import {
  botCheckAssigns,
  type BotCheckEvent,
  type BotCheckState,
  botCheckToken,
  botCheckTransitions,
  checkingBotState,
  isBotCheckPending,
  waitForBotCheck,
  type WithBotCheck,
} from './bot-check'
import { emptyFormFields, type FieldProblems, type FormFields, fieldProblems, fieldTransitions, formSteps, validatingState, waitForSchema } from './form-fields'
import { lazyValidator, withArktypeConfig } from './lazy-validator'

export { PASSWORD_MIN_LENGTH } from './register-rules'

export const registerFields = ['fullName', 'email', 'password'] as const
export type RegisterField = (typeof registerFields)[number]
export type RegisterValues = Record<RegisterField, string>

/** The form's schema, loaded when the form is first used (a submit waits for it). */
export const registerValidator = lazyValidator<RegisterValues, FieldProblems<RegisterField>>('registration', () =>
  withArktypeConfig(() => import('./register-schema')).then(
    ({ registerSchema }) =>
      (values: RegisterValues) =>
        fieldProblems(registerSchema, values, registerFields),
  ),
)

export interface SignUpFailure {
  message?: string
  /** The auth service's error code, for a message in the visitor's language. */
  code?: string
  /** The backend's reasons when it finds the password weak. */
  weakPasswordReasons?: string[]
}

export type RegisterFormEvent =
  | { type: 'field.change'; field: RegisterField; value: string }
  | { type: 'field.blur'; field: RegisterField }
  | { type: 'form.submit' }
  | { type: 'google.click' }
  | { type: 'schema.loaded' }
  | BotCheckEvent

export interface RegisterFormContext extends FormFields<RegisterField> {
  failure: SignUpFailure | null
  botCheck: BotCheckState
}

const form = formSteps(registerFields, (values: RegisterValues) => registerValidator.validate(values))
const failureOf = (event: unknown) => ((event as { error?: SignUpFailure }).error ?? {}) as SignUpFailure

export const registerFormMachine = setup({
  types: { context: {} as RegisterFormContext, events: {} as RegisterFormEvent },
  actors: {
    signUp: fromPromise<void, WithBotCheck<RegisterValues>>(async () => {}),
    // Provided by the feature's logic: the bot check's widget, rendered once the form is first used.
    watchBotCheck: fromCallback(() => () => {}),
    // Provided by the feature's logic: sends `field.change` for what the visitor typed into the
    // prerendered form before the page came to life.
    readTypedValues: fromCallback<RegisterFormEvent>(() => () => {}),
    // Provided by the feature's logic: `schema.loaded` once the form's schema is there, and its loading.
    watchSchema: fromCallback<RegisterFormEvent>(() => () => {}),
    loadSchema: fromPromise<void>(async () => {}),
    signUpWithGoogle: fromPromise<void>(async () => {}),
  },
  actions: {
    // Provided by the view.
    notifyRegistered: () => {},
    notifyFailure: (_, _params: { message?: string; code?: string }) => {},
    notifyGoogleFailure: (_, _params: { message?: string; code?: string }) => {},
    focusField: (_, _params: { field: RegisterField }) => {},
    goToLogin: () => {},
    updateValue: assign(({ context, event }) => form.change(context, event)),
    showProblem: assign(({ context, event }) => form.blur(context, event)),
    showAllProblems: assign(({ context }) => form.showAll(context)),
    useSchema: assign(({ context }) => form.schemaLoaded(context)),
    submitAgain: raise({ type: 'form.submit' }),
    rememberFailure: assign({ failure: ({ event }) => failureOf(event) }),
    clearFailure: assign({ failure: null }),
    ...botCheckAssigns<RegisterFormContext, RegisterFormEvent>(),
    // Provided by the feature's logic: the widget fetches a new token; the widget loads.
    resetBotCheck: () => {},
    loadBotCheck: () => {},
  },
  guards: {
    isValid: ({ context }) => form.isValid(context),
    isSchemaPending: ({ context }) => form.isSchemaPending(context),
    isValidButBotCheckPending: ({ context }) => form.isValid(context) && isBotCheckPending(context.botCheck),
  },
}).createMachine({
  id: 'registerForm',
  description: 'Create an account with name, e-mail and password, or with Google.',
  context: { ...emptyFormFields(registerFields), failure: null, botCheck: 'off' },
  invoke: [
    { id: 'typedBeforeStart', src: 'readTypedValues' },
    { id: 'schema', src: 'watchSchema' },
    { id: 'botCheck', src: 'watchBotCheck' },
  ],
  initial: 'editing',
  on: { ...fieldTransitions, ...botCheckTransitions },
  states: {
    editing: {
      description: 'The form waits for the name, the e-mail address and a password.',
      on: {
        'form.submit': [
          waitForSchema,
          waitForBotCheck,
          { guard: 'isValid', target: 'submitting', actions: 'clearFailure', description: 'Submitted with valid input.' },
          {
            actions: [
              'showAllProblems',
              { type: 'focusField', params: ({ context }) => form.firstInvalid(context) },
            ],
            description: 'Submitted with invalid input (a short password included): nothing is sent.',
          },
        ],
        'google.click': { target: 'redirectingToGoogle', description: 'The user chooses Google.' },
      },
    },
    validating: validatingState,
    checkingBot: checkingBotState('editing', 'submitAgain'),
    submitting: {
      description: 'Creating the account: the button is disabled.',
      tags: 'busy',
      // The token is spent with this request: the widget fetches the next one.
      exit: ['renewBotCheck', 'resetBotCheck'],
      invoke: {
        id: 'signUp',
        src: 'signUp',
        input: ({ context }) => ({ ...context.values, captchaToken: botCheckToken(context.botCheck) }),
        onDone: { target: 'registered', description: 'Account created; a confirmation e-mail is on its way.' },
        onError: {
          target: 'editing',
          actions: ['rememberFailure', { type: 'notifyFailure', params: ({ event }) => ({ message: failureOf(event).message, code: failureOf(event).code }) }],
          description: 'The backend refused (existing user, weak password, …).',
        },
      },
    },
    redirectingToGoogle: {
      description: 'On the way to Google: the page is about to leave.',
      tags: 'busy',
      invoke: {
        id: 'signUpWithGoogle',
        src: 'signUpWithGoogle',
        onError: {
          target: 'editing',
          actions: { type: 'notifyGoogleFailure', params: ({ event }) => ({ message: failureOf(event).message, code: failureOf(event).code }) },
          description: 'Google sign-up could not start.',
        },
      },
    },
    registered: {
      description: 'Done: the user is asked to confirm by e-mail and sent to the sign-in page.',
      type: 'final',
      entry: ['notifyRegistered', 'goToLogin'],
    },
  },
})
