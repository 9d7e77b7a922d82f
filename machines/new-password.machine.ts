import { assign, type ContextFrom, type EventFrom, fromCallback, fromPromise } from 'xstate'
import { formSetup } from './form'
import { lazyFormSchema } from './form-fields'
import { type CodeFailure, type CodeProblem, codeEntry, isCodeShaped, isWrongCodeError, normalCode } from './second-factor.machine'

export const newPasswordFields = ['password'] as const
export type NewPasswordField = (typeof newPasswordFields)[number]
export type NewPasswordValues = Record<NewPasswordField, string>

/** The form's schema (registration's rule), loaded when the form is first used (a submit waits for it). */
export const newPasswordValidator = lazyFormSchema('new password', newPasswordFields, () => import('./new-password-schema').then((module) => module.newPasswordSchema))

export interface NewPasswordFailure {
  message?: string
  code?: string
  weakPasswordReasons?: string[]
}

/** What the session watcher reports. */
export type SessionEvent = { type: 'session.ready' } | { type: 'session.secondFactorDue' } | { type: 'session.missing' }

export const newPasswordForm = formSetup({
  fields: newPasswordFields,
  schema: newPasswordValidator,
  types: {
    context: {} as {
      /** The authenticator code a two-factor account gives before its password may change. */
      code: string
      codeProblem: CodeProblem | null
      codeFailure: CodeFailure | null
    },
    events: {} as SessionEvent | { type: 'code.change'; value: string },
    failure: {} as NewPasswordFailure,
  },
  actors: {
    // Provided by the feature's logic: `session.ready` once the link's session is in,
    // `session.secondFactorDue` when it is an account with two-factor sign-in whose session has not
    // used its code, or `session.missing` when the link was used, expired or never opened.
    watchRecoverySession: fromCallback(() => () => {}),
    updatePassword: fromPromise<void, NewPasswordValues>(async () => {}),
    // Provided by the feature's logic: challenges the account's factor and verifies the code (aal2).
    verifyCode: fromPromise<void, { code: string }>(async () => {}),
  },
  actions: {
    // Provided by the feature's logic.
    notifySaved: () => {},
    focusCode: () => {},
    // Provided where the user should move on after saving (the reset page: the dashboard).
    goToApp: () => {},
    updateCode: assign(({ event }) => (event.type === 'code.change' ? { code: event.value, codeProblem: null, codeFailure: null } : {})),
    showFormatProblem: assign({ codeProblem: 'format' as CodeProblem }),
    showWrongCode: assign({ codeProblem: 'wrong' as CodeProblem, code: '' }),
    showCodeFailure: assign({ codeProblem: 'failed' as CodeProblem, codeFailure: ({ event }) => ((event as { error?: CodeFailure }).error ?? {}) as CodeFailure }),
  },
  guards: {
    isCodeShaped: ({ context }) => isCodeShaped(context.code),
    isWrongCode: ({ event }) => isWrongCodeError((event as { error?: unknown }).error),
  },
})

export const newPasswordMachine = newPasswordForm.createMachine({
  id: 'newPassword',
  description: 'Set a new password while signed in: from the link in a password-reset e-mail, or on the account page.',
  context: { code: '', codeProblem: null, codeFailure: null },
  initial: 'checking',
  editing: {
    description: 'The form waits for the new password.',
  },
  submitting: {
    description: 'Saving the new password: the field is read-only, the button waits.',
    invoke: {
      src: 'updatePassword',
      onError: { target: 'editing', description: 'Refused (weak or same password, expired session) or failed.' },
      onDone: {
        target: 'editing',
        actions: ['clearValues', 'resetFields', 'notifySaved', 'goToApp'],
        description: 'Saved: the field empties; the user stays signed in.',
      },
    },
  },
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
      description: 'The auth service checks the code: the button waits.',
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
  },
})

export type NewPasswordContext = ContextFrom<typeof newPasswordMachine>
export type NewPasswordEvent = EventFrom<typeof newPasswordMachine>
