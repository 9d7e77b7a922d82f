import { type ContextFrom, type EventFrom, fromPromise, raise } from 'xstate'
import { botCheckToken, type WithBotCheck } from './bot-check'
import { lazyFormSchema } from './form-fields'
import { formSetup, waitingForBotCheck } from './form'

export const loginFields = ['email', 'password'] as const
export type LoginField = (typeof loginFields)[number]
export type LoginValues = Record<LoginField, string>
/** What a sign-in sends: the address trimmed and in lower case. */
export type LoginRequest = LoginValues

/** The form's schema, loaded when the form is first used (a submit waits for it). */
export const loginValidator = lazyFormSchema('login', loginFields, () => import('./login-schema').then((module) => module.loginSchema))

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

const notice = ({ event }: { event: { error?: unknown } }) => {
  const { message, code } = (event.error ?? {}) as SignInFailure
  return { message, code }
}

export const loginForm = formSetup({
  fields: loginFields,
  schema: loginValidator,
  botCheck: true,
  types: { events: {} as { type: 'google.click' } | { type: 'resend.click' }, failure: {} as SignInFailure },
  actors: {
    signIn: fromPromise<SignedIn, WithBotCheck<LoginRequest>>(async () => ({ secondFactorDue: false })),
    signInWithGoogle: fromPromise<void>(async () => {}),
    resendConfirmation: fromPromise<void, WithBotCheck<{ email: string }>>(async () => {}),
  },
  actions: {
    // Provided by the feature's logic.
    notifySignedIn: () => {},
    notifyGoogleFailure: (_, _params: { message?: string; code?: string }) => {},
    notifyResent: () => {},
    goToApp: () => {},
    resendAgain: raise({ type: 'resend.click' }),
  },
  guards: {
    isUnconfirmed: ({ event }) => Boolean((event as { error?: SignInFailure }).error?.unconfirmed),
    isSecondFactorDue: (_, output: SignedIn | undefined) => Boolean(output?.secondFactorDue),
  },
})

export const loginFormMachine = loginForm.createMachine({
  id: 'loginForm',
  description: 'Sign in with e-mail and password, or with Google.',
  editing: {
    description: 'The form waits for the e-mail address and the password.',
    on: { 'google.click': { target: 'redirectingToGoogle', description: 'The user chooses Google.' } },
  },
  submitting: {
    description: 'Signing in: the fields are read-only, the button waits.',
    invoke: {
      src: 'signIn',
      onDone: [
        {
          guard: { type: 'isSecondFactorDue', params: ({ event }) => event.output },
          target: 'secondFactorDue',
          description: 'The password is right, and the account asks for its authenticator code too.',
        },
        { target: 'signedIn', description: 'The backend accepted the credentials.' },
      ],
      onError: [
        { guard: 'isUnconfirmed', target: 'unconfirmed', actions: 'rememberFailure', description: 'The e-mail address is not confirmed yet.' },
        { target: 'editing', actions: ['rememberFailure', { type: 'notifyFailure', params: notice }], description: 'Wrong credentials or another failure.' },
      ],
    },
  },
  alsoSubmitFrom: ['unconfirmed'],
  states: {
    unconfirmed: {
      description: 'The user is asked to confirm the e-mail address, and may have the e-mail sent again or try again.',
      on: {
        'resend.click': [
          { guard: 'isBotCheckPending', target: 'checkingBotForResend', description: 'Asked before the bot check has its next token: it waits for it.' },
          { target: 'resending', description: 'Send the confirmation e-mail again.' },
        ],
        'google.click': { target: 'redirectingToGoogle', description: 'The user chooses Google.' },
      },
    },
    checkingBotForResend: waitingForBotCheck('unconfirmed', 'resendAgain'),
    resending: {
      description: 'Sending the confirmation e-mail again, to the address signed in with.',
      tags: 'busy',
      exit: ['renewBotCheck', 'resetBotCheck'],
      invoke: {
        id: 'resendConfirmation',
        src: 'resendConfirmation',
        input: ({ context }) => ({ email: context.sent?.email ?? '', captchaToken: botCheckToken(context.botCheck) }),
        onDone: { target: 'unconfirmed', actions: 'notifyResent', description: 'Sent.' },
        onError: { target: 'unconfirmed', actions: { type: 'notifyFailure', params: notice }, description: 'Could not send.' },
      },
    },
    redirectingToGoogle: {
      description: 'On the way to Google: the page is about to leave.',
      tags: 'busy',
      invoke: {
        id: 'signInWithGoogle',
        src: 'signInWithGoogle',
        onError: { target: 'editing', actions: { type: 'notifyGoogleFailure', params: notice }, description: 'Google sign-in could not start.' },
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

export type LoginFormContext = ContextFrom<typeof loginFormMachine>
export type LoginFormEvent = EventFrom<typeof loginFormMachine>
