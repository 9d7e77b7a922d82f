import { type AnyMachineSnapshot, createMachine, type EventObject } from 'xstate'
import { faqAccordionMachine } from '../../machines/faq-accordion.machine'

type PlannedEvent = EventObject & Record<string, unknown>

/** The accordion as the app starts it with these items (the graph walk needs them in the initial context). */
export function faqMachineWith(items: readonly string[]) {
  return createMachine(
    { ...faqAccordionMachine.config, context: { items, openId: null } } as typeof faqAccordionMachine.config,
    faqAccordionMachine.implementations as never,
  )
}

/** Every item's toggle, and one keyboard move. */
export const faqEvents = (items: readonly string[]) => (snapshot: AnyMachineSnapshot): PlannedEvent[] => [
  ...items.map((id) => ({ type: 'item.toggle', id })),
  { type: 'item.focusMove', from: snapshot.context.openId ?? items[0], move: 'next' },
]

/** Names a state with its open item: `expanded(start)`. */
export const faqLabel = (snapshot: AnyMachineSnapshot) =>
  snapshot.context.openId ? `${String(snapshot.value)}(${snapshot.context.openId})` : String(snapshot.value)
