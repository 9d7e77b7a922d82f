import { assign, fromCallback, fromPromise, raise, setup } from 'xstate'
import {
  botCheckAssigns,
  type BotCheckEvent,
  type BotCheckState,
  botCheckToken,
  type WithBotCheck,
  botCheckTransitions,
  checkingBotState,
  isBotCheckPending,
  waitForBotCheck,
} from './bot-check'
import { emptyFormFields, type FieldProblems, type FormFields, fieldProblems, fieldTransitions, formSteps, validatingState, waitForSchema } from './form-fields'
import { lazyValidator, withArktypeConfig } from './lazy-validator'

export const loginFields = ['email', 'password'] as const
export type LoginField = (typeof loginFields)[number]
export type LoginValues = Record<LoginField, string>

/** The form's schema, loaded when the form is first used (a submit waits for it). */
export const loginValidator = lazyValidator<LoginValues, FieldProblems<LoginField>>('login', () =>
  withArktypeConfig(() => import('./login-schema')).then(
    ({ loginSchema }) =>
      (values: LoginValues) =>
        fieldProblems(loginSchema, values, loginFields),
  ),
)

/** The backend's error as the form needs it: its message, and whether the e-mail awaits confirmation. */
export interface SignInFailure {
  message?: string
  /** The auth service's error code, for a message in the visitor's language. */
  code?: string
  unconfirmed?: boolean
}

/** What a sign-in that the auth service accepted leads to: the dashboard, or, for an account with
 * two-factor sign-in, the code step first. */
export interface SignedIn {
  secondFactorDue: boolean
}

export type LoginFormEvent =
  | { type: 'field.change'; field: LoginField; value: string }
  | { type: 'field.blur'; field: LoginField }
  | { type: 'form.submit' }
  | { type: 'google.click' }
  | { type: 'resend.click' }
  | { type: 'schema.loaded' }
  | BotCheckEvent

export interface LoginFormContext extends FormFields<LoginField> {
  failure: SignInFailure | null
  botCheck: BotCheckState
}

const form = formSteps(loginFields, (values: LoginValues) => loginValidator.validate(values))

