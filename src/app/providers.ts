import type { I18n } from '@lingui/core'
import { headerMachine } from '../../machines/header.machine'
import { mobileMenuMachine } from '../../machines/mobile-menu.machine'
import { navigationMachine } from '../../machines/navigation.machine'
import { faqAccordionMachine } from '../../machines/faq-accordion.machine'
import { heroCardMachine } from '../../machines/hero-card.machine'
import { howItWorksMachine } from '../../machines/how-it-works.machine'
import { focusFaqTrigger } from '../features/faq/dom'
import { watchMotion } from '../features/motion/actors'
import { focusMenuTrigger, trackScroll, watchRouteForMenu } from '../features/header/actors'
import { scrollToAnchor, scrollToTop, setDocumentTitle, watchRouteForNavigation } from '../features/navigation/actors'

// Every machine gets its real browser and backend effects here; tests provide their own.
export const headerLogic = headerMachine.provide({ actors: { trackScroll } })

export const mobileMenuLogic = mobileMenuMachine.provide({
  actions: { focusTrigger: focusMenuTrigger },
  actors: { watchRoute: watchRouteForMenu },
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

export const heroCardLogic = heroCardMachine.provide({ actors: { watchMotion } })

export const howItWorksLogic = howItWorksMachine.provide({ actors: { watchMotion } })

export const faqAccordionLogic = faqAccordionMachine.provide({
  actions: { focusItem: (_, { id }) => focusFaqTrigger(id) },
})
