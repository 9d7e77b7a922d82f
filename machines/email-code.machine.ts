import { assign, fromPromise, setup } from 'xstate'
import type { FieldProblems, FormFields } from './form-fields'
import { formSteps } from './form-fields'

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
  email: string
  type: EmailCodeType
}

export interface EmailCodeFailure {
  code?: string
  message?: string
}

export type EmailCodeEvent = { type: 'field.change'; field: EmailCodeField; value: string } | { type: 'field.blur'; field: EmailCodeField } | { type: 'form.submit' }

export interface EmailCodeContext extends FormFields<EmailCodeField>, EmailCodeInput {
  failure: EmailCodeFailure | null
}

const form = formSteps(emailCodeFields, codeProblems)
const failureOf = (event: unknown): EmailCodeFailure => ((event as { error?: EmailCodeFailure }).error ?? {}) as EmailCodeFailure

export const emailCodeMachine = setup({
  types: { context: {} as EmailCodeContext, events: {} as EmailCodeEvent, input: {} as EmailCodeInput },
  actors: {
    verifyEmailCode: fromPromise<void, { email: string; token: string; type: EmailCodeType }>(async () => {}),
  },
  actions: {
    // Provided by the feature's logic: on to where the e-mail's link leads (the dashboard, the
    // new-password form), and focus.
    goOn: (_, _params: { type: EmailCodeType }) => {},
    focusField: (_, _params: { field: EmailCodeField }) => {},
    updateValue: assign(({ context, event }) => form.change(context, event)),
    showProblem: assign(({ context, event }) => form.blur(context, event)),
    showAllProblems: assign(({ context }) => form.showAll(context)),
    rememberFailure: assign({ failure: ({ event }) => failureOf(event) }),
    clearFailure: assign({ failure: null }),
  },
  guards: {
    isValid: ({ context }) => form.isValid(context),
  },
}).createMachine({
  id: 'emailCode',
  description: 'The 8-digit code from an auth e-mail, for a person whose mail system blocks its link: it does what the link does.',
  context: ({ input }) => ({ ...input, values: { code: '' }, problems: { code: 'required' }, shown: [], schemaReady: true, failure: null }),
  initial: 'editing',
  on: {
    'field.change': { actions: 'updateValue', description: 'The person types in the code.' },
    'field.blur': { actions: 'showProblem', description: 'The person leaves the field: its problem, if any, shows.' },
  },
  states: {
    editing: {
      description: 'Waiting for the code.',
      on: {
        'form.submit': [
          { guard: 'isValid', target: 'verifying', actions: 'clearFailure', description: 'Eight digits: sent with the address.' },
          {
            actions: ['showAllProblems', { type: 'focusField', params: { field: 'code' } }],
            description: 'Empty, or not eight digits: nothing is sent, focus goes to the field.',
          },
        ],
      },
    },
    verifying: {
      description: 'The auth service checks the code: the button is busy.',
      tags: 'busy',
      invoke: {
        id: 'verifyEmailCode',
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
    verified: {
      description: 'Done: on to where the link would have led.',
      type: 'final',
      entry: { type: 'goOn', params: ({ context }) => ({ type: context.type }) },
    },
  },
})
