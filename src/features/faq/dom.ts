/** Element ids of an accordion item's parts (item ids are unique on a page). */
export const faqIds = {
  trigger: (id: string) => `faq-${id}-trigger`,
  panel: (id: string) => `faq-${id}-panel`,
}

export const focusFaqTrigger = (id: string) => document.getElementById(faqIds.trigger(id))?.focus()
