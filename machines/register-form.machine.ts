import { assign, fromCallback, fromPromise, setup } from 'xstate'
import { emptyFormProblems, type FieldProblems, fieldProblems, firstInvalid, withShown, withValue } from './form-fields'
import { lazyValidator, withArktypeConfig } from './lazy-validator'

export { PASSWORD_MIN_LENGTH } from './register-rules'

export const registerFields = ['fullName', 'email', 'password'] as const
export type RegisterField = (typeof registerFields)[number]
export type RegisterValues = Record<RegisterField, string>

/** The form's schema, loaded when the form is first used: its events wait for it. */
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

export interface RegisterFormContext {
  values: RegisterValues
  problems: FieldProblems<RegisterField>
  shown: RegisterField[]
  failure: SignUpFailure | null
}

const validate = (values: RegisterValues) => registerValidator.validate(values)
const empty: RegisterValues = { fullName: '', email: '', password: '' }
const failureOf = (event: unknown) => ((event as { error?: SignUpFailure }).error ?? {}) as SignUpFailure

export const registerFormMachine = setup({
  types: { context: {} as RegisterFormContext, events: {} as RegisterFormEvent },
  actors: {
    signUp: fromPromise<void, RegisterValues>(async () => {}),
    // Provided by the feature's logic: sends `field.change` for what the visitor typed into the
    // prerendered form before the page came to life.
    readTypedValues: fromCallback<RegisterFormEvent>(() => () => {}),
    signUpWithGoogle: fromPromise<void>(async () => {}),
  },
  actions: {
    // Provided by the view.
    notifyRegistered: () => {},
    notifyFailure: (_, _params: { message?: string; code?: string }) => {},
    notifyGoogleFailure: (_, _params: { message?: string; code?: string }) => {},
    focusField: (_, _params: { field: RegisterField }) => {},
    goToLogin: () => {},
    updateValue: assign(({ context, event }) =>
      event.type === 'field.change' ? withValue(context.values, event.field, event.value, validate) : {},
    ),
    showProblem: assign(({ context, event }) => (event.type === 'field.blur' ? { shown: withShown(context.shown, event.field) } : {})),
    showAllProblems: assign({ shown: () => [...registerFields], problems: ({ context }) => validate(context.values) }),
    rememberFailure: assign({ failure: ({ event }) => failureOf(event) }),
    clearFailure: assign({ failure: null }),
  },
  guards: {
    isValid: ({ context }) => Object.keys(validate(context.values)).length === 0,
  },
}).createMachine({
  id: 'registerForm',
  description: 'Create an account with name, e-mail and password, or with Google.',
  context: { values: empty, problems: emptyFormProblems(registerFields), shown: [], failure: null },
  invoke: { id: 'typedBeforeStart', src: 'readTypedValues' },
  initial: 'editing',
  on: {
    'field.change': { actions: 'updateValue', description: 'The user types in a field.' },
    'field.blur': { actions: 'showProblem', description: 'The user leaves a field: its problem, if any, shows.' },
  },
  states: {
    editing: {
      description: 'The form waits for input.',
      on: {
        'form.submit': [
          { guard: 'isValid', target: 'submitting', actions: 'clearFailure', description: 'Submitted with valid input.' },
          {
            actions: [
              'showAllProblems',
              { type: 'focusField', params: ({ context }) => ({ field: firstInvalid(registerFields, validate(context.values))! }) },
            ],
            description: 'Submitted with invalid input (a short password included): nothing is sent.',
          },
        ],
        'google.click': { target: 'redirectingToGoogle', description: 'The user chooses Google.' },
      },
    },
    submitting: {
      description: 'Creating the account: the button is disabled.',
      tags: 'busy',
      invoke: {
        id: 'signUp',
        src: 'signUp',
        input: ({ context }) => context.values,
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
