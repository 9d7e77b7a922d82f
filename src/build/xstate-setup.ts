// XState as the machines import it in production builds (src/build/vite-xstate-setup.ts): all of it,
// with a `setup` that gives only `createMachine`, as XState's own does with the same arguments.
import { createMachine, type setup as xstateSetup } from 'xstate'

export * from 'xstate'

type Implementations = Parameters<typeof xstateSetup>[0]

export const setup = ((implementations: Implementations) => ({
  createMachine: (config: Parameters<typeof createMachine>[0]) =>
    createMachine({ ...config, schemas: implementations.schemas } as never, {
      actors: implementations.actors,
      actions: implementations.actions,
      guards: implementations.guards,
      delays: implementations.delays,
    } as never),
})) as unknown as typeof xstateSetup
