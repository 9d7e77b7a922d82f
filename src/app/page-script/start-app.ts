/** Starts the app of a prerendered page: `page` carries `data-modules`, every module the page runs
 * before hydrating. They are requested once the first paint is on screen, so that until then the
 * HTML, the stylesheet and the font have the network to themselves; then all at once, so that
 * hydration waits for one round trip rather than one per level of imports. */
export function startApp(page: HTMLElement) {
  // The first is the app's entry (src/app/entry-client.tsx, an entry of the build of its own).
  const [entry, ...imports] = (page.dataset.modules ?? '').split(' ')
  const { head } = document
  let started = false
  function start() {
    if (started) return
    started = true
    for (const href of imports) head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }))
    head.append(Object.assign(document.createElement('script'), { type: 'module', src: entry }))
  }
  // The modules start after the first contentful paint; a page opened in a background tab paints
  // nothing until it is shown, and a browser that does not report paints says nothing: the timer
  // starts those.
  new PerformanceObserver(start).observe({ type: 'paint', buffered: true })
  setTimeout(start, 1000)
}
