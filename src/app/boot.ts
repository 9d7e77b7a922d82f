// The first script of a prerendered page. The page's modules are listed on this script's tag
// (`data-modules`, the entry first) and requested once the first frame is painted: until then the
// HTML, the stylesheet and the font have the network to themselves. Then all of them are requested
// at once, so hydration waits for one round trip, not one per level of imports.
const modules = document.querySelector<HTMLScriptElement>('script[data-modules]')?.dataset.modules?.split(' ') ?? []
const [entry, ...imports] = modules

let started = false
function start() {
  if (started) return
  started = true
  for (const href of imports) {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.crossOrigin = ''
    link.href = href
    document.head.append(link)
  }
  if (!entry) return
  const script = document.createElement('script')
  script.type = 'module'
  script.crossOrigin = ''
  script.src = entry
  document.head.append(script)
}

// Two frames on, the first paint is on screen. A page opened in a background tab paints no
// frames until it is shown: the timer starts it there.
requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)))
setTimeout(start, 1000)
