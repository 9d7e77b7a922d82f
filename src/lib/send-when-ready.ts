/** Something a form needs before its machine may take events: its validator's schema. */
interface Loadable {
  isReady: () => boolean
  load: () => Promise<void>
}

/** Sends each event at once when `needed` has loaded; otherwise loads it and sends the events in
 * the order they came. If loading fails (offline), the events are dropped and the next one tries
 * again. */
export function sendWhenReady<E>(needed: Loadable, send: (event: E) => void): (event: E) => void {
  return (event) => {
    if (needed.isReady()) send(event)
    else needed.load().then(
      () => send(event),
      () => {},
    )
  }
}

/** Handlers for a form's element that start loading `needed` as soon as the visitor reaches the
 * form (a tap, a click, the keyboard), so that it is there by the first keystroke. */
export function loadOnFirstUse(needed: Loadable) {
  const start = () => {
    if (!needed.isReady()) needed.load().catch(() => {})
  }
  return { onFocus: start, onPointerDown: start }
}
