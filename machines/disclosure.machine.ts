import { setup } from 'xstate'

export type DisclosureEvent = { type: 'trigger.click' }

/** Something shown or hidden by a toggle button (the dashboard's debug information). */
export const disclosureMachine = setup({ types: { events: {} as DisclosureEvent } }).createMachine({
  id: 'disclosure',
  description: 'A section shown or hidden by its toggle button.',
  initial: 'hidden',
  states: {
    hidden: { description: 'Only the toggle shows.', on: { 'trigger.click': { target: 'shown', description: 'Show it.' } } },
    shown: { description: 'The section shows.', on: { 'trigger.click': { target: 'hidden', description: 'Hide it.' } } },
  },
})
