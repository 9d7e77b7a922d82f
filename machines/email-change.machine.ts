import { assign, fromCallback, fromPromise, raise, setup } from 'xstate'
import {
  botCheckAssigns,
  type BotCheckEvent,
  type BotCheckState,
  botCheckToken,
  botCheckTransitions,
  checkingBotState,
  isBotCheckPending,
  waitForBotCheck,
} from './bot-check'

export type EmailChangeField = 'email' | 'password'

/** What is wrong with a field after a submit. */
export type EmailChangeProblem = 'required' | 'email' | 'sameAddress' | 'wrongPassword'

export type EmailChangeEvent =
  | { type: 'change.click' }
  | { type: 'field.change'; field: EmailChangeField; value: string }
  | { type: 'form.submit' }
  | { type: 'cancel.click' }
  | BotCheckEvent

export interface EmailChangeContext {
  /** The account's address now: the new one must differ. */
  current: string
  values: Record<EmailChangeField, string>
  problems: Partial<Record<EmailChangeField, EmailChangeProblem>>
  botCheck: BotCheckState
}

export interface EmailChangeRequest {
  email: string
  password: string
  /** The bot check's token: the password is checked by a sign-in, which the auth service guards. */
  captchaToken?: string
}

export interface EmailChangeFailure {
  code?: string
  message?: string
}

/** `local@domain.tld` without spaces: the auth service checks the rest. */
export const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) && value.length <= 255

const normalized = (value: string) => value.trim().toLowerCase()

/** The problems of the typed values, as a submit finds them. */
export function emailChangeProblems(context: Pick<EmailChangeContext, 'current' | 'values'>): EmailChangeContext['problems'] {
  const email = normalized(context.values.email)
  const problems: EmailChangeContext['problems'] = {}
  if (!email) problems.email = 'required'
  else if (!looksLikeEmail(email)) problems.email = 'email'
  else if (email === normalized(context.current)) problems.email = 'sameAddress'
  if (!context.values.password) problems.password = 'required'
  return problems
}

const order: EmailChangeField[] = ['email', 'password']
const empty = { email: '', password: '' }
const failureOf = (event: unknown): EmailChangeFailure => ((event as { error?: EmailChangeFailure }).error ?? {}) as EmailChangeFailure

/** Typing and giving up, while the form is open and not sending. */
const editingTransitions = {
  'field.change': { actions: 'updateValue', description: 'The user types.' },
  'cancel.click': { target: '#emailChange.closed', actions: ['reset', 'focusTrigger'], description: 'The user changes their mind.' },
} as const

/** A valid submit waits here for the widget's token; the user may still type or give up. */
const waitingForBotCheck = checkingBotState('editing', 'submitAgain')

export const emailChangeMachine = setup({
  types: {
    context: {} as EmailChangeContext,
    events: {} as EmailChangeEvent,
    input: {} as { current: string },
  },
  actors: {
    // Provided by the feature's logic: checks the password by signing in once more (with the bot
    // check's token), then asks the auth service to change the address (it mails a link to the new
    // address, and to the current one).
    requestEmailChange: fromPromise<void, EmailChangeRequest>(async () => {}),
    // Provided by the feature's logic: the bot check's widget, rendered in the open form.
    watchBotCheck: fromCallback(() => () => {}),
  },
  actions: {
    // Provided by the feature's logic.
    focusField: (_, _params: { field: EmailChangeField }) => {},
    focusTrigger: () => {},
    notifySent: (_, _params: { email: string }) => {},
    notifyFailure: (_, _params: EmailChangeFailure) => {},
    updateValue: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {}
      const { [event.field]: _left, ...problems } = context.problems
      return { values: { ...context.values, [event.field]: event.value }, problems }
    }),
    showProblems: assign(({ context }) => ({ problems: emailChangeProblems(context) })),
    showWrongPassword: assign(({ context }) => ({ problems: { ...context.problems, password: 'wrongPassword' as const } })),
    reset: assign({ values: empty, problems: {} }),
    submitAgain: raise({ type: 'form.submit' }),
    ...botCheckAssigns<EmailChangeContext, EmailChangeEvent>(),
    // Provided by the feature's logic: the widget fetches a new token; the widget loads.
    resetBotCheck: () => {},
    loadBotCheck: () => {},
  },
  guards: {
    isValid: ({ context }) => Object.keys(emailChangeProblems(context)).length === 0,
    isValidButBotCheckPending: ({ context }) => Object.keys(emailChangeProblems(context)).length === 0 && isBotCheckPending(context.botCheck),
    isWrongPassword: ({ event }) => failureOf(event).code === 'invalid_credentials',
  },
}).createMachine({
  id: 'emailChange',
  description: 'Change the e-mail address: the new address and the current password, then a link to confirm from each address.',
  context: ({ input }) => ({ current: input.current, values: empty, problems: {}, botCheck: 'off' }),
  initial: 'closed',
  states: {
    closed: {
      description: 'Only the "Change e-mail address" button shows.',
      on: { 'change.click': { target: 'open', actions: { type: 'focusField', params: { field: 'email' } }, description: 'The user opens the form.' } },
    },
    open: {
      description: 'The form shows, with its bot check.',
      invoke: { id: 'botCheck', src: 'watchBotCheck' },
      // The widget goes with the form: when it opens again, a new one gets a new token.
      exit: 'renewBotCheck',
      on: botCheckTransitions,
      initial: 'editing',
      states: {
        editing: {
          description: 'The form waits for the new address and the current password.',
          on: {
            ...editingTransitions,
            'form.submit': [
              waitForBotCheck,
              { guard: 'isValid', target: 'saving', description: 'A new address and a password: sent.' },
              {
                actions: ['showProblems', { type: 'focusField', params: ({ context }) => ({ field: order.find((f) => emailChangeProblems(context)[f])! }) }],
                description: 'Something is missing or wrong: the problems show, focus moves to the first.',
              },
            ],
          },
        },
        checkingBot: { ...waitingForBotCheck, on: { ...waitingForBotCheck.on, ...editingTransitions } },
        saving: {
          description: 'Checking the password, then asking for the change: the form is disabled.',
          tags: 'busy',
          // The token is spent with this request: the widget fetches the next one.
          exit: ['renewBotCheck', 'resetBotCheck'],
          invoke: {
            id: 'requestEmailChange',
            src: 'requestEmailChange',
            input: ({ context }) => ({
              email: context.values.email.trim(),
              password: context.values.password,
              captchaToken: botCheckToken(context.botCheck),
            }),
            onDone: {
              target: '#emailChange.closed',
              actions: [{ type: 'notifySent', params: ({ context }) => ({ email: context.values.email.trim() }) }, 'reset', 'focusTrigger'],
              description: 'Asked: the links are on their way; the new address shows as pending.',
            },
            onError: [
              {
                guard: 'isWrongPassword',
                target: 'editing',
                actions: ['showWrongPassword', { type: 'focusField', params: { field: 'password' } }],
                description: 'The password is not the account’s: nothing was changed.',
              },
              {
                target: 'editing',
                actions: { type: 'notifyFailure', params: ({ event }) => failureOf(event) },
                description: 'Refused (address taken, too many e-mails, the bot check) or failed: a toast says why.',
              },
            ],
          },
        },
      },
    },
  },
})
