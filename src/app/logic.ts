import type { I18n } from '@lingui/core'
import { navigationMachine } from '../../machines/navigation.machine'
import { scrollToAnchor, scrollToTop, setDocumentTitle, watchRouteForNavigation } from './navigation'

/** The navigation machine with its real effects; the page's i18n gives the titles. */
export const navigationLogicFor = (i18n: I18n) =>
  navigationMachine.provide({
    actions: {
      scrollToTop,
      scrollToAnchor: (_, { hash }) => scrollToAnchor(hash),
      updateDocumentTitle: (_, { path }) => setDocumentTitle(i18n, path),
    },
    actors: { watchRoute: watchRouteForNavigation },
  })
