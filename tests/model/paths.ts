import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject } from 'xstate'
import type { vi } from 'vitest'
import { transition } from 'xstate'
import { getShortestPaths, getSimplePaths } from 'xstate/graph'

/** An event with its payload, as a path step sends it. */
export type PlannedEvent = EventObject & Record<string, unknown>

/** The concrete events a traversal may send, given the current snapshot. */
export type EventsFor = readonly PlannedEvent[] | ((snapshot: AnyMachineSnapshot) => readonly PlannedEvent[])

export interface PathOptions {
  events: EventsFor
  /** Also include simple paths (every loop-free path to each state), not only the shortest ones. */
  simple?: boolean
  /** Names the state for readers when the state value alone is ambiguous (e.g. a step index). */
  label?: (snapshot: AnyMachineSnapshot) => string
  /** Caps simple paths for machines whose context makes many distinct states. */
  limit?: number
  /** Which snapshots count as the same state (default: value and context). */
  serialize?: (snapshot: AnyMachineSnapshot) => string
  /** The machine's input, for machines that take one. */
  input?: unknown
}

export interface PlannedStep {
  event: EventObject
  /** The snapshot before the event. */
  from: AnyMachineSnapshot
  /** The snapshot after the event. */
  to: AnyMachineSnapshot
}

export interface PlannedPath {
  name: string
  kind: 'shortest' | 'simple' | 'transition'
  initial: AnyMachineSnapshot
  steps: PlannedStep[]
}

const valueLabel = (snapshot: AnyMachineSnapshot): string => {
  const flatten = (value: unknown): string =>
    typeof value === 'string'
      ? value
      : Object.entries(value as Record<string, unknown>)
          .map(([key, child]) => {
            const inner = flatten(child)
            return inner.includes(',') ? `${key}.(${inner})` : `${key}.${inner}`
          })
          .join(',')
  return flatten(snapshot.value)
}

const describeValue = (value: unknown): string => {
  // Long typed text (a field over its length limit) is shown by its start and length.
  if (typeof value === 'string') return value.length > 40 ? `"${value.slice(0, 12)}…" (${value.length} characters)` : value
  if (value && typeof value === 'object' && 'id' in value) return String((value as { id: unknown }).id)
  return JSON.stringify(value)
}

export function describeEvent(event: EventObject): string {
  const after = /^xstate\.after\.([^.]+)\./.exec(event.type)
  if (after) return /^\d+$/.test(after[1]!) ? `after ${after[1]} ms` : `after ${after[1]}`
  const { type, ...payload } = event as EventObject & Record<string, unknown>
  const shown = Object.entries(payload).filter(([, v]) => v !== undefined)
  if (shown.length === 0) return type
  return `${type} ${shown.map(([k, v]) => `${k}=${describeValue(v)}`).join(' ')}`
}

/** Fake timers for model tests: timers only, so promises and user-event keep working. */
export const timerFakes: Parameters<typeof vi.useFakeTimers>[0] = {
  toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
}

/** The delay of an `after` transition's event (`xstate.after.4000.heroCard.cycling`), if it is one. */
export function delayOf(event: EventObject): number | undefined {
  const match = /^xstate\.after\.(\d+)\./.exec(event.type)
  return match ? Number(match[1]) : undefined
}

/** Every shortest path (and optionally every simple path) of the machine, as readable plans. */
/** The events a snapshot can take: an actor's outcome (`xstate.done.actor.<id>`) only while that
 * actor runs. Any other would be an error no child raised, and leave the walk in an error snapshot
 * that no running machine reaches. */
const whileRunning = (events: EventsFor) => (snapshot: AnyMachineSnapshot) =>
  (typeof events === 'function' ? events(snapshot) : events).filter((event) => {
    const outcome = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type)
    return !outcome || outcome[2]! in snapshot.children
  })

