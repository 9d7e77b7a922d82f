// The page's first script, run before anything is painted (a classic script in the head, with no
// imports: see src/build/prerender.ts). A page looks ready before its app has started: the app
// hydrates after the first paint, and some parts of it (`data-island`) later still. A tap on a
// control of a part that has not started yet would do nothing; here it is held, and replayed once
// that part has started (it marks itself `data-hydrated`, after its machines run), so that every
// tap and submit takes effect once, in order. Typing needs no help: the fields keep what is typed
// and the forms read them as they start. Links work by themselves, and are left alone.

type Held = { control: HTMLElement } | { form: HTMLFormElement; submitter: HTMLElement | null }

// In a function of its own: a classic script's top-level names would be the window's.
;(() => {
  const page = document.documentElement
  const held: Held[] = []

  /** Whether the part of the page that holds `element` has started. */
  const started = (element: Element) => page.hasAttribute('data-hydrated') && element.closest('[data-island]:not([data-hydrated])') === null

  /** Controls that do nothing without the app. */
  const controls = 'button, [role="button"], input[type="submit"], input[type="image"]'

  function hold(event: Event, item: Held) {
    event.preventDefault()
    event.stopImmediatePropagation()
    held.push(item)
  }

  addEventListener(
    'click',
    (event) => {
      const control = (event.target as Element | null)?.closest?.<HTMLElement>(controls)
      if (control && !started(control)) hold(event, { control })
    },
    true,
  )

  // A form sent without a click on its button (Enter in a form without one): held the same way,
  // and never sent by the browser itself, so no field reaches an address.
  addEventListener(
    'submit',
    (event) => {
      const form = event.target as HTMLFormElement
      if (!started(form)) hold(event, { form, submitter: (event as SubmitEvent).submitter })
    },
    true,
  )

  function replay() {
    for (const item of [...held]) {
      const target = 'control' in item ? item.control : item.form
      if (target.isConnected && !started(target)) continue
      held.splice(held.indexOf(item), 1)
      if (!target.isConnected) continue
      if ('control' in item) item.control.click()
      else item.form.requestSubmit(item.submitter)
    }
  }

  new MutationObserver(replay).observe(page, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] })
})()
