import { holdTapsUntilStarted } from './hold-taps'
import { type StartWhen, startApp } from './start-app'

// The script of a public page: a classic script in the head, run before anything is painted,
// bundled on its own (src/build/page-script.ts). It starts the app at the visitor's first sign of
// life (or at once, on a page that says so: `data-start`), and holds taps until the part of the page
// they land on has started. The first listens before the second, so that a tap that comes alone
// still starts the app before it is held.
// The script's own tag lists the page's modules; it is known only while the script runs.
const own = document.currentScript as HTMLElement
startApp(() => ({ page: own, when: (own.dataset.start as StartWhen | undefined) ?? 'on-first-use' }))
holdTapsUntilStarted()
