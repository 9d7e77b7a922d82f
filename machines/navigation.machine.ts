import { fromCallback, setup } from 'xstate'

export type NavigationEvent = { type: 'route.changed'; path: string; hash: string }

export const navigationMachine = setup({
  types: {
    events: {} as NavigationEvent,
  },
  actions: {
    // Provided by the app.
    scrollToTop: () => {},
    scrollToAnchor: (_, _params: { hash: string }) => {},
    updateDocumentTitle: (_, _params: { path: string }) => {},
  },
  actors: {
    watchRoute: fromCallback<NavigationEvent>(() => () => {}),
  },
  guards: {
    hasAnchor: ({ event }) => event.hash.length > 1,
  },
}).createMachine({
  id: 'navigation',
  description: 'Page changes: every newly rendered route starts at the top (or at its #anchor).',
  invoke: { id: 'route', src: 'watchRoute' },
  initial: 'watching',
  states: {
    watching: {
      description: 'Waiting for the next page change.',
      on: {
        'route.changed': [
          {
            guard: 'hasAnchor',
            actions: [
              { type: 'updateDocumentTitle', params: ({ event }) => ({ path: event.path }) },
              { type: 'scrollToAnchor', params: ({ event }) => ({ hash: event.hash }) },
            ],
            description: 'The new address has an #anchor: scroll to it.',
          },
          {
            actions: [{ type: 'updateDocumentTitle', params: ({ event }) => ({ path: event.path }) }, 'scrollToTop'],
            description: 'A new page renders: scroll to the top.',
          },
        ],
      },
    },
  },
})
