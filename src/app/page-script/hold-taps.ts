// A page looks ready before its app has started: the app hydrates after the first paint, the shell
// first (`html`), the page's view and the parts below the fold later (each a `data-island`). A tap on a control (a button) of a part that has not
// started yet would do nothing; here it is held, and replayed once that part has started (it marks
// itself `data-hydrated`, after its machines run), so that every tap takes effect once, in order. A
// form sent before then (Enter in its field) is held the same way, and never sent by the browser
// itself, so no field reaches an address. Typing needs no help: the fields keep what is typed and
// the forms read them as they start. Links work by themselves, and are left alone.
export function holdTapsUntilStarted() {
  const page = document.documentElement
  const held: HTMLElement[] = []

  /** Whether the part of the page that holds `element` has started (and so every part around it). */
  const started = (element: Element) => !element.closest('[data-island]:not([data-hydrated])')

  const hold = (event: Event, target: HTMLElement | null | undefined) => {
    if (!target || started(target)) return
    event.preventDefault()
    event.stopImmediatePropagation()
    held.push(target)
  }
  addEventListener('click', (event) => hold(event, (event.target as Element).closest?.('button')), true)
  addEventListener('submit', (event) => hold(event, event.target as HTMLFormElement), true)

  // A held element that React has replaced meanwhile is gone from the page: its replay does nothing.
  new MutationObserver(() => {
    for (const target of held.filter(started)) {
      held.splice(held.indexOf(target), 1)
      if (target instanceof HTMLFormElement) target.requestSubmit()
      else target.click()
    }
  }).observe(page, { subtree: true, attributeFilter: ['data-hydrated'] })
}
