import { fromCallback, setup } from 'xstate'

export type MobileMenuEvent =
  | { type: 'trigger.click' }
  | { type: 'item.select' }
  | { type: 'key.escape' }
  | { type: 'outside.click' }
  | { type: 'route.changed' }

export const mobileMenuMachine = setup({
  types: {
    events: {} as MobileMenuEvent,
  },
  actions: {
    // Provided by the header's logic (src/features/header/logic.ts): focus goes back to the menu button, or into the
    // panel's first link.
    focusTrigger: () => {},
    focusFirstItem: () => {},
  },
  actors: {
    // Provided by the header's logic: sends `route.changed` whenever the location changes.
    watchRoute: fromCallback<MobileMenuEvent>(() => () => {}),
    // Provided by the header's logic: sends `outside.click` for a press outside the header, and
    // `key.escape` for Escape wherever focus is.
    watchDismiss: fromCallback<MobileMenuEvent>(() => () => {}),
  },
}).createMachine({
  id: 'mobileMenu',
  description: 'The collapsible navigation menu on small screens.',
  invoke: { id: 'route', src: 'watchRoute' },
  initial: 'closed',
  states: {
    closed: {
      description: 'Only the menu button shows.',
      on: {
        'trigger.click': { target: 'open', actions: 'focusFirstItem', description: 'The menu button is pressed: focus moves into the panel.' },
      },
    },
    open: {
      description: 'The panel with the navigation links shows, full width under the header.',
      invoke: { id: 'dismiss', src: 'watchDismiss' },
      on: {
        'outside.click': { target: 'closed', description: 'A press outside the header closes the menu.' },
        'trigger.click': { target: 'closed', description: 'The menu button is pressed again.' },
        'item.select': { target: 'closed', description: 'A link in the menu is chosen.' },
        'key.escape': { target: 'closed', actions: 'focusTrigger', description: 'Escape closes the menu.' },
        'route.changed': { target: 'closed', description: 'The page changed.' },
      },
    },
  },
})
