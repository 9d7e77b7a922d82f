import { addInspectionListener } from '../lib/inspector'

/** In development only: the live-machines overlay (`?machines`, Alt+Shift+M), and the Stately
 * inspector when asked (`?inspect` or VITE_INSPECT=true). Dynamic imports keep both out of
 * production bundles. */
export async function connectDevTools(search: string): Promise<void> {
  if (!import.meta.env.DEV) return
  const { startMachinesOverlay } = await import('../dev/machines-overlay')
  startMachinesOverlay(addInspectionListener, search)
  const wanted = new URLSearchParams(search).has('inspect') || import.meta.env.VITE_INSPECT === 'true'
  if (!wanted) return
  const { createBrowserInspector } = await import('@statelyai/inspect')
  const inspector = createBrowserInspector()
  addInspectionListener((event) => inspector.inspect.next?.(event))
}