export const loginFormMachine = setup({
  types: { context: {} as LoginFormContext, events: {} as LoginFormEvent },
  actors: {
    signIn: fromPromise<SignedIn, WithBotCheck<LoginValues>>(async () => ({ secondFactorDue: false })),
    // Provided by the feature's logic: the bot check's widget, rendered once the form is first used.
    watchBotCheck: fromCallback(() => () => {}),
    // Provided by the feature's logic: sends `field.change` for what the visitor typed into the
    // prerendered form before the page came to life.
    readTypedValues: fromCallback<LoginFormEvent>(() => () => {}),
    // Provided by the feature's logic: `schema.loaded` once the form's schema is there, and its loading.
    watchSchema: fromCallback<LoginFormEvent>(() => () => {}),
    loadSchema: fromPromise<void>(async () => {}),
    signInWithGoogle: fromPromise<void>(async () => {}),
    resendConfirmation: fromPromise<void, WithBotCheck<{ email: string }>>(async () => {}),
  },
  actions: {
    // Provided by the view.
    notifySignedIn: () => {},
    notifyFailure: (_, _params: { message?: string; code?: string }) => {},
    notifyGoogleFailure: (_, _params: { message?: string; code?: string }) => {},
    notifyResent: () => {},
    focusField: (_, _params: { field: LoginField }) => {},
    goToApp: () => {},
    updateValue: assign(({ context, event }) => form.change(context, event)),
    showProblem: assign(({ context, event }) => form.blur(context, event)),
    showAllProblems: assign(({ context }) => form.showAll(context)),
    useSchema: assign(({ context }) => form.schemaLoaded(context)),
    submitAgain: raise({ type: 'form.submit' }),
    resendAgain: raise({ type: 'resend.click' }),
    rememberFailure: assign({ failure: ({ event }) => ((event as { error?: SignInFailure }).error ?? {}) as SignInFailure }),
    clearFailure: assign({ failure: null }),
    ...botCheckAssigns<LoginFormContext, LoginFormEvent>(),
    // Provided by the feature's logic: the widget fetches a new token; the widget loads.
    resetBotCheck: () => {},
    loadBotCheck: () => {},
  },
  guards: {
    isValid: ({ context }) => form.isValid(context),
    isSchemaPending: ({ context }) => form.isSchemaPending(context),
    isValidButBotCheckPending: ({ context }) => form.isValid(context) && isBotCheckPending(context.botCheck),
    isBotCheckPending: ({ context }) => isBotCheckPending(context.botCheck),
    isUnconfirmed: ({ event }) => Boolean((event as { error?: SignInFailure }).error?.unconfirmed),
    isSecondFactorDue: (_, output: SignedIn | undefined) => Boolean(output?.secondFactorDue),
  },
}).createMachine({
  id: 'loginForm',
  description: 'Sign in with e-mail and password, or with Google.',
  context: { ...emptyFormFields(loginFields), failure: null, botCheck: 'off' },
  invoke: [
    { id: 'typedBeforeStart', src: 'readTypedValues' },
    { id: 'schema', src: 'watchSchema' },
    { id: 'botCheck', src: 'watchBotCheck' },
  ],
  initial: 'editing',
  on: { ...fieldTransitions, ...botCheckTransitions },
  states: {
    editing: {
      description: 'The form waits for the e-mail address and the password.',
      on: {
        'form.submit': [
          waitForSchema,
          waitForBotCheck,
          { guard: 'isValid', target: 'submitting', actions: 'clearFailure', description: 'Submitted with valid input.' },
          {
            actions: [
              'showAllProblems',
              { type: 'focusField', params: ({ context }) => form.firstInvalid(context) },
            ],
            description: 'Submitted with invalid input: problems show, focus moves to the first.',
          },
        ],
        'google.click': { target: 'redirectingToGoogle', description: 'The user chooses Google.' },
      },
    },
    validating: validatingState,
    checkingBot: checkingBotState('editing', 'submitAgain'),
    submitting: {
      description: 'Signing in: the button is disabled.',
      tags: 'busy',
      // The token is spent with this request: the widget fetches the next one.
      exit: ['renewBotCheck', 'resetBotCheck'],
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({ ...context.values, captchaToken: botCheckToken(context.botCheck) }),
        onDone: [
          {
            guard: { type: 'isSecondFactorDue', params: ({ event }) => event.output },
            target: 'secondFactorDue',
            description: 'The password is right, and the account asks for its authenticator code too.',
          },
          { target: 'signedIn', description: 'The backend accepted the credentials.' },
        ],
        onError: [
          {
            guard: 'isUnconfirmed',
            target: 'unconfirmed',
            actions: 'rememberFailure',
            description: 'The e-mail address is not confirmed yet.',
          },
          {
            target: 'editing',
            actions: ['rememberFailure', { type: 'notifyFailure', params: ({ event }) => ({ message: (event.error as SignInFailure)?.message, code: (event.error as SignInFailure)?.code }) }],
            description: 'Wrong credentials or another failure.',
          },
        ],
      },
    },
    unconfirmed: {
      description: 'The user is asked to confirm the e-mail address, and may have the e-mail sent again.',
      on: {
        'resend.click': [
          { guard: 'isBotCheckPending', target: 'checkingBotForResend', description: 'Asked before the bot check has its next token: it waits for it.' },
          { target: 'resending', description: 'Send the confirmation e-mail again.' },
        ],
        'form.submit': [
          { ...waitForBotCheck, description: 'Tried again before the bot check has its next token: it waits for it.' },
          { guard: 'isValid', target: 'submitting', description: 'Try again after confirming.' },
        ],
        'google.click': { target: 'redirectingToGoogle', description: 'The user chooses Google.' },
      },
    },
    checkingBotForResend: checkingBotState('unconfirmed', 'resendAgain'),
    resending: {
      description: 'Sending the confirmation e-mail again.',
      tags: 'busy',
      exit: ['renewBotCheck', 'resetBotCheck'],
      invoke: {
        id: 'resendConfirmation',
        src: 'resendConfirmation',
        input: ({ context }) => ({ email: context.values.email, captchaToken: botCheckToken(context.botCheck) }),
        onDone: { target: 'unconfirmed', actions: 'notifyResent', description: 'Sent.' },
        onError: {
          target: 'unconfirmed',
          actions: { type: 'notifyFailure', params: ({ event }) => ({ message: (event.error as SignInFailure)?.message, code: (event.error as SignInFailure)?.code }) },
          description: 'Could not send.',
        },
      },
    },
    redirectingToGoogle: {
      description: 'On the way to Google: the page is about to leave.',
      tags: 'busy',
      invoke: {
        id: 'signInWithGoogle',
        src: 'signInWithGoogle',
        onError: {
          target: 'editing',
          actions: { type: 'notifyGoogleFailure', params: ({ event }) => ({ message: (event.error as SignInFailure)?.message, code: (event.error as SignInFailure)?.code }) },
          description: 'Google sign-in could not start.',
        },
      },
    },
    signedIn: {
      description: 'Signed in: off to the dashboard (or where the visitor was going).',
      type: 'final',
      entry: ['notifySignedIn', 'goToApp'],
    },
    secondFactorDue: {
      description: 'Half signed in: on to the dashboard, which asks for the authenticator code first; no welcome yet.',
      type: 'final',
      entry: 'goToApp',
    },
  },
})
