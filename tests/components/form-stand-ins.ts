import { act } from '@testing-library/react'
import type { AnyStateMachine, EventObject } from 'xstate'
import { applyOutcome, controllableCallback, controllablePromise } from '../model/fake-actors'
import { type StandIn, standIn } from '../render'

/** A form kit machine's effects as a view test drives them: the named actors (its request, its
 * other buttons') as promises the test settles, its schema's arrival and loading, its bot check's
 * widget, and the named `callbacks` (what the page's address says) as actors whose reports the test
 * sends. `actions` adds stand-in effects. */
export function formStandIns<M extends AnyStateMachine>(machine: M, actors: readonly string[], actions: object = {}, callbacks: readonly string[] = []) {
  const promises = Object.fromEntries([...actors, 'loadSchema'].map((name) => [name, controllablePromise<unknown, unknown>()]))
  const reporters = Object.fromEntries(callbacks.map((name) => [name, controllableCallback<EventObject>()]))
  const schema = controllableCallback<EventObject>()
  const widget = controllableCallback<EventObject>()
  const stub: StandIn = standIn(machine, {
    actors: {
      ...Object.fromEntries(Object.entries(promises).map(([name, fake]) => [name, fake.logic])),
      ...Object.fromEntries(Object.entries(reporters).map(([name, fake]) => [name, fake.logic])),
      watchSchema: schema.logic,
      watchBotCheck: widget.logic,
    },
    actions,
  } as never)
  return {
    standIn: stub,
    /** The inputs of an actor's runs so far. */
    runs: (name: string) => promises[name]!.runs.map((run) => run.input),
    /** Settles an actor's latest run, if the event is its outcome (`xstate.done.actor.signIn`). */
    settle: async (event: { type: string; output?: unknown; error?: unknown }) => {
      let settled = false
      await act(async () => {
        settled = await applyOutcome(event, promises)
      })
      return settled
    },
    schemaArrives: () => act(() => schema.emit({ type: 'schema.loaded' })),
    widgetReports: (event: EventObject & { token?: string }) => act(() => widget.emit(event)),
    /** One of the `callbacks` reports an event. */
    reports: (name: string, event: EventObject) => act(() => reporters[name]!.emit(event)),
  }
}
