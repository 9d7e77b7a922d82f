import { certainlySignedOut } from './signed-out'

// The page's script. A prerendered page lists (`data-modules`) every module it runs before
// hydrating. They are requested once the first paint is on screen, so that until then the HTML,
// the stylesheet and the font have the network to themselves; then all at once, so that hydration
// waits for one round trip rather than one per level of imports.
//
// A page that needs a session carries, prerendered, the page a visitor without one gets instead
// (`template[data-without-session]`, with that page's modules: a signed-in page its sign-in page,
// which brings them back, `data-come-back`; the new-password page the form that asks for a link).
// A visitor who surely has none gets it here at once, at its own address, without loading a second
// page; anyone else gets the page itself, whose gate decides.
// The script's tag, then the template if the page has one.
const [own, fallback] = document.querySelectorAll<HTMLElement>('[data-modules]') as unknown as [HTMLScriptElement?, HTMLTemplateElement?]
let page: HTMLElement | undefined = own
if (fallback && certainlySignedOut()) {
  const { withoutSession, comeBack, title } = fallback.dataset
  history.replaceState(null, '', comeBack === undefined ? withoutSession : `${withoutSession}?next=${encodeURIComponent(location.pathname + location.search)}`)
  document.title = title ?? ''
  document.getElementById('root')?.replaceChildren(fallback.content)
  page = fallback
}
// The first is the app's entry (src/app/entry-client.tsx, an entry of the build of its own).
const [entry, ...imports] = page?.dataset.modules?.split(' ') ?? []

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
// The modules start after the first contentful paint; a page opened in a background tab paints
// nothing until it is shown, and a browser that does not report paints says nothing: the timer
// starts those.
if (import.meta.env.DEV) void import('./entry-client')
else {
  new PerformanceObserver(start).observe({ type: 'paint', buffered: true })
  setTimeout(start, 1000)
}
