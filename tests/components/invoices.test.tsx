import { act, fireEvent, screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import { assign, createActor, createMachine } from 'xstate'
import { invoicesMachine } from '../../machines/invoices.machine'
import { Invoices } from '../../src/features/dashboard/invoices'
import type { Lang } from '../../src/i18n/lang'
import { machineModels } from '../model/catalogue'
import { controllablePromise, settle } from '../model/fake-actors'
import { testMachinePaths } from '../model/run'
import { renderInApp, standIn } from '../render'

// The real reading calls Supabase; here each run is a promise the test settles.
const fetchInvoices = controllablePromise<unknown, { userId: string }>()
const standIns = [standIn(invoicesMachine, { actors: { fetchInvoices: fetchInvoices.logic } } as never)]

const words = {
  nb: {
    heading: 'Fakturaer',
    row: ['VL-0001', '27. november 2026', '3\u00a0123,75\u00a0krherav 25 % mva 624,75\u00a0kr', 'Betalt', 'Åpne faktura VL-0001'],
    none: 'Ingen fakturaer ennå.',
    loading: 'Henter fakturaer …',
    failed: 'Fakturaene kunne ikke hentes.',
    retry: 'Prøv igjen',
  },
  en: {
    heading: 'Invoices',
    row: ['VL-0001', 'November 27, 2026', '3\u00a0123.75\u00a0NOKof which 25 % VAT 624.75\u00a0NOK', 'Paid', 'Open invoice VL-0001'],
    none: 'No invoices yet.',
    loading: 'Loading invoices…',
    failed: 'The invoices could not be loaded.',
    retry: 'Try again',
  },
} as const

for (const lang of ['nb', 'en'] as const satisfies Lang[]) {
  const w = words[lang]
  testMachinePaths(`Invoices view (${lang})`, invoicesMachine, machineModels.invoices.options, {
    start: () => {
      fetchInvoices.runs.length = 0
      // The dashboard's subscriptions actor: its rows change when the test says so.
      const subscriptions = createActor(createMachine({ context: { subscriptions: [] as unknown[] }, on: { set: { actions: assign({ subscriptions: () => [{}] }) } } })).start()
      const view = renderInApp(<Invoices userId="u1" subscriptions={subscriptions} />, { lang, path: lang === 'nb' ? '/app' : '/en/app', standIns })
      expect(fetchInvoices.runs.map((run) => run.input)).toEqual([{ userId: 'u1' }])
      return { ...view, subscriptions }
    },
    execute: async (ctx, event) => {
      const e = event as { type: string; output?: unknown; error?: unknown }
      if (e.type === 'xstate.done.actor.fetchInvoices') fetchInvoices.resolve(e.output)
      else if (e.type === 'xstate.error.actor.fetchInvoices') fetchInvoices.reject(e.error)
      else if (e.type === 'user.retry') fireEvent.click(screen.getByRole('button', { name: w.retry }))
      else if (e.type === 'subscriptions.changed') {
        // The subscriptions actor's rows change (a payment came in): the invoices are read again.
        const before = fetchInvoices.runs.length
        act(() => ctx.subscriptions.send({ type: 'set' }))
        expect(fetchInvoices.runs).toHaveLength(before + 1)
      }
      await act(settle)
    },
    verify: (_, planned) => {
      const section = within(screen.getByRole('region', { name: w.heading }))
      const invoices = (planned.context as { invoices: unknown[] }).invoices
      expect(screen.getByRole('region', { name: w.heading })).toHaveAttribute('aria-busy', String(planned.matches('loading')))
      if (planned.matches('failed')) {
        expect(section.getByRole('alert')).toHaveTextContent(w.failed)
        return
      }
      if (invoices.length === 0) {
        expect(section.getByText(planned.matches('loading') ? w.loading : w.none)).toBeInTheDocument()
        return
      }
      // Number, date, the amount with MVA (and the MVA), status and the invoice itself.
      const [row] = section.getAllByTestId('invoice')
      expect(within(row!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(w.row)
      expect(within(row!).getByRole('link', { name: w.row[4] })).toHaveAttribute('href', 'http://localhost:54321/local-payments/invoice/in_local_1/document')
    },
    stop: ({ unmount }) => unmount(),
  })
}
