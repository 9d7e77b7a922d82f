import { expect, vi } from 'vitest'
import { createActor, fromCallback } from 'xstate'
import { type NavigationEvent, navigationMachine } from '../../machines/navigation.machine'
import { testMachinePaths } from '../model/run'
import { machineModels } from '../model/catalogue'


testMachinePaths(
  'navigation machine',
  navigationMachine,
  machineModels.navigation.options,
  {
    start: () => {
      const effects = { scrollToTop: vi.fn(), scrollToAnchor: vi.fn(), updateDocumentTitle: vi.fn() }
      const actor = createActor(
        navigationMachine.provide({
          actions: {
            scrollToTop: () => effects.scrollToTop(),
            scrollToAnchor: (_, params) => effects.scrollToAnchor(params.hash),
            updateDocumentTitle: (_, params) => effects.updateDocumentTitle(params.path),
          },
          actors: { watchRoute: fromCallback(() => () => {}) },
        }),
      ).start()
      return { actor, effects }
    },
    execute: ({ actor, effects }, event) => {
      for (const effect of Object.values(effects)) effect.mockClear()
      const change = event as NavigationEvent
      actor.send(change)
      expect(effects.updateDocumentTitle).toHaveBeenCalledWith(change.path)
      if (change.hash) {
        expect(effects.scrollToAnchor).toHaveBeenCalledWith(change.hash)
        expect(effects.scrollToTop).not.toHaveBeenCalled()
      } else {
        expect(effects.scrollToTop).toHaveBeenCalledTimes(1)
        expect(effects.scrollToAnchor).not.toHaveBeenCalled()
      }
    },
    verify: ({ actor }, planned) => expect(actor.getSnapshot().value).toEqual(planned.value),
    stop: ({ actor }) => actor.stop(),
  },
)
