import { fromCallback, setup } from 'xstate'

export type MobileMenuEvent =
  | { type: 'trigger.click' }
  | { type: 'item.select' }
  | { type: 'key.escape' }
  | { type: 'route.changed' }

export const mobileMenuMachine = setup({
  types: {
    events: {} as MobileMenuEvent,
  },
  actions: {
    // Provided by the view: focus goes back to the menu button.
    focusTrigger: () => {},
  },
  actors: {
    // Provided by the app: sends `route.changed` whenever the location changes.
    watchRoute: fromCallback<MobileMenuEvent>(() => () => {}),
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
        'trigger.click': { target: 'open', description: 'The menu button is pressed.' },
      },
    },
    open: {
      description: 'The panel with the navigation links shows.',
      on: {
        'trigger.click': { target: 'closed', description: 'The menu button is pressed again.' },
        'item.select': { target: 'closed', description: 'A link in the menu is chosen.' },
        'key.escape': { target: 'closed', actions: 'focusTrigger', description: 'Escape closes the menu.' },
        'route.changed': { target: 'closed', description: 'The page changed.' },
      },
    },
  },
})
