import type { InspectionEvent } from 'xstate'

type Listener = (event: InspectionEvent) => void
const listeners = new Set<Listener>()

/** Passed to every actor of the app; forwards to whatever tools are connected. Development only:
 * in production, actors report nothing. */
export const appInspect = import.meta.env.DEV
  ? (event: InspectionEvent) => {
      for (const listener of listeners) listener(event)
    }
  : undefined

/** Connects a development tool to every actor's inspection events. */
export const addInspectionListener = (listener: Listener) => {
  listeners.add(listener)
}
