import { certainlySignedOut } from './signed-out'

// The page's script. A prerendered page lists on this script's tag (`data-modules`) every module it
// runs before hydrating. They are requested once the first paint is on screen, so that until then
// the HTML, the stylesheet and the font have the network to themselves; then all at once, so that
// hydration waits for one round trip rather than one per level of imports.
const tag = document.querySelector<HTMLScriptElement>('script[data-modules]')
const modules = tag?.dataset.modules?.split(' ')
// The first is the app's entry (src/app/entry-client.tsx, an entry of the build of its own).
const [entry, ...imports] = modules ?? []

let started = false
function start() {
  if (started) return
  started = true
  for (const href of imports) {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.href = href
    document.head.append(link)
  }
  const script = document.createElement('script')
  script.type = 'module'
  script.src = entry ?? ''
  document.head.append(script)
}

// The development server serves the entry's source and prerenders nothing.
// A page that needs a session (its tag names where to go without one, `data-without-session`:
// a signed-in page its sign-in page, the new-password page the form that sends a reset link),
// opened by a visitor who surely has none: there at once, instead of after loading the app to find
// out (which the app does for a page reached within it). Sign-in brings them back
// (`data-come-back`).
// Otherwise the modules start after the first contentful paint; a page opened in a background tab
// paints nothing until it is shown, and a browser that does not report paints says nothing: the
// timer starts those.
const away = tag?.dataset.withoutSession
const comeBack = tag?.hasAttribute('data-come-back') ? `?next=${encodeURIComponent(location.pathname + location.search)}` : ''
if (import.meta.env.DEV) void import('./entry-client')
else if (away && certainlySignedOut()) location.replace(`${away}${comeBack}`)
else {
  new PerformanceObserver(start).observe({ type: 'paint', buffered: true })
  setTimeout(start, 1000)
}
