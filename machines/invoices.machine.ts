import { type AnyActorRef, assign, fromCallback, fromPromise, setup } from 'xstate'
import type { Tables } from '../supabase/functions/_shared/database.types.ts'

/** An invoice as the dashboard lists it (the row the payment ledger keeps). */
export type Invoice = Pick<Tables<'invoices'>, 'id' | 'number' | 'status' | 'currency' | 'subtotal' | 'tax' | 'total' | 'tax_treatment' | 'issued_at' | 'invoice_pdf'>

export type InvoicesEvent = { type: 'user.retry' } | { type: 'subscriptions.changed' }

export interface InvoicesInput {
  userId: string
  /** The dashboard's subscriptions actor: when its rows change, a payment may have made an invoice. */
  subscriptions?: AnyActorRef
}

export const invoicesMachine = setup({
  types: {
    context: {} as { userId: string; subscriptions: AnyActorRef | null; invoices: Invoice[] },
    events: {} as InvoicesEvent,
    input: {} as InvoicesInput,
  },
  actors: {
    // Provided by the app: the user's invoices, newest first, as row-level security lets them read.
    fetchInvoices: fromPromise<Invoice[], { userId: string }>(async () => []),
    // Reports each change of the subscriptions actor's rows.
    watchSubscriptions: fromCallback<InvoicesEvent, { subscriptions: AnyActorRef | null }>(({ sendBack, input }) => {
      let seen = (input.subscriptions?.getSnapshot() as { context?: { subscriptions?: unknown } } | undefined)?.context?.subscriptions
      const subscription = input.subscriptions?.subscribe((snapshot: { context?: { subscriptions?: unknown } }) => {
        const rows = snapshot.context?.subscriptions
        if (rows !== seen) sendBack({ type: 'subscriptions.changed' })
        seen = rows
      })
      return () => subscription?.unsubscribe()
    }),
  },
}).createMachine({
  id: 'invoices',
  description: "The dashboard's list of the user's invoices: read on arrival, and again when the subscription changes.",
  context: ({ input }) => ({ userId: input.userId, subscriptions: input.subscriptions ?? null, invoices: [] }),
  invoke: { id: 'watchSubscriptions', src: 'watchSubscriptions', input: ({ context }) => ({ subscriptions: context.subscriptions }) },
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the invoices; those already shown stay.',
      tags: 'busy',
      invoke: {
        id: 'fetchInvoices',
        src: 'fetchInvoices',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'shown', actions: assign({ invoices: ({ event }) => event.output }), description: 'Read: the list shows.' },
        onError: { target: 'failed', description: 'Could not be read: a retry button shows.' },
      },
    },
    shown: {
      description: 'The invoices show (or that there are none yet).',
      on: { 'subscriptions.changed': { target: 'loading', description: 'The subscription changed: a payment may have made an invoice.' } },
    },
    failed: {
      description: 'Told that the invoices could not be read, with a retry.',
      on: {
        'user.retry': { target: 'loading', description: 'The user tries again.' },
        'subscriptions.changed': { target: 'loading', description: 'The subscription changed: read again.' },
      },
    },
  },
})
