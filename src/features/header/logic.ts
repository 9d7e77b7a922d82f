import { headerMachine } from '../../../machines/header.machine'
import { mobileMenuMachine } from '../../../machines/mobile-menu.machine'
import { focusFirstMenuItem, focusMenuTrigger, trackScroll, watchMenuDismiss, watchRouteForMenu } from './actors'

// The header's machines with their real browser effects; tests provide their own.
export const headerLogic = headerMachine.provide({ actors: { trackScroll } })

export const mobileMenuLogic = mobileMenuMachine.provide({
  actions: { focusTrigger: focusMenuTrigger, focusFirstItem: focusFirstMenuItem },
  actors: { watchRoute: watchRouteForMenu, watchDismiss: watchMenuDismiss },
})
