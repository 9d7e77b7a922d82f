import { type ContextFrom, type EventFrom, fromPromise } from 'xstate'
import { formSetup } from './form'
import { type FieldProblem, lazyFormSchema } from './form-fields'

export const emailChangeFields = ['email', 'password'] as const
export type EmailChangeField = (typeof emailChangeFields)[number]
export type EmailChangeValues = Record<EmailChangeField, string>

/** What is wrong with a field: the schema's problems, the account's own address, a password the
 * server refused. */
export type EmailChangeProblem = FieldProblem | 'sameAddress' | 'wrongPassword'

export interface EmailChangeRequest extends EmailChangeValues {
  /** The bot check's token: the password is checked by a sign-in, which the auth service guards. */
  captchaToken?: string
}

export interface EmailChangeFailure {
  code?: string
  message?: string
}

/** The schema request-email-change checks with, loaded when the form is first used. */
export const emailChangeValidator = lazyFormSchema('e-mail change', emailChangeFields, () =>
  import('../supabase/functions/_shared/email-change-request.ts').then((module) => module.emailChangeFields),
)

export const emailChangeForm = formSetup({
  fields: emailChangeFields,
  schema: emailChangeValidator,
  // The new address must differ from the account's (the auth service keeps addresses in lower case).
  problems: (_, { current }, request): { email?: EmailChangeProblem } => (request?.email === current.toLowerCase() ? { email: 'sameAddress' } : {}),
  typingHidesProblem: true,
  botCheck: true,
  types: {
    context: {} as {
      /** The account's address now: the new one must differ. */
      current: string
    },
    input: {} as { current: string },
    events: {} as { type: 'change.click' } | { type: 'cancel.click' },
    failure: {} as EmailChangeFailure,
  },
  actors: {
    // Provided by the feature's logic: request-email-change checks the password by signing in once
    // more (with the bot check's token), then asks the auth service to change the address (it mails
    // a link to the new address, and to the current one).
    requestEmailChange: fromPromise<void, EmailChangeRequest>(async () => {}),
  },
  actions: {
    // Provided by the feature's logic.
    notifySent: (_, _params: { email: string }) => {},
  },
  guards: {
    isWrongPassword: ({ event }) => (event as { error?: EmailChangeFailure }).error?.code === 'invalid_credentials',
  },
})

export const emailChangeMachine = emailChangeForm.createMachine({
  id: 'emailChange',
  description: 'Change the e-mail address: the new address and the current password, then a link to confirm from each address.',
  context: ({ input }) => ({ current: input.current }),
  opens: true,
  editing: {
    description: 'The form waits for the new address and the current password.',
  },
  submitting: {
    description: 'Checking the password, then asking for the change: the fields are read-only, the button waits.',
    invoke: {
      src: 'requestEmailChange',
      onDone: {
        target: '#emailChange.closed',
        actions: [{ type: 'notifySent', params: ({ context }) => ({ email: context.sent?.email ?? '' }) }, 'clearValues', 'focusTrigger'],
        description: 'Asked: the links are on their way; the new address shows as pending.',
      },
      onError: [
        {
          guard: 'isWrongPassword',
          target: 'editing',
          actions: [{ type: 'refuseField', params: { field: 'password', problem: 'wrongPassword' } }, { type: 'focusField', params: { field: 'password' } }],
          description: 'The password is not the account’s: nothing was changed.',
        },
        {
          target: 'editing',
          actions: { type: 'notifyFailure', params: ({ event }) => (event.error ?? {}) as EmailChangeFailure },
          description: 'Refused (address taken, too many e-mails, the bot check) or failed: a toast says why.',
        },
      ],
    },
  },
  states: {
    closed: {
      description: 'Only the "Change e-mail address" button shows.',
      on: { 'change.click': { target: 'open', actions: { type: 'focusField', params: { field: 'email' } }, description: 'The user opens the form.' } },
    },
    open: { description: 'The form shows, with its bot check.' },
  },
})

export type EmailChangeContext = ContextFrom<typeof emailChangeMachine>
export type EmailChangeEvent = EventFrom<typeof emailChangeMachine>
