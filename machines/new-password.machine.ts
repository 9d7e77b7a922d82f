import { assign, fromCallback, fromPromise, raise, setup } from 'xstate'
import { emptyFormFields, type FieldProblems, type FormFields, fieldProblems, fieldTransitions, formSteps, validatingState, waitForSchema } from './form-fields'
import { lazyValidator, withArktypeConfig } from './lazy-validator'
import { type CodeFailure, type CodeProblem, codeEntry, isCodeShaped, isWrongCodeError, normalCode } from './second-factor.machine'

export const newPasswordFields = ['password'] as const
export type NewPasswordField = (typeof newPasswordFields)[number]
export type NewPasswordValues = Record<NewPasswordField, string>

/** The form's schema (registration's rule), loaded when the form is first used (a submit waits for it). */
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
  | { type: 'session.secondFactorDue' }
  | { type: 'session.missing' }
  | { type: 'code.change'; value: string }
  | { type: 'field.change'; field: NewPasswordField; value: string }
  | { type: 'field.blur'; field: NewPasswordField }
  | { type: 'form.submit' }
  | { type: 'schema.loaded' }

export interface NewPasswordContext extends FormFields<NewPasswordField> {
  failure: NewPasswordFailure | null
  /** The authenticator code a two-factor account gives before its password may change. */
  code: string
  codeProblem: CodeProblem | null
  codeFailure: CodeFailure | null
}

const form = formSteps(newPasswordFields, (values: NewPasswordValues) => newPasswordValidator.validate(values))

export const newPasswordMachine = setup({
  types: { context: {} as NewPasswordContext, events: {} as NewPasswordEvent },
  actors: {
    // Provided by the feature's logic: `session.ready` once the link's session is in,
    // `session.secondFactorDue` when it is an account with two-factor sign-in whose session has not
    // used its code, or `session.missing` when the link was used, expired or never opened.
    watchRecoverySession: fromCallback<NewPasswordEvent>(() => () => {}),
    updatePassword: fromPromise<void, { password: string }>(async () => {}),
    // Provided by the feature's logic: challenges the account's factor and verifies the code (aal2).
    verifyCode: fromPromise<void, { code: string }>(async () => {}),
    // Provided by the feature's logic: `schema.loaded` once the form's schema is there, and its loading.
    watchSchema: fromCallback<NewPasswordEvent>(() => () => {}),
    loadSchema: fromPromise<void>(async () => {}),
  },
  actions: {
    notifySaved: () => {},
    notifyFailure: (_, _params: { message?: string; code?: string }) => {},
    focusField: (_, _params: { field: NewPasswordField }) => {},
    focusCode: () => {},
    updateCode: assign(({ event }) => (event.type === 'code.change' ? { code: event.value, codeProblem: null, codeFailure: null } : {})),
    showFormatProblem: assign({ codeProblem: 'format' as CodeProblem }),
    showWrongCode: assign({ codeProblem: 'wrong' as CodeProblem, code: '' }),
    showCodeFailure: assign({ codeProblem: 'failed' as CodeProblem, codeFailure: ({ event }) => ((event as { error?: CodeFailure }).error ?? {}) as CodeFailure }),
    // Provided where the user should move on after saving (the reset page: the dashboard).
    goToApp: () => {},
    // Provided where the page stays after saving: empties the page's field.
    resetFields: () => {},
    clearValues: assign(({ context }) => form.cleared(context)),
    updateValue: assign(({ context, event }) => form.change(context, event)),
    showProblem: assign(({ context, event }) => form.blur(context, event)),
    showAllProblems: assign(({ context }) => form.showAll(context)),
    useSchema: assign(({ context }) => form.schemaLoaded(context)),
    submitAgain: raise({ type: 'form.submit' }),
    rememberFailure: assign({ failure: ({ event }) => ((event as { error?: NewPasswordFailure }).error ?? {}) }),
    clearFailure: assign({ failure: null }),
  },
  guards: {
    isValid: ({ context }) => form.isValid(context),
    isSchemaPending: ({ context }) => form.isSchemaPending(context),
    isCodeShaped: ({ context }) => isCodeShaped(context.code),
    isWrongCode: ({ event }) => isWrongCodeError((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'newPassword',
  description: 'Set a new password while signed in: from the link in a password-reset e-mail, or on the account page.',
  context: { ...emptyFormFields(newPasswordFields), failure: null, code: '', codeProblem: null, codeFailure: null },
  invoke: { id: 'schema', src: 'watchSchema' },
  initial: 'checking',
  on: fieldTransitions,
  states: {
    checking: {
      description: 'Waiting for the session (a reset link brings it in the URL): a spinner shows.',
      tags: 'loading',
      invoke: { id: 'watchRecoverySession', src: 'watchRecoverySession' },
      on: {
        'session.ready': { target: 'editing', description: 'Signed in (by the link, or before).' },
        'session.secondFactorDue': {
          target: 'askingCode',
          actions: 'focusCode',
          description: 'An account with two-factor sign-in: the auth service changes its password only once the session has used the code.',
        },
        'session.missing': { target: 'expired', description: 'No session: the link expired, was used already, or is missing.' },
      },
    },
    askingCode: {
      description: 'The code from the authenticator app comes first.',
      on: codeEntry('verifyingCode'),
    },
    verifyingCode: {
      description: 'The auth service checks the code: the button is busy.',
      tags: 'busy',
      invoke: {
        id: 'verifyCode',
        src: 'verifyCode',
        input: ({ context }) => ({ code: normalCode(context.code) }),
        onDone: { target: 'editing', actions: { type: 'focusField', params: { field: 'password' } }, description: 'The right code: the new password may be set.' },
        onError: [
          { guard: 'isWrongCode', target: 'askingCode', actions: ['showWrongCode', 'focusCode'], description: 'Not the right code.' },
          { target: 'askingCode', actions: ['showCodeFailure', 'focusCode'], description: 'The check failed (network, limits, the factor locked).' },
        ],
      },
    },
    expired: {
      description: 'The link cannot be used: the user may ask for a new one.',
    },
    editing: {
      description: 'The form waits for the new password.',
      on: {
        'form.submit': [
          waitForSchema,
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
    validating: validatingState,
    saving: {
      description: 'Saving the new password: the button is disabled.',
      tags: 'busy',
      invoke: {
        id: 'updatePassword',
        src: 'updatePassword',
        input: ({ context }) => ({ password: context.values.password }),
        onDone: { target: 'editing', actions: ['clearValues', 'resetFields', 'notifySaved', 'goToApp'], description: 'Saved: the field empties; the user stays signed in.' },
        onError: {
          target: 'editing',
          actions: ['rememberFailure', { type: 'notifyFailure', params: ({ event }) => ({ message: (event.error as NewPasswordFailure)?.message, code: (event.error as NewPasswordFailure)?.code }) }],
          description: 'Refused (weak or same password, expired session) or failed.',
        },
      },
    },
  },
})
