import { assign, fromPromise, setup } from 'xstate'

export type AccountDeletionEvent =
  | { type: 'delete.click' }
  | { type: 'confirm.change'; value: string }
  | { type: 'form.submit' }
  | { type: 'cancel.click' }

export interface AccountDeletionContext {
  /** The account's address: typing it confirms. */
  email: string
  confirm: string
  /** The typed address does not match (shown after a submit). */
  mismatch: boolean
}

const matches = (typed: string, email: string) => typed.trim().toLowerCase() === email.trim().toLowerCase() && email !== ''

export const accountDeletionMachine = setup({
  types: {
    context: {} as AccountDeletionContext,
    events: {} as AccountDeletionEvent,
    input: {} as { email: string },
  },
  actors: {
    deleteAccount: fromPromise<void, { confirm: string }>(async () => {}),
  },
  actions: {
    // Provided by the feature's logic.
    focusConfirmField: () => {},
    focusTrigger: () => {},
    endSession: () => {},
    notifyDeleted: () => {},
    notifyFailure: (_, _params: { message?: string }) => {},
    goHome: () => {},
    updateConfirm: assign(({ event }) => (event.type === 'confirm.change' ? { confirm: event.value, mismatch: false } : {})),
    showMismatch: assign({ mismatch: true }),
    reset: assign({ confirm: '', mismatch: false }),
  },
  guards: {
    isConfirmed: ({ context }) => matches(context.confirm, context.email),
  },
}).createMachine({
  id: 'accountDeletion',
  description: 'Delete my account, after typing its e-mail address to confirm.',
  context: ({ input }) => ({ email: input.email, confirm: '', mismatch: false }),
  initial: 'closed',
  states: {
    closed: {
      description: 'Only the "Delete my account" button shows.',
      on: { 'delete.click': { target: 'confirming', description: 'The user starts the deletion.' } },
    },
    confirming: {
      description: 'The confirm step: the user types the account’s e-mail address; focus is in the field.',
      entry: 'focusConfirmField',
      on: {
        'confirm.change': { actions: 'updateConfirm', description: 'The user types.' },
        'form.submit': [
          { guard: 'isConfirmed', target: 'deleting', description: 'The address matches: delete.' },
          { actions: ['showMismatch', 'focusConfirmField'], description: 'The address does not match: nothing is sent.' },
        ],
        'cancel.click': { target: 'closed', actions: ['reset', 'focusTrigger'], description: 'The user changes their mind.' },
      },
    },
    deleting: {
      description: 'The backend cancels any subscription and deletes the account: everything is disabled.',
      tags: 'busy',
      invoke: {
        id: 'deleteAccount',
        src: 'deleteAccount',
        input: ({ context }) => ({ confirm: context.confirm }),
        onDone: { target: 'deleted', description: 'Deleted.' },
        onError: {
          target: 'confirming',
          actions: { type: 'notifyFailure', params: ({ event }) => ({ message: (event.error as { message?: string })?.message }) },
          description: 'It failed: nothing was deleted, the user may try again.',
        },
      },
    },
    deleted: {
      description: 'The account is gone: the session ends and the user lands on the home page.',
      type: 'final',
      entry: ['endSession', 'notifyDeleted', 'goHome'],
    },
  },
})
