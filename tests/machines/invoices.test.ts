import { expect } from 'vitest'
import { assign, createActor, createMachine } from 'xstate'
import { invoicesMachine } from '../../machines/invoices.machine'
import { machineModels } from '../model/catalogue'
import { applyOutcome, controllablePromise, settle } from '../model/fake-actors'
import { testMachinePaths } from '../model/run'
import { describe, it } from 'vitest'

testMachinePaths('invoices machine', invoicesMachine, machineModels.invoices.options, {
  start: () => {
    const fakes = { fetchInvoices: controllablePromise<unknown, { userId: string }>() }
    const actor = createActor(invoicesMachine.provide({ actors: { fetchInvoices: fakes.fetchInvoices.logic as never } }), { input: { userId: 'u1' } }).start()
    return { actor, fakes }
  },
  execute: async ({ actor, fakes }, event) => {
    if (await applyOutcome(event, fakes)) return
    const runs = fakes.fetchInvoices.runs.length
    actor.send(event as never)
    // Each reading is of the user's own invoices.
    if (actor.getSnapshot().matches('loading')) expect(fakes.fetchInvoices.runs.slice(runs).map((run) => run.input)).toEqual([{ userId: 'u1' }])
  },
  verify: ({ actor }, planned) => {
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toEqual(planned.value)
    expect(snapshot.context.invoices).toEqual(planned.context.invoices)
    expect(snapshot.hasTag('busy')).toBe(snapshot.matches('loading'))
  },
  stop: ({ actor }) => actor.stop(),
})

describe('invoices machine: the subscriptions actor', () => {
  it('reads again when the subscriptions’ rows change', async () => {
    const subscriptions = createActor(
      createMachine({ context: { subscriptions: [] as unknown[] }, on: { set: { actions: assign({ subscriptions: ({ event }) => (event as unknown as { rows: unknown[] }).rows }) } } }),
    ).start()
    const fetchInvoices = controllablePromise<unknown, { userId: string }>()
    const actor = createActor(invoicesMachine.provide({ actors: { fetchInvoices: fetchInvoices.logic as never } }), { input: { userId: 'u1', subscriptions } }).start()
    fetchInvoices.resolve([])
    await settle()
    expect(actor.getSnapshot().value).toBe('shown')
    subscriptions.send({ type: 'set', rows: [{ id: 's1' }] } as never)
    expect(actor.getSnapshot().value).toBe('loading')
    expect(fetchInvoices.runs).toHaveLength(2)
    // The same rows again (a refetch that changed nothing): no reading.
    subscriptions.send({ type: 'noop' } as never)
    expect(fetchInvoices.runs).toHaveLength(2)
    actor.stop()
  })
})
