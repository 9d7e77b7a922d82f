import { holdTapsUntilStarted } from './hold-taps'
import { startApp } from './start-app'

// The script of a public page: a classic script in the head, run before anything is painted,
// bundled on its own (src/build/page-script.ts). It holds taps until the app has started, and
// starts the app once the page's HTML is in.
holdTapsUntilStarted()
// The script's own tag lists the page's modules; it is known only while the script runs.
const own = document.currentScript as HTMLElement
document.addEventListener('DOMContentLoaded', () => startApp(own))
