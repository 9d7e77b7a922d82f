import { type ContextFrom, type EventFrom, fromPromise } from 'xstate'
import { formSetup } from './form'
import type { FieldProblems } from './form-fields'

/** What a code from an auth e-mail confirms: a new account's address, or a password reset. */
export type EmailCodeType = 'signup' | 'recovery'

export const emailCodeFields = ['code'] as const
export type EmailCodeField = (typeof emailCodeFields)[number]

/** The code as the e-mail shows it: eight digits (the product's own, good for 15 minutes and five
 * tries; migration auth_hooks). Spaces a mail program or a person put in (`1234 5678`) do not count. */
export const normalizeCode = (typed: string) => typed.replace(/\s+/g, '')

/** The field's one check, known without a schema to load. */
export function codeProblems(values: Record<EmailCodeField, string>): FieldProblems<EmailCodeField> {
  const code = normalizeCode(values.code)
  if (!code) return { code: 'required' }
  return /^\d{8}$/.test(code) ? {} : { code: 'invalid' }
}

export interface EmailCodeInput {
  /** The address the e-mail went to, as the form that sent it normalised it. */
  email: string
  type: EmailCodeType
}

export interface EmailCodeFailure {
  code?: string
  message?: string
}

export const emailCodeForm = formSetup({
  fields: emailCodeFields,
  required: [],
  problems: codeProblems,
  types: { context: {} as EmailCodeInput, input: {} as EmailCodeInput, failure: {} as EmailCodeFailure },
  actors: {
    verifyEmailCode: fromPromise<void, { email: string; token: string; type: EmailCodeType }>(async () => {}),
  },
  actions: {
    // Provided by the feature's logic: on to where the e-mail's link leads (the dashboard, the
    // new-password form).
    goOn: (_, _params: { type: EmailCodeType }) => {},
  },
})

export const emailCodeMachine = emailCodeForm.createMachine({
  id: 'emailCode',
  description: 'The 8-digit code from an auth e-mail, for a person whose mail system blocks its link: it does what the link does.',
  context: ({ input }) => ({ email: input.email, type: input.type }),
  editing: {
    description: 'Waiting for the code.',
  },
  submitting: {
    description: 'The auth service checks the code: the field is read-only, the button waits.',
    invoke: {
      src: 'verifyEmailCode',
      input: ({ context }) => ({ email: context.email, token: normalizeCode(context.values.code), type: context.type }),
      onDone: { target: 'verified', description: 'Right: the person is signed in.' },
      onError: {
        target: 'editing',
        actions: 'rememberFailure',
        description: 'Wrong, used, replaced by a newer e-mail, over 15 minutes old or tried too often; or no answer. The code stays, to correct.',
      },
    },
  },
  states: {
    verified: {
      description: 'Done: on to where the link would have led.',
      type: 'final',
      entry: { type: 'goOn', params: ({ context }) => ({ type: context.type }) },
    },
  },
})

export type EmailCodeContext = ContextFrom<typeof emailCodeMachine>
export type EmailCodeEvent = EventFrom<typeof emailCodeMachine>
