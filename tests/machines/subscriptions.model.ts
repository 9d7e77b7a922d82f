import type { AnyMachineSnapshot, EventObject } from 'xstate'
import type { Subscription } from '../../machines/subscriptions.machine'
import { outcome } from '../model/fake-actors'

type PlannedEvent = EventObject & Record<string, unknown>

export const proRow: Subscription = {
  id: 'pro-active',
  user_id: 'u1',
  product_name: 'pro',
  status: 'active',
  current_period_end: '2026-12-22T00:00:00Z',
}

/** The delayed events, as the graph walk names them. */
export const pollEvent = 'xstate.after.expectedChangePoll.subscriptions.data.ready'
export const windowEvent = 'xstate.after.expectedChangeWindow.subscriptions.expectation.expecting'

/** Everything that reaches the subscriptions machine: the user, the realtime watcher, the page
 * watcher, the fetch's outcomes and the two clocks of an expected change. */
export const subscriptionsEvents = (snapshot: AnyMachineSnapshot): PlannedEvent[] => [
  { type: 'user.refresh' },
  { type: 'subscriptions.changed' },
  { type: 'channel.joined' },
  { type: 'channel.lost' },
  { type: 'session.refreshed' },
  { type: 'page.visible' },
  { type: 'network.online' },
  { type: 'change.expected' },
  ...(snapshot.matches({ data: 'ready' }) ? [{ type: pollEvent }] : []),
  ...(snapshot.matches({ expectation: 'expecting' }) ? [{ type: windowEvent }] : []),
  outcome.done('fetchSubscriptions', [proRow]),
  outcome.error('fetchSubscriptions', { message: 'JWT expired' }),
]

/** The three regions, and what the list holds: `ready,joined,expecting [pro]`. */
export const subscriptionsLabel = (snapshot: AnyMachineSnapshot) => {
  const { data, channel, expectation } = snapshot.value as Record<string, string>
  const { subscriptions, failed } = snapshot.context as { subscriptions: Subscription[]; failed: boolean }
  const rows = failed ? 'failed' : `[${subscriptions.map((s) => s.product_name).join()}]`
  return `${data},${channel},${expectation} ${rows}`
}

export const serializeSubscriptions = (snapshot: AnyMachineSnapshot) => subscriptionsLabel(snapshot)

/** Whether an event starts a fetch, read from the spec rather than from the machine: anything that
 * may mean the rows are stale fetches again (also while a fetch is under way, which then restarts);
 * a refresh or an expected change only once the list shows; the poll only while a change is expected. */
export function startsFetch(from: AnyMachineSnapshot, type: string): boolean {
  const stale = ['subscriptions.changed', 'channel.joined', 'page.visible', 'network.online']
  if (from.matches({ data: 'loading' })) return stale.includes(type)
  if (type === pollEvent) return from.matches({ expectation: 'expecting' })
  return [...stale, 'user.refresh', 'change.expected'].includes(type)
}

/** The watcher is told to rejoin only when the channel is lost and the session has a fresh token. */
export const rejoins = (from: AnyMachineSnapshot, type: string) => type === 'session.refreshed' && from.matches({ channel: 'lost' })
