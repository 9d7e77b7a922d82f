import { type ContextFrom, type EventFrom, fromPromise } from 'xstate'
import type { WithBotCheck } from './bot-check'
import { formSetup } from './form'
import { lazyFormSchema } from './form-fields'
import { type ProviderClick, providerActions, providerActors, redirectingToProviders, toProviders } from './oauth'

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

export const registerForm = formSetup({
  fields: registerFields,
  schema: registerValidator,
  botCheck: true,
  types: { events: {} as ProviderClick, failure: {} as SignUpFailure },
  actors: {
    signUp: fromPromise<void, WithBotCheck<RegisterRequest>>(async () => {}),
    ...providerActors,
  },
  actions: {
    // Provided by the feature's logic.
    notifyRegistered: () => {},
    ...providerActions,
    goToLogin: () => {},
  },
})

export const registerFormMachine = registerForm.createMachine({
  id: 'registerForm',
  description: 'Create an account with name, e-mail and password, or with Google or LinkedIn.',
  editing: {
    description: 'The form waits for the name, the e-mail address and a password.',
    on: toProviders,
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
    ...redirectingToProviders('editing'),
    registered: {
      description: 'Done: the user is asked to confirm by e-mail and sent to the sign-in page.',
      type: 'final',
      entry: ['notifyRegistered', 'goToLogin'],
    },
  },
})

export type RegisterFormContext = ContextFrom<typeof registerFormMachine>
export type RegisterFormEvent = EventFrom<typeof registerFormMachine>
