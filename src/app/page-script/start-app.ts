/** When a page's app starts: `at-once`, as soon as the first paint is on screen (a page whose
 * content depends on what its address carries, or on the visitor's session); `on-first-use`, at the
 * visitor's first sign of life (a pointer that moves or presses, a touch, a key, focus, a wheel, a
 * scroll, a tap), so that a visitor who only reads costs the phone no script at all. */
export type StartWhen = 'at-once' | 'on-first-use'

/** The first signs of a visitor: whatever comes before a tap, a keystroke or a scroll. `click` and
 * `submit` are there too, for a tap that comes alone (an assistive technology's); the page script
 * holds it until the part it lands on has started (hold-taps.ts). */
const signsOfLife = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll', 'click', 'submit'] as const

/** Starts the app of a prerendered page: the page (`which().page`) carries `data-modules`, every
 * module the page runs before hydrating. They are requested all at once, so that hydration waits
 * for one round trip rather than one per level of imports: after the first paint (until then the
 * HTML, the stylesheet and the font have the network to themselves) on a page that starts at once,
 * at the visitor's first sign of life on the others. Called as the page's script runs, in the
 * head: it listens from there, before anything can be touched, and asks `which` once the page's
 * HTML is in (a page that needs a session may show another one in its place, signed-out.ts). */
export function startApp(which: () => { page: HTMLElement; when: StartWhen }) {
  let started = false
  let wanted = false
  let page: HTMLElement | undefined

  function start() {
    if (started || !page) return
    started = true
    // The first is the app's entry (src/app/entry-client.tsx, an entry of the build of its own).
    const [entry, ...imports] = (page.dataset.modules ?? '').split(' ')
    const { head } = document
    for (const href of imports) head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }))
    head.append(Object.assign(document.createElement('script'), { type: 'module', src: entry }))
  }

  const options = { capture: true, passive: true }
  function woken() {
    for (const sign of signsOfLife) removeEventListener(sign, woken, options)
    wanted = true
    start()
  }
  for (const sign of signsOfLife) addEventListener(sign, woken, options)

  document.addEventListener('DOMContentLoaded', () => {
    const chosen = which()
    page = chosen.page
    if (wanted) start()
    else if (chosen.when === 'at-once') {
      // After the first contentful paint; a page opened in a background tab paints nothing until it
      // is shown, and a browser that does not report paints says nothing: the timer starts those.
      new PerformanceObserver(start).observe({ type: 'paint', buffered: true })
      setTimeout(start, 1000)
    }
  })
}
