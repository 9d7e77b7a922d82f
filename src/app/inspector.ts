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

/** In development only: the live-machines overlay (`?machines`, Alt+Shift+M), and the Stately
 * inspector when asked (`?inspect` or VITE_INSPECT=true). Dynamic imports keep both out of
 * production bundles. */
export async function connectDevTools(search: string): Promise<void> {
  if (!import.meta.env.DEV) return
  const { startMachinesOverlay } = await import('../dev/machines-overlay')
  startMachinesOverlay((listener) => listeners.add(listener), search)
  const wanted = new URLSearchParams(search).has('inspect') || import.meta.env.VITE_INSPECT === 'true'
  if (!wanted) return
  const { createBrowserInspector } = await import('@statelyai/inspect')
  const inspector = createBrowserInspector()
  listeners.add((event) => inspector.inspect.next?.(event))
}
