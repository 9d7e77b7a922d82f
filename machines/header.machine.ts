import { fromCallback, setup } from 'xstate'

/** Scroll distance (px) past which the header turns compact. */
export const COMPACT_AFTER_PX = 8

export type HeaderEvent = { type: 'scroll.changed'; y: number }

export const headerMachine = setup({
  types: {
    events: {} as HeaderEvent,
  },
  actors: {
    // Provided by the app: reports the page's vertical scroll now and on every change.
    trackScroll: fromCallback<HeaderEvent>(() => () => {}),
  },
  guards: {
    isPastThreshold: ({ event }) => event.y > COMPACT_AFTER_PX,
    isAtTop: ({ event }) => event.y <= COMPACT_AFTER_PX,
  },
}).createMachine({
  id: 'header',
  description: 'The site header: tall and transparent at the top of the page, compact once scrolled.',
  invoke: { id: 'scroll', src: 'trackScroll' },
  initial: 'expanded',
  states: {
    expanded: {
      description: 'At the top: 80 px tall, transparent.',
      on: {
        'scroll.changed': {
          guard: 'isPastThreshold',
          target: 'compact',
          description: `The page is scrolled more than ${COMPACT_AFTER_PX} px.`,
        },
      },
    },
    compact: {
      description: '64 px tall with a blurred background and a border.',
      on: {
        'scroll.changed': {
          guard: 'isAtTop',
          target: 'expanded',
          description: `The page is back within ${COMPACT_AFTER_PX} px of the top.`,
        },
      },
    },
  },
})
