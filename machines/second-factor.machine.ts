import { assign, fromPromise, setup } from 'xstate'

/** What went wrong with a code: not six digits, not the right one, or the check itself failed. */
export type CodeProblem = 'format' | 'wrong' | 'failed'

/** The backend's error as the step needs it. */
export interface CodeFailure {
  code?: string
  message?: string
}

export type SecondFactorEvent = { type: 'code.change'; value: string } | { type: 'form.submit' } | { type: 'signOut.click' }

export interface SecondFactorContext {
  code: string
  problem: CodeProblem | null
  failure: CodeFailure | null
}

/** Six digits, as authenticator apps show them (spaces between groups are allowed). */
export const isCodeShaped = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''))
export const normalCode = (code: string) => code.replace(/\s/g, '')
/** The auth service's answer to a code that is not the current one. */
export const isWrongCodeError = (error: unknown) => (error as CodeFailure | undefined)?.code === 'mfa_verification_failed'

/** A state's transitions while a code is typed, for machines with `updateCode`, `showFormatProblem`,
 * `focusCode` and `isCodeShaped`: six digits go on to `target`, anything else stays with a problem. */
export const codeEntry = (target: string) => ({
  'code.change': { actions: 'updateCode' as const, description: 'The user types the code.' },
  'form.submit': [
    { guard: 'isCodeShaped' as const, target, description: 'Six digits: check them.' },
    { actions: ['showFormatProblem' as const, 'focusCode' as const], description: 'Not six digits: nothing is sent.' },
  ],
})

export const secondFactorMachine = setup({
  types: { context: {} as SecondFactorContext, events: {} as SecondFactorEvent },
  actors: {
    // Provided by the feature's logic: challenges the account's factor and verifies the code.
    verifyCode: fromPromise<void, { code: string }>(async () => {}),
  },
  actions: {
    // Provided by the feature's logic.
    focusCode: () => {},
    notifyVerified: () => {},
    signOut: () => {},
    updateCode: assign(({ event }) => (event.type === 'code.change' ? { code: event.value, problem: null, failure: null } : {})),
    showFormatProblem: assign({ problem: 'format' as CodeProblem }),
    showWrongCode: assign({ problem: 'wrong' as CodeProblem, code: '' }),
    showFailure: assign({ problem: 'failed' as CodeProblem, failure: ({ event }) => ((event as { error?: CodeFailure }).error ?? {}) as CodeFailure }),
  },
  guards: {
    isCodeShaped: ({ context }) => isCodeShaped(context.code),
    isWrongCode: ({ event }) => isWrongCodeError((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'secondFactor',
  description: 'Sign-in, second step: the six-digit code from the authenticator app, for an account with two-factor sign-in.',
  context: { code: '', problem: null, failure: null },
  initial: 'editing',
  states: {
    editing: {
      description: 'The code field waits; a problem with the last code shows under it.',
      on: {
        ...codeEntry('verifying'),
        'signOut.click': { actions: 'signOut', description: 'The user gives up and signs out.' },
      },
    },
    verifying: {
      description: 'The auth service checks the code: the button is busy.',
      tags: 'busy',
      invoke: {
        id: 'verifyCode',
        src: 'verifyCode',
        input: ({ context }) => ({ code: normalCode(context.code) }),
        onDone: { target: 'verified', description: 'The right code: the session is raised to aal2.' },
        onError: [
          { guard: 'isWrongCode', target: 'editing', actions: ['showWrongCode', 'focusCode'], description: 'Not the right code.' },
          { target: 'editing', actions: ['showFailure', 'focusCode'], description: 'The check failed (network, limits).' },
        ],
      },
    },
    verified: {
      description: 'Verified: the page the user was going to shows.',
      type: 'final',
      entry: 'notifyVerified',
    },
  },
})
