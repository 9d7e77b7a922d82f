import { describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { type FaqAccordionEvent, faqAccordionMachine, focusTarget } from '../../machines/faq-accordion.machine'
import { connectFaqAccordion } from '../../src/features/faq/connect'
import { faqIds } from '../../src/features/faq/dom'
import { testMachinePaths } from '../model/run'
import { faqEvents, faqLabel, faqMachineWith } from './faq-accordion.model'

const items = ['software', 'guarantee', 'start']

testMachinePaths(
  'faqAccordion machine',
  faqMachineWith(items),
  { events: faqEvents(items), simple: true, label: faqLabel },
  {
    start: () => {
      const focused: string[] = []
      const logic = faqAccordionMachine.provide({ actions: { focusItem: (_, { id }) => focused.push(id) } })
      return { actor: createActor(logic, { input: { items } }).start(), focused }
    },
    execute: ({ actor, focused }, event) => {
      actor.send(event as FaqAccordionEvent)
      if (event.type === 'item.focusMove') {
        const { from, move } = event as Extract<FaqAccordionEvent, { type: 'item.focusMove' }>
        expect(focused.at(-1)).toBe(focusTarget(items, from, move))
      }
    },
    verify: ({ actor }, planned) => {
      const snapshot = actor.getSnapshot()
      expect(snapshot.value).toEqual(planned.value)
      expect(snapshot.context.openId).toBe(planned.context.openId)
      const api = connectFaqAccordion(snapshot, () => {})
      const open = items.filter((id) => api.triggerProps(id)['aria-expanded'])
      expect(open).toEqual(planned.context.openId ? [planned.context.openId] : [])
      for (const id of items) {
        expect(api.panelProps(id).hidden).toBe(id !== planned.context.openId)
        expect(api.triggerProps(id)['aria-controls']).toBe(faqIds.panel(id))
        expect(api.panelProps(id)['aria-labelledby']).toBe(faqIds.trigger(id))
      }
    },
    stop: ({ actor }) => actor.stop(),
  },
)

describe('faq accordion focus moves', () => {
  it('wraps around at both ends and jumps to the first and last item', () => {
    expect(focusTarget(items, 'start', 'next')).toBe('software')
    expect(focusTarget(items, 'software', 'previous')).toBe('start')
    expect(focusTarget(items, 'guarantee', 'first')).toBe('software')
    expect(focusTarget(items, 'guarantee', 'last')).toBe('start')
    expect(focusTarget([], 'x', 'next')).toBeUndefined()
  })

  it('ignores ids it does not know', () => {
    const actor = createActor(faqAccordionMachine, { input: { items } }).start()
    actor.send({ type: 'item.toggle', id: 'unknown' })
    expect(actor.getSnapshot().value).toBe('collapsed')
    actor.send({ type: 'item.toggle', id: 'start' })
    actor.send({ type: 'item.toggle', id: 'unknown' })
    expect(actor.getSnapshot().context.openId).toBe('start')
  })

  it('maps arrow keys, Home and End to focus moves', () => {
    const send = vi.fn()
    const actor = createActor(faqAccordionMachine, { input: { items } }).start()
    const api = connectFaqAccordion(actor.getSnapshot(), send)
    const key = (k: string) => ({ key: k, preventDefault: vi.fn() }) as never
    api.triggerProps('guarantee').onKeyDown(key('ArrowDown'))
    api.triggerProps('guarantee').onKeyDown(key('ArrowUp'))
    api.triggerProps('guarantee').onKeyDown(key('Home'))
    api.triggerProps('guarantee').onKeyDown(key('End'))
    api.triggerProps('guarantee').onKeyDown(key('a'))
    expect(send.mock.calls.map(([event]) => event.move)).toEqual(['next', 'previous', 'first', 'last'])
  })
})
