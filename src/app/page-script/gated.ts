import { holdTapsUntilStarted } from './hold-taps'
import { pageForVisitor } from './signed-out'
import { startApp } from './start-app'

// The script of a page that needs a session (and of the new-password page): the public pages'
// script, which first shows a visitor surely without a session the page they get instead.
holdTapsUntilStarted()
const own = document.currentScript as HTMLElement
document.addEventListener('DOMContentLoaded', () => startApp(pageForVisitor(own)))
