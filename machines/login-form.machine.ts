import { assign, type ContextFrom, type EventFrom, fromCallback, fromPromise, raise } from 'xstate'
import { botCheckToken, type WithBotCheck } from './bot-check'
import { lazyFormSchema } from './form-fields'
import { formSetup, waitingForBotCheck } from './form'
import { type ProviderClick, type ProviderRefusal, providerActions, providerActors, redirectingToProviders, toProviders } from './oauth'

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
  types: {
    events: {} as ProviderClick | { type: 'resend.click' } | { type: 'provider.refused'; refusal: ProviderRefusal },
    failure: {} as SignInFailure,
    context: {} as { refusal: ProviderRefusal | null },
  },
  actors: {
    signIn: fromPromise<SignedIn, WithBotCheck<LoginRequest>>(async () => ({ secondFactorDue: false })),
    ...providerActors,
    resendConfirmation: fromPromise<void, WithBotCheck<{ email: string }>>(async () => {}),
    // Provided by the feature's logic: a visitor back from a provider without a session (the
    // provider's refusal, in the page's address).
    readProviderReturn: fromCallback(() => () => {}),
  },
  actions: {
    // Provided by the feature's logic.
    notifySignedIn: () => {},
    ...providerActions,
    notifyResent: () => {},
    goToApp: () => {},
    resendAgain: raise({ type: 'resend.click' }),
    rememberRefusal: assign({ refusal: ({ event }) => (event.type === 'provider.refused' ? event.refusal : null) }),
  },
  guards: {
    isUnconfirmed: ({ event }) => Boolean((event as { error?: SignInFailure }).error?.unconfirmed),
    isSecondFactorDue: (_, output: SignedIn | undefined) => Boolean(output?.secondFactorDue),
  },
})

export const loginFormMachine = loginForm.createMachine({
  id: 'loginForm',
  description: 'Sign in with e-mail and password, or with Google or LinkedIn.',
  context: { refusal: null },
  invoke: [{ id: 'providerReturn', src: 'readProviderReturn' }],
  on: {
    'provider.refused': {
      actions: 'rememberRefusal',
      description: 'Back from Google or LinkedIn without a session (the visitor cancelled there): the page says so.',
    },
  },
  editing: {
    description: 'The form waits for the e-mail address and the password.',
    on: toProviders,
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
        ...toProviders,
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
    ...redirectingToProviders('editing'),
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
