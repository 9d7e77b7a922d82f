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
import { emptyFormFields, type FieldProblems, type FormFields, fieldProblems, fieldTransitions, formSteps, validatingState, waitForSchema } from './form-fields'
import { lazyValidator, withArktypeConfig } from './lazy-validator'

export const resetRequestFields = ['email'] as const
export type ResetRequestField = (typeof resetRequestFields)[number]
export type ResetRequestValues = Record<ResetRequestField, string>

/** The form's schema, loaded when the form is first used (a submit waits for it). */
export const resetRequestValidator = lazyValidator<ResetRequestValues, FieldProblems<ResetRequestField>>('password reset request', () =>
  withArktypeConfig(() => import('./reset-request-schema')).then(
    ({ resetRequestSchema }) =>
      (values: ResetRequestValues) =>
        fieldProblems(resetRequestSchema, values, resetRequestFields),
  ),
)

export type PasswordResetRequestEvent =
  | { type: 'field.change'; field: ResetRequestField; value: string }
  | { type: 'field.blur'; field: ResetRequestField }
  | { type: 'form.submit' }
  | { type: 'form.again' }
  | { type: 'schema.loaded' }
  | BotCheckEvent

export interface PasswordResetRequestContext extends FormFields<ResetRequestField> {
  failure: { message?: string } | null
  botCheck: BotCheckState
}

const form = formSteps(resetRequestFields, (values: ResetRequestValues) => resetRequestValidator.validate(values))

export const passwordResetRequestMachine = setup({
  types: { context: {} as PasswordResetRequestContext, events: {} as PasswordResetRequestEvent },
  actors: {
    requestPasswordReset: fromPromise<void, { email: string; captchaToken?: string }>(async () => {}),
    // Provided by the feature's logic: the bot check's widget, rendered once the form is first used.
    watchBotCheck: fromCallback(() => () => {}),
    // Provided by the feature's logic: `field.change` for what was typed before the page came to
    // life; `schema.loaded` once the form's schema is there, and its loading.
    readTypedValues: fromCallback<PasswordResetRequestEvent>(() => () => {}),
    watchSchema: fromCallback<PasswordResetRequestEvent>(() => () => {}),
    loadSchema: fromPromise<void>(async () => {}),
  },
  actions: {
    // Provided by the feature's logic.
    notifyFailure: (_, _params: { message?: string; code?: string }) => {},
    focusField: (_, _params: { field: ResetRequestField }) => {},
    updateValue: assign(({ context, event }) => form.change(context, event)),
    showProblem: assign(({ context, event }) => form.blur(context, event)),
    showAllProblems: assign(({ context }) => form.showAll(context)),
    useSchema: assign(({ context }) => form.schemaLoaded(context)),
    submitAgain: raise({ type: 'form.submit' }),
    rememberFailure: assign({ failure: ({ event }) => ((event as { error?: { message?: string } }).error ?? {}) }),
    clearFailure: assign({ failure: null }),
    ...botCheckAssigns<PasswordResetRequestContext, PasswordResetRequestEvent>(),
    // Provided by the feature's logic: the widget fetches a new token; the widget loads (a submit
    // can come before any tap or key reached the form: typed while the page started).
    resetBotCheck: () => {},
    loadBotCheck: () => {},
  },
  guards: {
    isValid: ({ context }) => form.isValid(context),
    isSchemaPending: ({ context }) => form.isSchemaPending(context),
    isValidButBotCheckPending: ({ context }) => form.isValid(context) && isBotCheckPending(context.botCheck),
  },
}).createMachine({
  id: 'passwordResetRequest',
  description: 'Ask for a link to choose a new password. The answer never tells whether an account exists.',
  context: { ...emptyFormFields(resetRequestFields), failure: null, botCheck: 'off' },
  invoke: [
    { id: 'typedBeforeStart', src: 'readTypedValues' },
    { id: 'schema', src: 'watchSchema' },
    { id: 'botCheck', src: 'watchBotCheck' },
  ],
  initial: 'editing',
  on: { ...fieldTransitions, ...botCheckTransitions },
  states: {
    editing: {
      description: 'The form waits for the e-mail address.',
      on: {
        'form.submit': [
          waitForSchema,
          waitForBotCheck,
          { guard: 'isValid', target: 'sending', actions: 'clearFailure', description: 'Submitted with a valid address.' },
          {
            actions: [
              'showAllProblems',
              { type: 'focusField', params: ({ context }) => form.firstInvalid(context) },
            ],
            description: 'Submitted with an invalid address: the problem shows, focus moves to the field.',
          },
        ],
      },
    },
    validating: validatingState,
    checkingBot: checkingBotState('editing', 'submitAgain'),
    sending: {
      description: 'Asking the backend to send the link: the button is disabled.',
      tags: 'busy',
      // The token is spent with this request: the widget fetches the next one.
      exit: ['renewBotCheck', 'resetBotCheck'],
      invoke: {
        id: 'requestPasswordReset',
        src: 'requestPasswordReset',
        input: ({ context }) => ({ email: context.values.email, captchaToken: botCheckToken(context.botCheck) }),
        onDone: { target: 'sent', description: 'Accepted: the same answer whether or not the account exists.' },
        onError: {
          target: 'editing',
          actions: ['rememberFailure', { type: 'notifyFailure', params: ({ event }) => ({ ...(event.error as { message?: string; code?: string }) }) }],
          description: 'The request failed (too many requests, no connection): the address is kept.',
        },
      },
    },
    sent: {
      description: 'The neutral answer: if an account exists, a link is on its way.',
      on: {
        'form.again': { target: 'editing', description: 'The user wants to send the link again or use another address.' },
      },
    },
  },
})
