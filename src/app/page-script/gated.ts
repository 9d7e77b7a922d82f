import { holdTapsUntilStarted } from './hold-taps'
import { markSignedOut, pageForVisitor } from './signed-out'
import { startApp } from './start-app'

// The script of a page that needs a session (and of the new-password page): the public pages'
// script, which first shows a visitor surely without a session the page they get instead. That
// page starts as a public page does, at the visitor's first sign of life; the page itself, whose
// gate reads the session, at once.
const own = document.currentScript as HTMLElement
markSignedOut()
startApp(() => {
  const page = pageForVisitor(own)
  return { page, when: page === own ? 'at-once' : 'on-first-use' }
})
holdTapsUntilStarted()
