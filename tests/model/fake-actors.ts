import { expect } from 'vitest'
import { type EventObject, fromCallback, fromPromise } from 'xstate'

/** A `fromPromise` stand-in whose runs the test settles: `resolve`/`reject` settle the latest run. */
export function controllablePromise<TOutput = void, TInput = unknown>() {
  const runs: Array<{ input: TInput; resolve: (value: TOutput) => void; reject: (error: unknown) => void }> = []
  const logic = fromPromise<TOutput, TInput>(
    ({ input }) =>
      new Promise<TOutput>((resolve, reject) => {
        runs.push({ input, resolve, reject })
      }),
  )
  const latest = () => {
    const run = runs.at(-1)
    if (!run) throw new Error('the actor was never started')
    return run
  }
  return {
    logic,
    runs,
    resolve: (value: TOutput) => latest().resolve(value),
    reject: (error: unknown) => latest().reject(error),
  }
}

/** A `fromCallback` stand-in through which the test sends its parent events (`emit`). */
export function controllableCallback<TEvent extends EventObject>() {
  let sendBack: ((event: TEvent) => void) | undefined
  const logic = fromCallback<TEvent>(({ sendBack: send }) => {
    sendBack = send as (event: TEvent) => void
    return () => {
      sendBack = undefined
    }
  })
  return {
    logic,
    emit: (event: TEvent) => {
      if (!sendBack) throw new Error('the actor is not running')
      sendBack(event)
    },
  }
}

/** Lets settled promises deliver their outcome to the actors. */
export const settle = () => new Promise<void>((resolve) => setImmediate(resolve))

/** The outcome event of an invoked actor, as the graph walk names it. */
export const outcome = {
  done: (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output }),
  error: (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error }),
}

/** Runs an outcome event against its fake: resolves or rejects the latest run. */
export async function applyOutcome(
  event: { type: string; output?: unknown; error?: unknown },
  fakes: Record<string, { resolve: (v: never) => void; reject: (e: unknown) => void }>,
): Promise<boolean> {
  const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type)
  if (!match) return false
  const fake = fakes[match[2]!]
  if (!fake) throw new Error(`no fake for actor ${match[2]}`)
  if (match[1] === 'done') fake.resolve(event.output as never)
  else fake.reject(event.error)
  await settle()
  return true
}

/** A form's submit, taken with the schema at hand: with `problems`, nothing is sent and focus goes
 * to the first wrong field; without, the request goes out once (`sent` new runs of its actor). */
export function expectSubmitted(problems: object, focusField: { mock: { calls: unknown[] } }, sent: number) {
  const invalid = Object.keys(problems).length > 0
  expect(focusField.mock.calls).toHaveLength(invalid ? 1 : 0)
  expect(sent).toBe(invalid ? 0 : 1)
}

/** A `fromPromise` stand-in for a mocked module: each run waits in `runs()[name]` (the test's
 * current record of runs) until the test settles it. */
export const pendingPromise = (runs: () => Record<string, Array<{ resolve: (v?: unknown) => void; reject: (e: unknown) => void }>>, name: string) =>
  fromPromise(
    () =>
      new Promise((resolve, reject) => {
        const record = runs()
        record[name] ??= []
        record[name].push({ resolve, reject })
      }),
  )
