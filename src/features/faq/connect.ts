import type { KeyboardEvent } from 'react'
import type { SnapshotFrom } from 'xstate'
import type { FaqAccordionEvent, FocusMove, faqAccordionMachine } from '../../../machines/faq-accordion.machine'
import { faqIds } from './dom'

const moves: Record<string, FocusMove> = {
  ArrowDown: 'next',
  ArrowUp: 'previous',
  Home: 'first',
  End: 'last',
}

/** Maps the accordion's state to the WAI-ARIA accordion pattern. */
export function connectFaqAccordion(snapshot: SnapshotFrom<typeof faqAccordionMachine>, send: (event: FaqAccordionEvent) => void) {
  const openId = snapshot.context.openId
  const stateOf = (id: string) => (id === openId ? 'open' : 'closed')
  return {
    openId,
    isOpen: (id: string) => id === openId,
    rootProps: { 'data-scope': 'faq', 'data-part': 'root', 'data-state': snapshot.value as string },
    itemProps: (id: string) => ({ 'data-part': 'item', 'data-state': stateOf(id) }),
    triggerProps: (id: string) => ({
      id: faqIds.trigger(id),
      type: 'button' as const,
      'data-part': 'trigger',
      'data-state': stateOf(id),
      'aria-expanded': id === openId,
      'aria-controls': faqIds.panel(id),
      onClick: () => send({ type: 'item.toggle', id }),
      onKeyDown: (event: KeyboardEvent) => {
        const move = moves[event.key]
        if (!move) return
        event.preventDefault()
        send({ type: 'item.focusMove', from: id, move })
      },
    }),
    panelProps: (id: string) => ({
      id: faqIds.panel(id),
      role: 'region' as const,
      'data-part': 'panel',
      'data-state': stateOf(id),
      'aria-labelledby': faqIds.trigger(id),
      hidden: id !== openId,
    }),
  }
}
