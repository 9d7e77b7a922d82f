import { type ContextFrom, type EventFrom, fromPromise } from 'xstate'
import { formSetup } from './form'

/** What went wrong with a code: not six digits, not the right one, or the check itself failed. */
export type CodeProblem = 'format' | 'wrong' | 'failed'

/** The backend's error as the step needs it. */
export interface CodeFailure {
  code?: string
  message?: string
}

/** Six digits, as authenticator apps show them (spaces between groups are allowed). */
export const isCodeShaped = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''))
export const normalCode = (code: string) => code.replace(/\s/g, '')
/** The auth service's answer to a code that is not the current one. */
export const isWrongCodeError = (error: unknown) => (error as CodeFailure | undefined)?.code === 'mfa_verification_failed'

/** A state's transitions while a code is typed, for a step of a larger machine (the reset page's,
 * the two-factor settings') with `updateCode`, `showFormatProblem`, `focusCode` and `isCodeShaped`:
 * six digits go on to `target`, anything else stays with a problem. */
export const codeEntry = (target: string) => ({
  'code.change': { actions: 'updateCode' as const, description: 'The user types the code.' },
  'form.submit': [
    { guard: 'isCodeShaped' as const, target, description: 'Six digits: check them.' },
    { actions: ['showFormatProblem' as const, 'focusCode' as const], description: 'Not six digits: nothing is sent.' },
  ],
})

const codeField = { field: 'code' } as const

export const secondFactorForm = formSetup({
  fields: ['code'],
  required: [],
  problems: ({ code }): { code?: CodeProblem } => (isCodeShaped(code) ? {} : { code: 'format' }),
  // A problem goes as the code is typed again; a wrong code empties the field.
  typingHidesProblem: true,
  types: { events: {} as { type: 'signOut.click' }, failure: {} as CodeFailure },
  actors: {
    // Provided by the feature's logic: challenges the account's factor and verifies the code.
    verifyCode: fromPromise<void, { code: string }>(async () => {}),
  },
  actions: {
    // Provided by the feature's logic.
    notifyVerified: () => {},
    signOut: () => {},
  },
  guards: {
    isWrongCode: ({ event }) => isWrongCodeError((event as { error?: unknown }).error),
  },
})

export const secondFactorMachine = secondFactorForm.createMachine({
  id: 'secondFactor',
  description: 'Sign-in, second step: the six-digit code from the authenticator app, for an account with two-factor sign-in.',
  editing: {
    description: 'The code field waits; a problem with the last code shows under it.',
    on: { 'signOut.click': { actions: 'signOut', description: 'The user gives up and signs out.' } },
  },
  submitting: {
    description: 'The auth service checks the code: the field is read-only, the button waits.',
    invoke: {
      src: 'verifyCode',
      input: ({ context }) => ({ code: normalCode(context.values.code) }),
      onDone: { target: 'verified', description: 'The right code: the session is raised to aal2.' },
      onError: [
        {
          guard: 'isWrongCode',
          target: 'editing',
          actions: [{ type: 'emptyField', params: codeField }, 'resetFields', { type: 'refuseField', params: { ...codeField, problem: 'wrong' } }, { type: 'focusField', params: codeField }],
          description: 'Not the right code: the field empties for the next one.',
        },
        {
          target: 'editing',
          actions: ['rememberFailure', { type: 'refuseField', params: { ...codeField, problem: 'failed' } }, { type: 'focusField', params: codeField }],
          description: 'The check failed (network, limits).',
        },
      ],
    },
  },
  states: {
    verified: {
      description: 'Verified: the page the user was going to shows.',
      type: 'final',
      entry: 'notifyVerified',
    },
  },
})

export type SecondFactorContext = ContextFrom<typeof secondFactorMachine>
export type SecondFactorEvent = EventFrom<typeof secondFactorMachine>
