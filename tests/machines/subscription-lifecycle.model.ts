import type { AnyMachineSnapshot } from 'xstate'
import { STANDINGS } from '../../machines/subscription-lifecycle.machine'
import { outcome } from '../model/fake-actors'
import type { PlannedEvent } from '../model/paths'

export const PORTAL_URL = 'http://localhost:54321/local-payments/portal/bps_local_1'
export const FIX_URL = 'http://localhost:54321/local-payments/invoice/in_local_1'

const busy = (snapshot: AnyMachineSnapshot) => snapshot.hasTag('busy')

/** Everything that reaches the lifecycle: the rows' standing changing (any standing while it
 * shows; one, to show it is kept, while a button is busy), the customer's two presses, and the
 * outcomes of the two requests. */
export const lifecycleEvents = (snapshot: AnyMachineSnapshot): PlannedEvent[] => [
  ...(busy(snapshot) ? [{ type: 'standing.changed', standing: 'renewing' }] : STANDINGS.map((standing) => ({ type: 'standing.changed', standing }))),
  { type: 'portal.open' },
  { type: 'payment.fix' },
  outcome.done('openPortal', { url: PORTAL_URL }),
  outcome.done('openPortal', {}),
  outcome.error('openPortal', { message: 'No subscription to manage' }),
  outcome.done('fixPayment', { url: FIX_URL }),
  outcome.done('fixPayment', {}),
  outcome.error('fixPayment', { message: 'No payment to fix' }),
]

/** The state, the standing it holds, and the failure it notes: `fixing (paymentFailed)`. */
export const lifecycleLabel = (snapshot: AnyMachineSnapshot) => {
  const { standing, error } = snapshot.context as { standing: string; error: string | null }
  const value = typeof snapshot.value === 'string' ? snapshot.value : Object.values(snapshot.value as Record<string, string>)[0]!
  return `${value}${value === standing ? '' : ` (${standing})`}${error ? ` ! ${error}` : ''}`
}

export const serializeLifecycle = (snapshot: AnyMachineSnapshot) => `${JSON.stringify(snapshot.value)} ${lifecycleLabel(snapshot)}`
