import { assign, setup } from 'xstate'

export type FocusMove = 'next' | 'previous' | 'first' | 'last'

export type FaqAccordionEvent =
  | { type: 'item.toggle'; id: string }
  | { type: 'item.focusMove'; from: string; move: FocusMove }

export interface FaqAccordionInput {
  /** The item ids, in the order they show. */
  items: readonly string[]
}

export interface FaqAccordionContext {
  items: readonly string[]
  /** The open item, if any: at most one is open. */
  openId: string | null
}

/** The item a keyboard move lands on; moves wrap around at both ends. */
export function focusTarget(items: readonly string[], from: string, move: FocusMove): string | undefined {
  if (items.length === 0) return undefined
  const index = items.indexOf(from)
  switch (move) {
    case 'first':
      return items[0]
    case 'last':
      return items[items.length - 1]
    case 'next':
      return items[(index + 1) % items.length]
    case 'previous':
      return items[(index - 1 + items.length) % items.length]
  }
}

export const faqAccordionMachine = setup({
  types: {
    context: {} as FaqAccordionContext,
    events: {} as FaqAccordionEvent,
    input: {} as FaqAccordionInput,
  },
  actions: {
    openItem: assign({ openId: (_, params: { id: string }) => params.id }),
    closeItem: assign({ openId: null }),
    // Provided by the app: moves keyboard focus to an item's button.
    focusItem: (_, _params: { id: string }) => {},
  },
  guards: {
    isOpenItem: ({ context, event }) => event.type === 'item.toggle' && event.id === context.openId,
    isKnownItem: ({ context, event }) => event.type === 'item.toggle' && context.items.includes(event.id),
  },
}).createMachine({
  id: 'faqAccordion',
  description: 'A list of questions: at most one answer is open; choosing the open one closes it.',
  context: ({ input }) => ({ items: input.items, openId: null }),
  initial: 'collapsed',
  on: {
    'item.focusMove': {
      actions: {
        type: 'focusItem',
        params: ({ context, event }) => ({ id: focusTarget(context.items, event.from, event.move) ?? event.from }),
      },
      description: 'Arrow keys, Home and End move focus between the questions.',
    },
  },
  states: {
    collapsed: {
      description: 'Every answer is hidden.',
      on: {
        'item.toggle': {
          guard: 'isKnownItem',
          target: 'expanded',
          actions: { type: 'openItem', params: ({ event }) => ({ id: event.id }) },
          description: 'A question is chosen: its answer opens.',
        },
      },
    },
    expanded: {
      description: 'One answer is open; the others are hidden.',
      on: {
        'item.toggle': [
          { guard: 'isOpenItem', target: 'collapsed', actions: 'closeItem', description: 'The open question is chosen again: it closes.' },
          {
            guard: 'isKnownItem',
            target: 'expanded',
            actions: { type: 'openItem', params: ({ event }) => ({ id: event.id }) },
            description: 'Another question is chosen: it opens and the open one closes.',
          },
        ],
      },
    },
  },
})
