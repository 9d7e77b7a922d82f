import { type ContextFrom, type EventFrom, fromPromise } from 'xstate'
import { codeProblems, type EmailCodeFailure, type EmailCodeType, normalizeCode } from './email-code.machine'
import { formSetup } from './form'
import { lazyFormSchema } from './form-fields'

export const recoveryCodeFields = ['email', 'code'] as const
export type RecoveryCodeField = (typeof recoveryCodeFields)[number]
export type RecoveryCodeValues = Record<RecoveryCodeField, string>

/** The form's schema, loaded when the form is first used (a submit waits for it). */
export const recoveryCodeValidator = lazyFormSchema('recovery code', recoveryCodeFields, () =>
  import('./recovery-code-schema').then((module) => module.recoveryCodeSchema),
)

export const recoveryCodeForm = formSetup({
  fields: recoveryCodeFields,
  schema: recoveryCodeValidator,
  // The code's eight digits are known without the schema; an empty field is the kit's `required`.
  problems: ({ code }) => (code.trim() ? codeProblems({ code }) : {}),
  types: { events: {} as { type: 'open.click' } | { type: 'cancel.click' }, failure: {} as EmailCodeFailure },
  actors: {
    // Provided by the feature's logic: the database hands over the reset link's token for the right
    // code of that address (redeem_email_code), which is verified as a press of the link is.
    verifyEmailCode: fromPromise<void, { email: string; token: string; type: EmailCodeType }>(async () => {}),
  },
  actions: {
    // Provided by the feature's logic: on to the new-password form, signed in.
    goOn: () => {},
  },
})

export const recoveryCodeMachine = recoveryCodeForm.createMachine({
  id: 'recoveryCode',
  description:
    'The one-time code from a password-reset e-mail, typed on any device with the address it went to: no state of the page that asked for the e-mail is needed. It does what the e-mail’s link does.',
  opens: true,
  editing: {
    description: 'The form waits for the address and the code.',
  },
  submitting: {
    description: 'The code is checked with its address: the fields are read-only, the button waits.',
    invoke: {
      src: 'verifyEmailCode',
      input: ({ context }) => ({ email: context.sent?.email ?? '', token: normalizeCode(context.sent?.code ?? ''), type: 'recovery' as const }),
      onDone: { target: '#recoveryCode.verified', description: 'Right: the person is signed in by the reset.' },
      onError: {
        target: 'editing',
        actions: 'rememberFailure',
        description: 'Wrong, used, replaced by a newer e-mail, over 15 minutes old, tried too often, or for another address; or no answer. What was typed stays, to correct.',
      },
    },
  },
  states: {
    closed: {
      description: 'Only the button for a code from the e-mail shows.',
      on: { 'open.click': { target: 'open', actions: { type: 'focusField', params: { field: 'email' } }, description: 'The person has a code: the form opens at its address field.' } },
    },
    open: { description: 'The form shows: the address and the code.' },
    verified: {
      description: 'Done: on to the new password.',
      type: 'final',
      entry: 'goOn',
    },
  },
})

export type RecoveryCodeContext = ContextFrom<typeof recoveryCodeMachine>
export type RecoveryCodeEvent = EventFrom<typeof recoveryCodeMachine>
