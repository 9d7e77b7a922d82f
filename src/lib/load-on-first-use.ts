/** Something a form needs loaded: its validator's schema. */
interface Loadable {
  isReady: () => boolean
  load: () => Promise<void>
}

/** Handlers for a form's element that start loading `needed` as soon as the visitor reaches the
 * form (a tap, a click, the keyboard), so that it is there by the time they submit. */
export function loadOnFirstUse(needed: Loadable) {
  const start = () => {
    if (!needed.isReady()) needed.load().catch(() => {})
  }
  return { onFocus: start, onPointerDown: start }
}