export function planPaths(machine: AnyStateMachine, options: PathOptions): PlannedPath[] {
  const label = options.label ?? valueLabel
  options = { ...options, events: whileRunning(options.events) }
  const traversal = {
    events: options.events as never,
    ...(options.limit ? { limit: options.limit } : {}),
    ...(options.serialize ? { serializeState: options.serialize as never } : {}),
    ...(options.input !== undefined ? { input: options.input as never } : {}),
  }
  const sources: Array<['shortest' | 'simple', ReturnType<typeof getShortestPaths>]> = [
    ['shortest', getShortestPaths(machine, traversal)],
  ]
  if (options.simple) sources.push(['simple', getSimplePaths(machine, traversal)])

  const seen = new Set<string>()
  const plans: PlannedPath[] = []
  const add = (kind: PlannedPath['kind'], initial: AnyMachineSnapshot, steps: PlannedStep[]) => {
    const name = [label(initial), ...steps.flatMap((s) => [describeEvent(s.event), label(s.to)])].join(' → ')
    if (seen.has(name)) return
    seen.add(name)
    plans.push({ name, kind, initial, steps })
  }
  const shortest: PlannedPath[] = []
  for (const [kind, paths] of sources) {
    for (const path of paths) {
      const [init, ...rest] = path.steps
      if (!init) continue
      const initial = init.state as AnyMachineSnapshot
      let from = initial
      const steps = rest.map((step) => {
        const planned = { event: step.event, from, to: step.state as AnyMachineSnapshot }
        from = planned.to
        return planned
      })
      add(kind, initial, steps)
      if (kind === 'shortest') shortest.push({ name: '', kind, initial, steps })
    }
  }

  // Transition cover: a transition that no path above takes (a way back to a visited state,
  // a self-transition) gets a path of its own: the shortest path to its source, then its event.
  const taken = new Set(plans.flatMap((plan) => plan.steps.flatMap((step) => transitionsTaken(machine, step))))
  for (const path of shortest) {
    const last = path.steps.at(-1)?.to ?? path.initial
    const events = typeof options.events === 'function' ? options.events(last) : options.events
    for (const event of events) {
      const step = { event, from: last, to: last }
      const ids = transitionsTaken(machine, step)
      if (ids.length === 0 || ids.every((id) => taken.has(id))) continue
      const [to] = transition(machine, last as never, event as never)
      for (const id of ids) taken.add(id)
      add('transition', path.initial, [...path.steps, { event, from: last, to: to as AnyMachineSnapshot }])
    }
  }
  return plans
}

function walk(node: AnyStateNode, visit: (node: AnyStateNode) => void) {
  visit(node)
  for (const child of Object.values(node.states)) walk(child as AnyStateNode, visit)
}

/** A state left at once by an eventless (`always`) transition: no snapshot ever rests in it. */
const isTransient = (node: AnyStateNode) =>
  (node.always?.length ?? 0) > 0 && node.transitions.size === 0 && Object.keys(node.states).length === 0

/** Every state node id of the machine a snapshot can rest in (the root included). */
export function stateIdsOf(machine: AnyStateMachine): string[] {
  const ids: string[] = []
  walk(machine.root, (node) => {
    if (!isTransient(node)) ids.push(node.id)
  })
  return ids
}

/** Every transition the machine defines: `source#event[branch]`. */
export function transitionIdsOf(machine: AnyStateMachine): string[] {
  const ids: string[] = []
  walk(machine.root, (node) => {
    for (const [eventType, branches] of node.transitions) {
      for (const index of branches.keys()) ids.push(transitionId(node.id, eventType, index))
    }
  })
  return ids
}

const transitionId = (source: string, eventType: string, branch: number) => `${source}#${eventType}[${branch}]`

/** The transitions a step takes, identified as in `transitionIdsOf`. */
export function transitionsTaken(machine: AnyStateMachine, step: PlannedStep): string[] {
  return machine.getTransitionData(step.from as never, step.event as never).map((transition) => {
    const source = transition.source as AnyStateNode
    const branches = source.transitions.get(transition.eventType) ?? []
    return transitionId(source.id, transition.eventType, branches.indexOf(transition as never))
  })
}

export interface Coverage {
  states: { covered: string[]; missing: string[] }
  transitions: { covered: string[]; missing: string[] }
}

/** Which state nodes the plans reach and which transitions they take. */
export function coverageOf(machine: AnyStateMachine, plans: PlannedPath[]): Coverage {
  const reached = new Set<string>()
  const taken = new Set<string>()
  const markStates = (snapshot: AnyMachineSnapshot) => {
    for (const node of snapshot._nodes as AnyStateNode[]) reached.add(node.id)
  }
  for (const plan of plans) {
    markStates(plan.initial)
    for (const step of plan.steps) {
      markStates(step.to)
      for (const id of transitionsTaken(machine, step)) taken.add(id)
    }
  }
  const split = (all: string[], hit: Set<string>) => ({
    covered: all.filter((id) => hit.has(id)),
    missing: all.filter((id) => !hit.has(id)),
  })
  return { states: split(stateIdsOf(machine), reached), transitions: split(transitionIdsOf(machine), taken) }
}
