import { faqAccordionMachine } from '../../../machines/faq-accordion.machine'
import { focusFaqTrigger } from './dom'

/** The accordion's machine with its browser effect (moving focus between triggers). */
export const faqAccordionLogic = faqAccordionMachine.provide({
  actions: { focusItem: (_, { id }) => focusFaqTrigger(id) },
})
