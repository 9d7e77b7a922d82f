import { afterEach, beforeEach, expect, vi } from 'vitest'
import { type AnyMachineSnapshot, createActor } from 'xstate'
import { DISMISS_AFTER_MS, type Toast, type ToasterEvent, toasterMachine } from '../../machines/toaster.machine'
import { connectToaster } from '../../src/components/toaster/connect'
import { timerFakes } from '../model/paths'
import { testMachinePaths } from '../model/run'
import { machineModels } from '../model/catalogue'

export const sampleToasts: Toast[] = [
  { id: 'a', title: 'Takk!', description: 'Vi tar kontakt innen 24 timer.', variant: 'default' },
  { id: 'b', title: 'Feil', description: 'Kunne ikke starte kjøp. Prøv igjen.', variant: 'destructive' },
]

export const toasterEvents = (snapshot: AnyMachineSnapshot): ToasterEvent[] => {
  const shown = (snapshot.context as { toasts: Toast[] }).toasts
  return [
    ...sampleToasts.filter((t) => !shown.includes(t)).map((toast) => ({ type: 'toast.add' as const, toast })),
    ...shown.map((t) => ({ type: 'toast.dismiss' as const, id: t.id })),
    { type: 'toaster.pause' },
    { type: 'toaster.resume' },
    { type: 'xstate.after.dismissAfter.toaster.showing.running' } as unknown as ToasterEvent,
  ]
}
export const serializeToaster = (snapshot: AnyMachineSnapshot) =>
  `${JSON.stringify(snapshot.value)} ${(snapshot.context as { toasts: Toast[] }).toasts.map((t) => t.id).join(',')}`
export const toasterLabel = (snapshot: AnyMachineSnapshot) => {
  const ids = (snapshot.context as { toasts: Toast[] }).toasts.map((t) => t.id)
  const value = typeof snapshot.value === 'string' ? snapshot.value : `showing.${(snapshot.value as { showing: string }).showing}`
  return ids.length ? `${value} [${ids.join(',')}]` : value
}

beforeEach(() => vi.useFakeTimers(timerFakes))
afterEach(() => vi.useRealTimers())

testMachinePaths(
  'toaster machine',
  toasterMachine,
  machineModels.toaster.options,
  {
    start: () => createActor(toasterMachine).start(),
    execute: (actor, event) => {
      if (event.type.startsWith('xstate.after.')) vi.advanceTimersByTime(DISMISS_AFTER_MS)
      else actor.send(event as ToasterEvent)
    },
    verify: (actor, planned) => {
      const snapshot = actor.getSnapshot()
      expect(snapshot.value).toEqual(planned.value)
      expect(snapshot.context.toasts.map((t) => t.id)).toEqual(planned.context.toasts.map((t: Toast) => t.id))
      const api = connectToaster(snapshot, actor.send, { region: 'Varsler' })
      expect(api.polite.every((t) => t.variant === 'default')).toBe(true)
      expect(api.assertive.every((t) => t.variant === 'destructive')).toBe(true)
      expect(api.regionProps['data-state']).toBe(snapshot.matches('empty') ? 'empty' : 'showing')
    },
    stop: (actor) => actor.stop(),
  },
)
