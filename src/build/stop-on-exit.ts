import { constants } from 'node:os'

// What a tool starts (a server, the local stack, a browser) it stops again: after its work, after
// an error, and when interrupted (Ctrl+C, `kill`, a closed terminal). Importing this module makes
// SIGINT, SIGTERM and SIGHUP run the registered stops and then exit with 128 + the signal's number.
const stops: Array<() => unknown> = []
let stopping: Promise<void> | undefined

/** Registers what to stop when the tool ends; the last registered stops first. */
export function onStop(stop: () => unknown) {
  stops.unshift(stop)
}

/** Runs every registered stop once, each even when an earlier one fails. */
export function stopAll(): Promise<void> {
  stopping ??= (async () => {
    for (const stop of stops.splice(0)) {
      try {
        await stop()
      } catch (error) {
        console.error(error)
      }
    }
  })()
  return stopping
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  // `on`, not `once`: a Ctrl+C can reach the tool twice (from the terminal and relayed by tsx).
  process.on(signal, () => {
    void stopAll().then(() => process.exit(128 + constants.signals[signal]))
  })
}
