import { fromCallback } from 'xstate'
import type { HeaderEvent } from '../../../machines/header.machine'
import type { MobileMenuEvent } from '../../../machines/mobile-menu.machine'
import { onLocationChange } from '../../lib/location-events'
import { headerIds } from './connect'

export const trackScroll = fromCallback<HeaderEvent>(({ sendBack }) => {
  const report = () => sendBack({ type: 'scroll.changed', y: window.scrollY })
  report()
  window.addEventListener('scroll', report, { passive: true })
  return () => window.removeEventListener('scroll', report)
})

export const watchRouteForMenu = fromCallback<MobileMenuEvent>(({ sendBack }) =>
  onLocationChange(() => sendBack({ type: 'route.changed' })),
)

export const focusMenuTrigger = () => document.getElementById(headerIds.menuTrigger)?.focus()
