import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, type EventObject, fromCallback } from 'xstate'
import {
  type ChannelEvent,
  type PageEvent,
  planOf,
  type Subscription,
  subscriptionsMachine,
  type WatcherCommand,
} from '../../machines/subscriptions.machine'
import { machineModels } from '../model/catalogue'
import { applyOutcome, controllablePromise, settle } from '../model/fake-actors'
import { planPaths, timerFakes } from '../model/paths'
import { testMachinePaths } from '../model/run'
import { pollEvent, rejoins, startsFetch, windowEvent } from './subscriptions.model'

const row = (product_name: string, status: string): Subscription => ({
  id: `${product_name}-${status}`,
  user_id: 'u1',
  product_name,
  status,
  current_period_end: '2026-12-22T00:00:00Z',
})

describe('planOf', () => {
  it.each([
    [[], 'free'],
    [[row('free', 'active')], 'free'],
    [[row('pro', 'active')], 'pro'],
    // A failed renewal keeps the plan while the provider retries it; the retries run out, it is locked.
    [[row('pro', 'canceled'), row('pro', 'past_due')], 'pro'],
    [[row('pro', 'canceled'), row('pro', 'unpaid')], 'free'],
    [[row('pro', 'incomplete')], 'free'],
    [[row('free', 'active'), row('pro', 'active')], 'pro'],
    [[row('pro', 'trialing')], 'pro'],
    [[row('gold', 'active')], 'free'],
  ] as const)('%j → %s', (rows, plan) => expect(planOf(rows as readonly Subscription[]).id).toBe(plan))
})

const channelEvents = new Set(['subscriptions.changed', 'channel.joined', 'channel.lost', 'session.refreshed'])
const pageEvents = new Set(['page.visible', 'network.online', 'change.expected'])

beforeEach(() => vi.useFakeTimers(timerFakes))
afterEach(() => vi.useRealTimers())

testMachinePaths('subscriptions machine', subscriptionsMachine, machineModels.subscriptions.options, {
  start: () => {
    const fakes = { fetchSubscriptions: controllablePromise<Subscription[], { userId: string }>() }
    const logFetchError = vi.fn()
    const watchers = {
      channel: undefined as ((event: ChannelEvent) => void) | undefined,
      page: undefined as ((event: PageEvent) => void) | undefined,
      commands: [] as WatcherCommand[],
      log: [] as string[],
    }
    const actor = createActor(
      subscriptionsMachine.provide({
        actors: {
          fetchSubscriptions: fakes.fetchSubscriptions.logic,
          watchSubscriptions: fromCallback<WatcherCommand, { userId: string }>(({ input, sendBack, receive }) => {
            watchers.log.push(`channel ${input.userId}`)
            watchers.channel = sendBack
            receive((command) => watchers.commands.push(command))
            return () => watchers.log.push('channel removed')
          }),
          watchPage: fromCallback<EventObject>(({ sendBack }) => {
            watchers.log.push('page')
            watchers.page = sendBack
            return () => watchers.log.push('page removed')
          }),
        },
        actions: { logFetchError: (_, p) => logFetchError(p.error) },
      }),
      { input: { userId: 'u1' } },
    ).start()
    expect(watchers.log).toEqual(['channel u1', 'page'])
    expect(fakes.fetchSubscriptions.runs[0]?.input).toEqual({ userId: 'u1' })
    // The outcome of the latest fetch, which a poll with nothing new gets again.
    const latest = { event: undefined as EventObject | undefined }
    return { actor, fakes, logFetchError, watchers, latest }
  },
  execute: async ({ actor, fakes, logFetchError, watchers, latest }, event, from) => {
    const runs = fakes.fetchSubscriptions.runs.length
    const commands = watchers.commands.length
    if (await applyOutcome(event, fakes)) {
      latest.event = event
      if (event.type.startsWith('xstate.error')) expect(logFetchError).toHaveBeenCalled()
      return
    }
    if (event.type === windowEvent) {
      // Two minutes with nothing new: each poll on the way brings the same rows again.
      for (let tick = 0; tick < 20 && actor.getSnapshot().matches({ expectation: 'expecting' }); tick++) {
        const before = fakes.fetchSubscriptions.runs.length
        vi.advanceTimersToNextTimer()
        if (fakes.fetchSubscriptions.runs.length > before) await applyOutcome(latest.event!, fakes)
      }
      return
    }
    if (event.type === pollEvent) vi.advanceTimersToNextTimer()
    else if (channelEvents.has(event.type)) watchers.channel!(event as ChannelEvent)
    else if (pageEvents.has(event.type)) watchers.page!(event as PageEvent)
    else actor.send(event as never)
    await settle()
    expect(fakes.fetchSubscriptions.runs.length).toBe(runs + (startsFetch(from, event.type) ? 1 : 0))
    expect(watchers.commands.length).toBe(commands + (rejoins(from, event.type) ? 1 : 0))
    if (rejoins(from, event.type)) expect(watchers.commands.at(-1)).toEqual({ type: 'channel.rejoin' })
  },
  verify: ({ actor }, planned) => {
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toEqual(planned.value)
    expect(snapshot.context.subscriptions).toEqual(planned.context.subscriptions)
    expect(snapshot.context.failed).toBe(planned.context.failed)
  },
  stop: ({ actor, watchers }) => {
    actor.stop()
    // The realtime channel and the page's listeners go with the actor.
    expect(watchers.log.slice(-2).sort()).toEqual(['channel removed', 'page removed'])
  },
})

describe('every way the rows may go stale is a transition the paths take', () => {
  const steps = planPaths(subscriptionsMachine, machineModels.subscriptions.options).flatMap((plan) => plan.steps)
  const taken = (type: string, from: object, to: object) => steps.some((s) => s.event.type === type && s.from.matches(from) && s.to.matches(to))
  it.each([
    ['subscriptions.changed', 'a row changed (the live update)'],
    ['channel.joined', 'the realtime channel (re)joined'],
    ['page.visible', 'the tab is shown again'],
    ['network.online', 'the network is back'],
    ['change.expected', 'back from the checkout or the portal'],
    [pollEvent, 'the slow timer while a change is expected'],
  ])('ready → %s → loading: %s', (type) => {
    expect(taken(type, { data: 'ready' }, { data: 'loading' })).toBe(true)
  })
  it('a token refresh rejoins a lost channel, whose join then fetches again', () => {
    expect(taken('session.refreshed', { channel: 'lost' }, { channel: 'joining' })).toBe(true)
    expect(taken('channel.joined', { data: 'ready', channel: 'joining' }, { data: 'loading', channel: 'joined' })).toBe(true)
  })
  it('the slow timer runs only while a change is expected, for a while', () => {
    expect(taken(pollEvent, { expectation: 'idle' }, {})).toBe(false)
    expect(taken(windowEvent, { expectation: 'expecting' }, { expectation: 'idle' })).toBe(true)
  })
})
