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

/** Focus goes to the panel's first link, once the panel shows (after this render). */
export const focusFirstMenuItem = () =>
  requestAnimationFrame(() => document.getElementById(headerIds.menuPanel)?.querySelector<HTMLElement>('a, button')?.focus())

/** While the menu is open: a press anywhere outside the header, or Escape wherever focus is. */
export const watchMenuDismiss = fromCallback<MobileMenuEvent>(({ sendBack }) => {
  const press = (event: PointerEvent) => {
    const header = document.getElementById(headerIds.menuTrigger)?.closest('header')
    if (header && event.target instanceof Node && !header.contains(event.target)) sendBack({ type: 'outside.click' })
  }
  const key = (event: KeyboardEvent) => {
    if (event.key === 'Escape') sendBack({ type: 'key.escape' })
  }
  document.addEventListener('pointerdown', press)
  document.addEventListener('keydown', key)
  return () => {
    document.removeEventListener('pointerdown', press)
    document.removeEventListener('keydown', key)
  }
})
