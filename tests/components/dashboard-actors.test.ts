import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type AnyActorLogic, createActor, createMachine, sendTo } from 'xstate'
import { settle } from '../model/fake-actors'

// The dashboard's watchers against a stand-in for supabase-js's realtime client and auth events,
// as far as they use them: `channel().on().subscribe(callback)`, `removeChannel`, `onAuthStateChange`.
const client = vi.hoisted(() => {
  type Status = 'SUBSCRIBED' | 'CHANNEL_ERROR' | 'TIMED_OUT' | 'CLOSED'
  const channels: Array<{ topic: string; filter: unknown; change: () => void; status: (s: Status) => void; removed: boolean }> = []
  const auth = new Set<(event: string) => void>()
  const fake = {
    channel(topic: string) {
      const entry = { topic, filter: undefined as unknown, change: () => {}, status: (_: Status) => {}, removed: false }
      channels.push(entry)
      const channel = {
        on(_type: string, filter: unknown, listener: () => void) {
          entry.filter = filter
          entry.change = listener
          return channel
        },
        subscribe(callback: (status: Status) => void) {
          entry.status = callback
          return channel
        },
        entry,
      }
      return channel
    },
    async removeChannel(channel: { entry: { removed: boolean } }) {
      channel.entry.removed = true
      return 'ok'
    },
    auth: {
      onAuthStateChange(listener: (event: string) => void) {
        auth.add(listener)
        return { data: { subscription: { unsubscribe: () => auth.delete(listener) } } }
      },
    },
  }
  return { fake, channels, auth }
})
vi.mock('../../src/lib/supabase', () => ({ getSupabase: async () => client.fake }))

const { PORTAL_RETURN_WINDOW_MS, PORTAL_VISIT_KEY, notePortalVisit, watchPage, watchSubscriptions } = await import(
  '../../src/features/dashboard/actors'
)

const running: Array<{ stop: () => void }> = []
afterEach(() => {
  for (const actor of running.splice(0)) actor.stop()
})

/** A parent that records what a watcher reports, and can pass it a command; stopped after the test. */
function watch(logic: AnyActorLogic) {
  const seen: string[] = []
  const parent = createMachine({
    invoke: { id: 'watcher', src: logic, input: { userId: 'u1' } },
    on: {
      rejoin: { actions: sendTo('watcher', { type: 'channel.rejoin' }) },
      '*': { actions: ({ event }) => seen.push(event.type) },
    },
  })
  const actor = createActor(parent).start()
  running.push(actor)
  return { actor, seen }
}

beforeEach(() => {
  client.channels.length = 0
  client.auth.clear()
  sessionStorage.clear()
})

describe('watchSubscriptions', () => {
  it("reports the user's row changes, each join and each loss of the channel, and token refreshes", async () => {
    const { actor, seen } = watch(watchSubscriptions)
    await settle()
    expect(client.channels).toHaveLength(1)
    const [channel] = client.channels
    expect(channel!.filter).toEqual({ event: '*', schema: 'public', table: 'subscriptions', filter: 'user_id=eq.u1' })
    channel!.status('SUBSCRIBED')
    channel!.change()
    channel!.status('CHANNEL_ERROR')
    // The realtime client rejoins by itself once its socket is back.
    channel!.status('SUBSCRIBED')
    channel!.status('TIMED_OUT')
    channel!.status('CLOSED')
    for (const listener of client.auth) {
      listener('INITIAL_SESSION')
      listener('TOKEN_REFRESHED')
      listener('SIGNED_IN')
    }
    expect(seen).toEqual([
      'channel.joined',
      'subscriptions.changed',
      'channel.lost',
      'channel.joined',
      'channel.lost',
      'channel.lost',
      'session.refreshed',
    ])
    actor.stop()
  })

  it('rejoins on command: leaves the channel, joins a new one, and no longer hears the old one', async () => {
    const { actor, seen } = watch(watchSubscriptions)
    await settle()
    const [first] = client.channels
    first!.status('CLOSED')
    actor.send({ type: 'rejoin' })
    expect(first!.removed).toBe(true)
    expect(client.channels).toHaveLength(2)
    const second = client.channels[1]!
    expect(second.topic).not.toBe(first!.topic)
    first!.status('CLOSED')
    first!.change()
    second.status('SUBSCRIBED')
    second.change()
    expect(seen).toEqual(['channel.lost', 'channel.joined', 'subscriptions.changed'])
    actor.stop()
  })

  it('removes its channel and stops listening to the session when stopped, even before the client loaded', async () => {
    const { actor, seen } = watch(watchSubscriptions)
    await settle()
    actor.stop()
    expect(client.channels[0]!.removed).toBe(true)
    expect(client.auth.size).toBe(0)
    client.channels[0]!.status('CLOSED')
    expect(seen).toEqual([])

    const early = watch(watchSubscriptions)
    early.actor.stop()
    await settle()
    expect(client.channels).toHaveLength(1)
  })
})

describe('watchPage', () => {
  let visibility: DocumentVisibilityState = 'visible'
  beforeEach(() => {
    visibility = 'visible'
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility)
  })
  afterEach(() => vi.restoreAllMocks())
  const show = (state: DocumentVisibilityState) => {
    visibility = state
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))
  }
  const pageshow = (persisted: boolean) => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted }))

  it('reports the tab shown again and the network back, not the tab hidden; stops when stopped', () => {
    const { actor, seen } = watch(watchPage)
    show('hidden')
    show('visible')
    window.dispatchEvent(new Event('offline'))
    window.dispatchEvent(new Event('online'))
    // A page brought back from the back-forward cache is shown again; a fresh load is not reported.
    pageshow(false)
    pageshow(true)
    expect(seen).toEqual(['page.visible', 'network.online', 'page.visible'])
    actor.stop()
    show('visible')
    window.dispatchEvent(new Event('online'))
    pageshow(true)
    expect(seen).toHaveLength(3)
  })

  it('expects a change when the tab comes back from the portal: on a fresh load, and from the back-forward cache', () => {
    notePortalVisit()
    const fresh = watch(watchPage)
    expect(fresh.seen).toEqual(['change.expected'])
    // The note is used up.
    expect(sessionStorage.getItem(PORTAL_VISIT_KEY)).toBeNull()
    fresh.actor.stop()
    const again = watch(watchPage)
    expect(again.seen).toEqual([])
    again.actor.stop()

    const cached = watch(watchPage)
    notePortalVisit()
    pageshow(true)
    pageshow(true)
    expect(cached.seen).toEqual(['change.expected', 'page.visible'])
  })

  it('takes a note older than the return window for no return', () => {
    notePortalVisit(Date.now() - PORTAL_RETURN_WINDOW_MS - 1)
    const late = watch(watchPage)
    expect(late.seen).toEqual([])
    late.actor.stop()
    notePortalVisit(Date.now() - PORTAL_RETURN_WINDOW_MS + 60_000)
    expect(watch(watchPage).seen).toEqual(['change.expected'])
  })
})
