import type { I18n } from '@lingui/core'
import { headerMachine } from '../../machines/header.machine'
import { mobileMenuMachine } from '../../machines/mobile-menu.machine'
import { navigationMachine } from '../../machines/navigation.machine'
import { focusFirstMenuItem, focusMenuTrigger, trackScroll, watchMenuDismiss, watchRouteForMenu } from '../features/header/actors'
import { scrollToAnchor, scrollToTop, setDocumentTitle, watchRouteForNavigation } from '../features/navigation/actors'

// The shell's machines with their real browser effects; tests provide their own. A page's own
// machines get theirs next to their views (`logic.ts`), in the page's chunk.
export const headerLogic = headerMachine.provide({ actors: { trackScroll } })

export const mobileMenuLogic = mobileMenuMachine.provide({
  actions: { focusTrigger: focusMenuTrigger, focusFirstItem: focusFirstMenuItem },
  actors: { watchRoute: watchRouteForMenu, watchDismiss: watchMenuDismiss },
})

export const navigationLogicFor = (i18n: I18n) =>
  navigationMachine.provide({
    actions: {
      scrollToTop,
      scrollToAnchor: (_, { hash }) => scrollToAnchor(hash),
      updateDocumentTitle: (_, { path }) => setDocumentTitle(i18n, path),
    },
    actors: { watchRoute: watchRouteForNavigation },
  })
