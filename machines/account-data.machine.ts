import { fromPromise, setup } from 'xstate'

export type AccountDataEvent = { type: 'export.click' }

/** The export the backend hands over: one JSON document of the user's data. */
export type AccountExport = Record<string, unknown> & { exported_at?: string }

export const accountDataMachine = setup({
  types: { events: {} as AccountDataEvent },
  actors: {
    exportAccount: fromPromise<AccountExport>(async () => ({})),
  },
  actions: {
    // Provided by the feature's logic.
    saveFile: (_, _params: { data: AccountExport }) => {},
    notifyFailure: (_, _params: { message?: string }) => {},
  },
}).createMachine({
  id: 'accountData',
  description: 'Download my data: one JSON file with what the service keeps about the signed-in user.',
  initial: 'idle',
  states: {
    idle: {
      description: 'The download button waits.',
      on: { 'export.click': { target: 'exporting', description: 'The user asks for the file.' } },
    },
    exporting: {
      description: 'The backend gathers the data: the button is busy.',
      tags: 'busy',
      invoke: {
        id: 'exportAccount',
        src: 'exportAccount',
        onDone: {
          target: 'idle',
          actions: { type: 'saveFile', params: ({ event }) => ({ data: event.output }) },
          description: 'The data arrived: the browser saves it as a file.',
        },
        onError: {
          target: 'idle',
          actions: { type: 'notifyFailure', params: ({ event }) => ({ message: (event.error as { message?: string })?.message }) },
          description: 'The export failed: a toast says so.',
        },
      },
    },
  },
})
