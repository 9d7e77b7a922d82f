import { type ContextFrom, type EventFrom, fromPromise } from 'xstate'
import type { WithBotCheck } from './bot-check'
import { formSetup } from './form'
import { lazyFormSchema } from './form-fields'

export { PASSWORD_MIN_LENGTH } from './register-rules'

export const registerFields = ['fullName', 'email', 'password'] as const
export type RegisterField = (typeof registerFields)[number]
export type RegisterValues = Record<RegisterField, string>
/** What a sign-up sends: the name trimmed, the address trimmed and in lower case. */
export type RegisterRequest = RegisterValues

/** The form's schema, loaded when the form is first used (a submit waits for it). */
export const registerValidator = lazyFormSchema('registration', registerFields, () => import('./register-schema').then((module) => module.registerSchema))

export interface SignUpFailure {
  message?: string
  /** The auth service's error code, for a message in the visitor's language. */
  code?: string
  /** The backend's reasons when it finds the password weak. */
  weakPasswordReasons?: string[]
}

const notice = ({ event }: { event: { error?: unknown } }) => {
  const { message, code } = (event.error ?? {}) as SignUpFailure
  return { message, code }
}

export const registerForm = formSetup({
  fields: registerFields,
  schema: registerValidator,
  botCheck: true,
  types: { events: {} as { type: 'google.click' }, failure: {} as SignUpFailure },
  actors: {
    signUp: fromPromise<void, WithBotCheck<RegisterRequest>>(async () => {}),
    signUpWithGoogle: fromPromise<void>(async () => {}),
  },
  actions: {
    // Provided by the feature's logic.
    notifyRegistered: () => {},
    notifyGoogleFailure: (_, _params: { message?: string; code?: string }) => {},
    goToLogin: () => {},
  },
})

export const registerFormMachine = registerForm.createMachine({
  id: 'registerForm',
  description: 'Create an account with name, e-mail and password, or with Google.',
  editing: {
    description: 'The form waits for the name, the e-mail address and a password.',
    on: { 'google.click': { target: 'redirectingToGoogle', description: 'The user chooses Google.' } },
  },
  submitting: {
    description: 'Creating the account: the fields are read-only, the button waits.',
    invoke: {
      src: 'signUp',
      onDone: { target: 'registered', description: 'Account created; a confirmation e-mail is on its way.' },
      onError: { target: 'editing', description: 'The backend refused (existing user, weak password, …).' },
    },
  },
  states: {
    redirectingToGoogle: {
      description: 'On the way to Google: the page is about to leave.',
      tags: 'busy',
      invoke: {
        id: 'signUpWithGoogle',
        src: 'signUpWithGoogle',
        onError: { target: 'editing', actions: { type: 'notifyGoogleFailure', params: notice }, description: 'Google sign-up could not start.' },
      },
    },
    registered: {
      description: 'Done: the user is asked to confirm by e-mail and sent to the sign-in page.',
      type: 'final',
      entry: ['notifyRegistered', 'goToLogin'],
    },
  },
})

export type RegisterFormContext = ContextFrom<typeof registerFormMachine>
export type RegisterFormEvent = EventFrom<typeof registerFormMachine>
