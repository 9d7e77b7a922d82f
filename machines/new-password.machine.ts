import { assign, fromCallback, fromPromise, setup } from 'xstate'
import { emptyFormProblems, type FieldProblems, type FormFields, fieldProblems, formSteps } from './form-fields'
import { lazyValidator, withArktypeConfig } from './lazy-validator'

export const newPasswordFields = ['password'] as const
export type NewPasswordField = (typeof newPasswordFields)[number]
export type NewPasswordValues = Record<NewPasswordField, string>

/** The form's schema (registration's rule), loaded when the form is first used: its events wait for it. */
export const newPasswordValidator = lazyValidator<NewPasswordValues, FieldProblems<NewPasswordField>>('new password', () =>
  withArktypeConfig(() => import('./new-password-schema')).then(
    ({ newPasswordSchema }) =>
      (values: NewPasswordValues) =>
        fieldProblems(newPasswordSchema, values, newPasswordFields),
  ),
)

export interface NewPasswordFailure {
  message?: string
  code?: string
  weakPasswordReasons?: string[]
}

export type NewPasswordEvent =
  | { type: 'session.ready' }
  | { type: 'session.missing' }
  | { type: 'field.change'; field: NewPasswordField; value: string }
  | { type: 'field.blur'; field: NewPasswordField }
  | { type: 'form.submit' }

export interface NewPasswordContext extends FormFields<NewPasswordField> {
  failure: NewPasswordFailure | null
}

const form = formSteps(newPasswordFields, (values: NewPasswordValues) => newPasswordValidator.validate(values))

export const newPasswordMachine = setup({
  types: { context: {} as NewPasswordContext, events: {} as NewPasswordEvent },
  actors: {
    // Provided by the feature's logic: `session.ready` once the link's session is in, or
    // `session.missing` when the link was used, expired or never opened.
    watchRecoverySession: fromCallback<NewPasswordEvent>(() => () => {}),
    updatePassword: fromPromise<void, { password: string }>(async () => {}),
  },
  actions: {
    notifySaved: () => {},
    notifyFailure: (_, _params: { message?: string; code?: string }) => {},
    focusField: (_, _params: { field: NewPasswordField }) => {},
    // Provided where the user should move on after saving (the reset page: the dashboard).
    goToApp: () => {},
    clearValues: assign({ values: { password: '' }, problems: () => emptyFormProblems(newPasswordFields), shown: [] }),
    updateValue: assign(({ context, event }) => form.change(context, event)),
    showProblem: assign(({ context, event }) => form.blur(context, event)),
    showAllProblems: assign(({ context }) => form.showAll(context)),
    rememberFailure: assign({ failure: ({ event }) => ((event as { error?: NewPasswordFailure }).error ?? {}) }),
    clearFailure: assign({ failure: null }),
  },
  guards: {
    isValid: ({ context }) => form.isValid(context),
  },
}).createMachine({
  id: 'newPassword',
  description: 'Set a new password while signed in: from the link in a password-reset e-mail, or on the account page.',
  context: { values: { password: '' }, problems: emptyFormProblems(newPasswordFields), shown: [], failure: null },
  initial: 'checking',
  states: {
    checking: {
      description: 'Waiting for the session (a reset link brings it in the URL): a spinner shows.',
      tags: 'loading',
      invoke: { id: 'watchRecoverySession', src: 'watchRecoverySession' },
      on: {
        'session.ready': { target: 'editing', description: 'Signed in (by the link, or before).' },
        'session.missing': { target: 'expired', description: 'No session: the link expired, was used already, or is missing.' },
      },
    },
    expired: {
      description: 'The link cannot be used: the user may ask for a new one.',
    },
    editing: {
      description: 'The form waits for the new password.',
      on: {
        'field.change': { actions: 'updateValue', description: 'The user types the new password.' },
        'field.blur': { actions: 'showProblem', description: 'The user leaves the field: its problem, if any, shows.' },
        'form.submit': [
          { guard: 'isValid', target: 'saving', actions: 'clearFailure', description: 'Submitted with a valid password.' },
          {
            actions: [
              'showAllProblems',
              { type: 'focusField', params: ({ context }) => form.firstInvalid(context) },
            ],
            description: 'Submitted with a password too short: the problem shows, focus moves to the field.',
          },
        ],
      },
    },
    saving: {
      description: 'Saving the new password: the button is disabled.',
      tags: 'busy',
      invoke: {
        id: 'updatePassword',
        src: 'updatePassword',
        input: ({ context }) => ({ password: context.values.password }),
        onDone: { target: 'editing', actions: ['clearValues', 'notifySaved', 'goToApp'], description: 'Saved: the field empties; the user stays signed in.' },
        onError: {
          target: 'editing',
          actions: ['rememberFailure', { type: 'notifyFailure', params: ({ event }) => ({ message: (event.error as NewPasswordFailure)?.message, code: (event.error as NewPasswordFailure)?.code }) }],
          description: 'Refused (weak or same password, expired session) or failed.',
        },
      },
    },
  },
})
