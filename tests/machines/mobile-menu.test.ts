import { expect, vi } from 'vitest'
import { createActor, fromCallback } from 'xstate'
import { type MobileMenuEvent, mobileMenuMachine } from '../../machines/mobile-menu.machine'
import { connectMobileMenu } from '../../src/features/header/connect'
import { testMachinePaths } from '../model/run'
import { machineModels } from '../model/catalogue'

const labels = { open: 'Open menu', close: 'Close menu' }

testMachinePaths(
  'mobileMenu machine',
  mobileMenuMachine,
  machineModels.mobileMenu.options,
  {
    start: () => {
      const focusTrigger = vi.fn()
      const focusFirstItem = vi.fn()
      const actor = createActor(
        mobileMenuMachine.provide({
          actions: { focusTrigger, focusFirstItem },
          actors: { watchRoute: fromCallback(() => () => {}), watchDismiss: fromCallback(() => () => {}) },
        }),
      ).start()
      return { actor, focusTrigger, focusFirstItem }
    },
    execute: ({ actor, focusTrigger, focusFirstItem }, event, from) => {
      focusTrigger.mockClear()
      focusFirstItem.mockClear()
      actor.send(event as MobileMenuEvent)
      // Escape hands focus back to the menu button; opening moves it into the panel.
      expect(focusTrigger).toHaveBeenCalledTimes(event.type === 'key.escape' ? 1 : 0)
      expect(focusFirstItem).toHaveBeenCalledTimes(event.type === 'trigger.click' && from.matches('closed') ? 1 : 0)
    },
    verify: ({ actor }, planned) => {
      const snapshot = actor.getSnapshot()
      expect(snapshot.value).toEqual(planned.value)
      const api = connectMobileMenu(snapshot, actor.send, labels)
      const open = planned.value === 'open'
      expect(api.triggerProps['aria-expanded']).toBe(open)
      expect(api.triggerProps['aria-label']).toBe(open ? labels.close : labels.open)
      expect(api.panelProps.hidden).toBe(!open)
    },
    stop: ({ actor }) => actor.stop(),
  },
)
