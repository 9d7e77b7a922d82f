/** Something a form needs loaded: its validator's schema, its bot check. */
interface Loadable {
  isReady: () => boolean
  load: () => Promise<void>
}

/** Handlers for a form's element that start loading what it `needs` as soon as the visitor reaches
 * the form (a tap, a click, the keyboard), so that it is there by the time they submit. */
export function loadOnFirstUse(...needs: Loadable[]) {
  const start = () => {
    for (const needed of needs) if (!needed.isReady()) needed.load().catch(() => {})
  }
  return { onFocus: start, onPointerDown: start }
}
