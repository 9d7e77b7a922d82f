import { fromPromise, setup } from 'xstate'

export type OtherSessionsEvent = { type: 'signOutOthers.click' }

export const otherSessionsMachine = setup({
  types: { events: {} as OtherSessionsEvent },
  actors: {
    // Provided by the feature's logic: ends every session of the account but this one.
    signOutOthers: fromPromise<void>(async () => {}),
  },
  actions: {
    // Provided by the feature's logic.
    notifyDone: () => {},
    notifyFailure: (_, _params: { message?: string }) => {},
  },
}).createMachine({
  id: 'otherSessions',
  description: 'Sign out on all other devices: every other session of the account ends; this one stays.',
  initial: 'idle',
  states: {
    idle: {
      description: 'The button waits.',
      on: { 'signOutOthers.click': { target: 'signingOut', description: 'The user asks to end the other sessions.' } },
    },
    signingOut: {
      description: 'The auth service ends the other sessions: the button is busy.',
      tags: 'busy',
      invoke: {
        id: 'signOutOthers',
        src: 'signOutOthers',
        onDone: { target: 'idle', actions: 'notifyDone', description: 'Done: other devices can no longer renew their sessions.' },
        onError: {
          target: 'idle',
          actions: { type: 'notifyFailure', params: ({ event }) => ({ message: (event.error as { message?: string })?.message }) },
          description: 'It failed: a toast says so; the user may try again.',
        },
      },
    },
  },
})
