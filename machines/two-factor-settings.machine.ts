import { assign, fromPromise, setup } from 'xstate'
import type { AssuranceLevel } from './assurance'
import { type CodeFailure, type CodeProblem, codeEntry, isCodeShaped, isWrongCodeError, normalCode } from './second-factor.machine'

/** The account's authenticator app, once verified. */
export interface EnrolledFactor {
  id: string
  createdAt: string
}

/** A factor being set up: what the user scans or types into the app. */
export interface Enrollment {
  factorId: string
  /** The QR code as an image URL (an SVG data URL). */
  qrCode: string
  /** The secret, for typing in by hand. */
  secret: string
}

export interface TwoFactorStatus {
  factor: EnrolledFactor | null
  level: AssuranceLevel | null
}

export type TwoFactorSettingsEvent =
  | { type: 'enroll.click' }
  | { type: 'code.change'; value: string }
  | { type: 'form.submit' }
  | { type: 'cancel.click' }
  | { type: 'remove.click' }
  | { type: 'retry.click' }

export interface TwoFactorSettingsContext extends TwoFactorStatus {
  enrollment: Enrollment | null
  code: string
  problem: CodeProblem | null
  failure: CodeFailure | null
}

const blank = { code: '', problem: null, failure: null }

export const twoFactorSettingsMachine = setup({
  types: { context: {} as TwoFactorSettingsContext, events: {} as TwoFactorSettingsEvent },
  actors: {
    // Provided by the feature's logic (the auth service's factors, through supabase-js).
    loadStatus: fromPromise<TwoFactorStatus>(async () => ({ factor: null, level: null })),
    startEnrollment: fromPromise<Enrollment>(async () => ({ factorId: '', qrCode: '', secret: '' })),
    confirmEnrollment: fromPromise<EnrolledFactor, { factorId: string; code: string }>(async () => ({ id: '', createdAt: '' })),
    removeFactor: fromPromise<void, { factorId: string; code: string }>(async () => {}),
  },
  actions: {
    // Provided by the feature's logic.
    focusCode: () => {},
    notifyEnabled: () => {},
    notifyRemoved: () => {},
    notifyFailure: (_, _params: CodeFailure) => {},
    useStatus: assign(({ event }) => ('output' in event ? { ...(event.output as TwoFactorStatus) } : {})),
    useEnrollment: assign(({ event }) => ('output' in event ? { enrollment: event.output as Enrollment, ...blank } : {})),
    useFactor: assign(({ event }) => ('output' in event ? { factor: event.output as EnrolledFactor, level: 'aal2' as const, enrollment: null, ...blank } : {})),
    forgetFactor: assign({ factor: null, level: null, ...blank }),
    forgetEnrollment: assign({ enrollment: null, ...blank }),
    clearCode: assign(blank),
    updateCode: assign(({ event }) => (event.type === 'code.change' ? { code: event.value, problem: null, failure: null } : {})),
    showFormatProblem: assign({ problem: 'format' as CodeProblem }),
    showWrongCode: assign({ problem: 'wrong' as CodeProblem, code: '' }),
    showFailure: assign({ problem: 'failed' as CodeProblem, failure: ({ event }) => ((event as { error?: CodeFailure }).error ?? {}) as CodeFailure }),
  },
  guards: {
    hasFactor: ({ event }) => 'output' in event && (event.output as TwoFactorStatus).factor !== null,
    isCodeShaped: ({ context }) => isCodeShaped(context.code),
    isWrongCode: ({ event }) => isWrongCodeError((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'twoFactorSettings',
  description: 'Two-factor sign-in on the account page: set up an authenticator app, see it, remove it.',
  context: { factor: null, level: null, enrollment: null, ...blank },
  initial: 'loading',
  states: {
    loading: {
      description: "Reading the account's factors.",
      tags: 'busy',
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: [
          { guard: 'hasFactor', target: 'enabled', actions: 'useStatus', description: 'An authenticator app is set up.' },
          { target: 'disabled', actions: 'useStatus', description: 'None yet.' },
        ],
        onError: { target: 'unavailable', description: 'The factors could not be read.' },
      },
    },
    unavailable: {
      description: 'The state could not be read: the user may try again.',
      on: { 'retry.click': { target: 'loading', description: 'Try again.' } },
    },
    disabled: {
      description: 'Off: the button to set it up shows.',
      on: { 'enroll.click': { target: 'starting', description: 'The user sets up an authenticator app.' } },
    },
    starting: {
      description: 'The auth service makes a new secret and its QR code.',
      tags: 'busy',
      invoke: {
        id: 'startEnrollment',
        src: 'startEnrollment',
        onDone: { target: 'scanning', actions: ['useEnrollment', 'focusCode'], description: 'The QR code and the secret show.' },
        onError: {
          target: 'disabled',
          actions: { type: 'notifyFailure', params: ({ event }) => (event.error ?? {}) as CodeFailure },
          description: 'It could not start.',
        },
      },
    },
    scanning: {
      description: 'The user scans the QR code (or types the secret) and enters the code the app shows.',
      on: {
        ...codeEntry('confirming'),
        'cancel.click': { target: 'disabled', actions: 'forgetEnrollment', description: 'The user stops; the unused factor expires.' },
      },
    },
    confirming: {
      description: 'The auth service checks the first code; the right one turns two-factor sign-in on.',
      tags: 'busy',
      invoke: {
        id: 'confirmEnrollment',
        src: 'confirmEnrollment',
        input: ({ context }) => ({ factorId: context.enrollment!.factorId, code: normalCode(context.code) }),
        onDone: { target: 'enabled', actions: ['useFactor', 'notifyEnabled'], description: 'On: the session is at aal2.' },
        onError: [
          { guard: 'isWrongCode', target: 'scanning', actions: ['showWrongCode', 'focusCode'], description: 'Not the right code.' },
          { target: 'scanning', actions: ['showFailure', 'focusCode'], description: 'The check failed.' },
        ],
      },
    },
    enabled: {
      description: 'On: the app and the date it was set up show, with a button to remove it.',
      on: {
        'remove.click': {
          target: 'confirmingRemoval',
          actions: 'focusCode',
          description: 'Removing asks for a fresh code from the app, even from a session that used one: a session left open is not enough.',
        },
      },
    },
    confirmingRemoval: {
      description: 'Removing needs a fresh code from the app first.',
      on: {
        ...codeEntry('removing'),
        'cancel.click': { target: 'enabled', actions: 'clearCode', description: 'The user keeps it.' },
      },
    },
    removing: {
      description: 'Removing the factor.',
      tags: 'busy',
      invoke: {
        id: 'removeFactor',
        src: 'removeFactor',
        input: ({ context }) => ({ factorId: context.factor!.id, code: normalCode(context.code) }),
        onDone: { target: 'disabled', actions: ['forgetFactor', 'notifyRemoved'], description: 'Off.' },
        onError: [
          { guard: 'isWrongCode', target: 'confirmingRemoval', actions: ['showWrongCode', 'focusCode'], description: 'Not the right code.' },
          {
            target: 'enabled',
            actions: ['clearCode', { type: 'notifyFailure', params: ({ event }) => (event.error ?? {}) as CodeFailure }],
            description: 'It could not be removed.',
          },
        ],
      },
    },
  },
})
