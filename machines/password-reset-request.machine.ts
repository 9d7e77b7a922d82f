import { type ContextFrom, type EventFrom, fromPromise } from 'xstate'
import type { WithBotCheck } from './bot-check'
import { formSetup } from './form'
import { lazyFormSchema } from './form-fields'

export const resetRequestFields = ['email'] as const
export type ResetRequestField = (typeof resetRequestFields)[number]
export type ResetRequestValues = Record<ResetRequestField, string>

/** The form's schema, loaded when the form is first used (a submit waits for it). */
export const resetRequestValidator = lazyFormSchema('password reset request', resetRequestFields, () =>
  import('./reset-request-schema').then((module) => module.resetRequestSchema),
)

export const passwordResetRequestForm = formSetup({
  fields: resetRequestFields,
  schema: resetRequestValidator,
  botCheck: true,
  types: { events: {} as { type: 'form.again' } },
  actors: { requestPasswordReset: fromPromise<void, WithBotCheck<ResetRequestValues>>(async () => {}) },
  actions: {
    // Provided by the feature's logic: the form gives way to the answer, so focus goes to its button.
    focusAnswer: () => {},
  },
})

export const passwordResetRequestMachine = passwordResetRequestForm.createMachine({
  id: 'passwordResetRequest',
  description: 'Ask for a link to choose a new password. The answer never tells whether an account exists.',
  editing: {
    description: 'The form waits for the e-mail address.',
  },
  submitting: {
    description: 'Asking the backend to send the link: the field is read-only, the button waits.',
    invoke: {
      src: 'requestPasswordReset',
      onDone: { target: 'sent', description: 'Accepted: the same answer whether or not the account exists.' },
      onError: { target: 'editing', description: 'The request failed (too many requests, no connection): the address is kept.' },
    },
  },
  states: {
    sent: {
      description: 'The neutral answer: if an account exists, a link is on its way. The form gives way to it, and focus goes to its button.',
      entry: 'focusAnswer',
      on: {
        'form.again': {
          target: 'editing',
          actions: { type: 'focusField', params: { field: 'email' } },
          description: 'The user wants to send the link again or use another address: back in the field.',
        },
      },
    },
  },
})

export type PasswordResetRequestContext = ContextFrom<typeof passwordResetRequestMachine>
export type PasswordResetRequestEvent = EventFrom<typeof passwordResetRequestMachine>
