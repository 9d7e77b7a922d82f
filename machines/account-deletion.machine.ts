import { type ContextFrom, type EventFrom, fromPromise } from 'xstate'
import { formSetup } from './form'

/** The typed address does not match the account's. */
export type DeletionProblem = 'mismatch'

/** Typing the account's address confirms (case and surrounding spaces aside, as addresses compare). */
const matches = (typed: string, email: string) => email !== '' && typed.trim().toLowerCase() === email.trim().toLowerCase()

export const accountDeletionForm = formSetup({
  fields: ['confirm'],
  required: [],
  problems: ({ confirm }, { email }): { confirm?: DeletionProblem } => (matches(confirm, email) ? {} : { confirm: 'mismatch' }),
  typingHidesProblem: true,
  types: {
    context: {} as {
      /** The account's address: typing it confirms. */
      email: string
    },
    input: {} as { email: string },
    events: {} as { type: 'delete.click' } | { type: 'cancel.click' },
  },
  actors: {
    deleteAccount: fromPromise<void, { confirm: string }>(async () => {}),
  },
  actions: {
    // Provided by the feature's logic.
    endSession: () => {},
    notifyDeleted: () => {},
    goHome: () => {},
  },
})

export const accountDeletionMachine = accountDeletionForm.createMachine({
  id: 'accountDeletion',
  description: 'Delete my account, after typing its e-mail address to confirm.',
  context: ({ input }) => ({ email: input.email }),
  opens: true,
  editing: {
    description: 'The field waits for the account’s address.',
  },
  submitting: {
    description: 'The backend cancels any subscription and deletes the account: the field is read-only, the button waits.',
    invoke: {
      src: 'deleteAccount',
      input: ({ context }) => ({ confirm: context.values.confirm }),
      onDone: { target: '#accountDeletion.deleted', description: 'Deleted.' },
      onError: { target: 'editing', description: 'It failed: nothing was deleted, the user may try again.' },
    },
  },
  states: {
    closed: {
      description: 'Only the "Delete my account" button shows.',
      on: { 'delete.click': { target: 'open', actions: { type: 'focusField', params: { field: 'confirm' } }, description: 'The user starts the deletion: focus goes to the field.' } },
    },
    open: { description: 'The confirm step: the user types the account’s e-mail address.' },
    deleted: {
      description: 'The account is gone: the session ends and the user lands on the home page.',
      type: 'final',
      entry: ['endSession', 'notifyDeleted', 'goHome'],
    },
  },
})

export type AccountDeletionContext = ContextFrom<typeof accountDeletionMachine>
export type AccountDeletionEvent = EventFrom<typeof accountDeletionMachine>
