import { useEffect, useSyncExternalStore } from 'react'
import { type Actor, type AnyActorLogic, createActor, type EventFromLogic, type SnapshotFrom } from 'xstate'
import { appInspect } from './inspector'

/** An app-wide actor (the session, the toaster) whose logic loads, and whose actor starts, only
 * when something first needs it: a component's effect or an event sent to it. Never during a
 * render, and never on the server. Reachable from any feature's logic, as a toast library's
 * `toast()` is, so effects need no closures in components. */
export interface LazyActor<TLogic extends AnyActorLogic> {
  /** Loads the logic and starts the actor, once. */
  start: () => Promise<Actor<TLogic>>
  /** Sends at once when running; otherwise starts it and sends once it runs. */
  send: (event: EventFromLogic<TLogic>) => void
  /** The current snapshot; undefined until started. */
  getSnapshot: () => SnapshotFrom<TLogic> | undefined
  subscribe: (listener: () => void) => () => void
  /** Stops the actor; the next use starts a fresh one (tests, and leaving the app). */
  reset: () => void
}

export function lazyActor<TLogic extends AnyActorLogic>(loadLogic: () => TLogic | Promise<TLogic>): LazyActor<TLogic> {
  let actor: Actor<TLogic> | undefined
  let starting: Promise<Actor<TLogic>> | undefined
  let generation = 0
  const listeners = new Set<() => void>()
  const changed = () => {
    for (const listener of listeners) listener()
  }
  const launch = (logic: TLogic): Actor<TLogic> => {
    const created = createActor(logic, { inspect: appInspect } as never) as Actor<TLogic>
    created.subscribe(changed)
    created.start()
    actor = created
    changed()
    return created
  }
  const start = (): Promise<Actor<TLogic>> => {
    if (actor) return Promise.resolve(actor)
    if (!starting) {
      const mine = generation
      const logic = loadLogic()
      // Logic at hand starts at once; logic still loading, once it has (unless reset meanwhile).
      starting =
        logic instanceof Promise
          ? logic.then((loaded) => (mine === generation ? launch(loaded) : start()))
          : Promise.resolve(launch(logic))
    }
    return starting
  }
  return {
    start,
    send: (event) => {
      if (!actor) void start()
      if (actor) actor.send(event)
      else void start().then((started) => started.send(event))
    },
    getSnapshot: () => actor?.getSnapshot(),
    subscribe: (listener) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    reset: () => {
      generation += 1
      actor?.stop()
      actor = undefined
      starting = undefined
      changed()
    },
  }
}

/** The actor's snapshot in a component (undefined until it runs). With `start`, the component's
 * effect starts it; without, the component only watches. */
export function useLazyActor<TLogic extends AnyActorLogic>(
  lazy: LazyActor<TLogic>,
  { start = true }: { start?: boolean } = {},
): SnapshotFrom<TLogic> | undefined {
  useEffect(() => {
    if (start) void lazy.start()
  }, [lazy, start])
  return useSyncExternalStore(lazy.subscribe, lazy.getSnapshot, () => undefined)
}
