import type { SnapshotFrom } from 'xstate'
import type { headerMachine } from '../../../machines/header.machine'
import type { MobileMenuEvent, mobileMenuMachine } from '../../../machines/mobile-menu.machine'

export const headerIds = {
  menuTrigger: 'mobile-menu-trigger',
  menuPanel: 'mobile-menu',
} as const

export function connectHeader(snapshot: SnapshotFrom<typeof headerMachine>) {
  const compact = snapshot.matches('compact')
  return {
    compact,
    rootProps: { 'data-scope': 'header', 'data-part': 'root', 'data-state': compact ? 'compact' : 'expanded' },
  }
}

export interface MobileMenuLabels {
  open: string
  close: string
}

export function connectMobileMenu(
  snapshot: SnapshotFrom<typeof mobileMenuMachine>,
  send: (event: MobileMenuEvent) => void,
  labels: MobileMenuLabels,
) {
  const open = snapshot.matches('open')
  const state = open ? 'open' : 'closed'
  return {
    open,
    triggerProps: {
      id: headerIds.menuTrigger,
      type: 'button' as const,
      'aria-expanded': open,
      'aria-controls': headerIds.menuPanel,
      'aria-label': open ? labels.close : labels.open,
      'data-state': state,
      onClick: () => send({ type: 'trigger.click' }),
    },
    panelProps: {
      id: headerIds.menuPanel,
      'data-state': state,
      hidden: !open,
    },
    itemProps: {
      onClick: () => send({ type: 'item.select' }),
    },
  }
}
