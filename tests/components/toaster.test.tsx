import { act, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, vi } from 'vitest'
import { DISMISS_AFTER_MS, type Toast, toasterMachine } from '../../machines/toaster.machine'
import { Toaster, toaster } from '../../src/components/toaster/toaster'
import { sampleToasts } from '../model/catalogue'
import { timerFakes } from '../model/paths'
import { testMachinePaths } from '../model/run'
import { renderInApp } from '../render'
import { machineModels } from '../model/catalogue'

beforeEach(() => vi.useFakeTimers(timerFakes))
afterEach(() => vi.useRealTimers())

/** Stands in for the features that raise toasts (the app's toaster, as `notify` reaches it). */
function Raise() {
  return sampleToasts.map((toast) => (
    <button key={toast.id} type="button" onClick={() => toaster.send({ type: 'toast.add', toast })}>
      raise {toast.id}
    </button>
  ))
}

const region = () => screen.getByRole('region', { name: 'Varsler' })

testMachinePaths(
  'Toaster view',
  toasterMachine,
  machineModels.toaster.options,
  {
    start: () => {
      toaster.reset()
      return renderInApp(
        <>
          <Raise />
          <Toaster />
        </>,
        { lang: 'nb' },
      )
    },
    // user-event waits on timers, which are fake here: events are fired directly.
    execute: (_, event) => {
      const e = event as { type: string; toast?: Toast; id?: string }
      if (e.type === 'toast.add') {
        fireEvent.click(screen.getByRole('button', { name: `raise ${e.toast!.id}` }))
        // The first toast loads the toaster: wait for it, and for the toast to be added.
        return act(async () => {
          await toaster.start()
        })
      }
      else if (e.type === 'toast.dismiss') {
        const title = sampleToasts.find((t) => t.id === e.id)!.title as string
        const item = screen.getByText(title).closest('li')!
        // Default toasts close with the button, destructive ones with Escape: both ways are covered.
        if (e.id === 'a') fireEvent.click(within(item).getByRole('button', { name: 'Lukk varselet' }))
        else fireEvent.keyDown(item, { key: 'Escape' })
      } else if (e.type === 'toaster.pause') fireEvent.pointerEnter(region())
      else if (e.type === 'toaster.resume') fireEvent.pointerLeave(region())
      else act(() => vi.advanceTimersByTime(DISMISS_AFTER_MS))
    },
    verify: (_, planned) => {
      const expected = planned.context.toasts as Toast[]
      const status = screen.getByRole('status')
      const alert = screen.getByRole('alert')
      expect(within(status).queryAllByRole('listitem').map((li) => li.textContent)).toEqual(
        expected.filter((t) => t.variant === 'default').map((t) => `${t.title}${t.description}`),
      )
      expect(within(alert).queryAllByRole('listitem').map((li) => li.textContent)).toEqual(
        expected.filter((t) => t.variant === 'destructive').map((t) => `${t.title}${t.description}`),
      )
      expect(status).toHaveAttribute('aria-live', 'polite')
      expect(alert).toHaveAttribute('aria-live', 'assertive')
    },
    stop: ({ unmount }) => unmount(),
  },
)
