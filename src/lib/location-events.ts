/** Calls `onChange` whenever the browser location changes: links (wouter patches history
 * to emit `pushState`/`replaceState`), back/forward, and hash changes. Returns the clean-up. */
export function onLocationChange(onChange: () => void): () => void {
  const events = ['popstate', 'pushState', 'replaceState', 'hashchange'] as const
  let last = `${location.pathname}${location.search}${location.hash}`
  const handler = () => {
    const now = `${location.pathname}${location.search}${location.hash}`
    if (now === last) return
    last = now
    onChange()
  }
  for (const type of events) window.addEventListener(type, handler)
  return () => {
    for (const type of events) window.removeEventListener(type, handler)
  }
}
