import { act, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { howItWorksMachine, STEP_MS } from '../../machines/how-it-works.machine'
import { HowItWorks } from '../../src/features/landing/how-it-works/how-it-works'
import { howItWorksEvents, howItWorksLabel } from '../machines/how-it-works.model'
import { delayOf } from '../model/paths'
import { testMachinePaths } from '../model/run'
import { renderInApp, standIn } from '../render'
import { fakeMotion, startFakeClock, stopFakeClock } from './fake-env'

const stepNames = [
  'Kundeprofil (ICP) og posisjonering',
  'Innhold og ghostwriting',
  'Oppsøkende dialog og DM-er',
  'Kvalifiserte overleveringer',
]
const section = () => screen.getByRole('region', { name: 'Fra posisjonering til kvalifiserte møter i fire steg' })
const stepButton = (index: number) => within(section()).getByRole('button', { name: stepNames[index] })
const list = () => within(section()).getByRole('list')
const progress = () => within(section()).getByRole('progressbar')

afterEach(stopFakeClock)

function renderSteps() {
  const user = startFakeClock()
  const motion = fakeMotion()
  const stub = standIn(howItWorksMachine, { actors: { watchMotion: motion.actor } })
  return { user, motion, ...renderInApp(<HowItWorks />, { lang: 'nb', standIns: [stub] }) }
}

testMachinePaths(
  'How it works view',
  howItWorksMachine,
  { events: howItWorksEvents, label: howItWorksLabel },
  {
    start: renderSteps,
    execute: async ({ user, motion }, event) => {
      const delay = delayOf(event)
      if (delay !== undefined) {
        act(() => vi.advanceTimersByTime(delay))
        return
      }
      switch (event.type) {
        case 'motion.allowed':
        case 'motion.reduced':
          motion.send({ type: event.type })
          break
        case 'step.select':
          // A bare click: hovering and focusing are their own events in this model.
          fireEvent.click(stepButton((event as unknown as { index: number }).index))
          break
        case 'pointer.enter':
          await user.hover(list())
          break
        case 'pointer.leave':
          await user.unhover(list())
          break
        case 'focus.enter':
          // A mouse press focuses the step it lands on; the keyboard focuses without one.
          if ((event as unknown as { keyboard: boolean }).keyboard) act(() => stepButton(0).focus())
          else {
            fireEvent.pointerDown(stepButton(0))
            act(() => stepButton(0).focus())
            fireEvent.pointerUp(stepButton(0))
          }
          break
        case 'focus.leave':
          act(() => (document.activeElement as HTMLElement | null)?.blur())
          break
      }
    },
    verify: ({ container }, planned) => {
      const active = planned.context.active as number
      expect(container.querySelector('[data-scope="how-it-works"]')).toHaveAttribute('data-state', planned.value as string)
      stepNames.forEach((_, index) => {
        if (index === active) expect(stepButton(index)).toHaveAttribute('aria-current', 'step')
        else expect(stepButton(index)).not.toHaveAttribute('aria-current')
      })
      expect(progress()).toHaveAttribute('aria-valuenow', String(active + 1))
      expect(progress()).toHaveAttribute('aria-valuemax', '4')
      expect(progress()).toHaveAttribute('aria-valuetext', `Steg ${active + 1} av 4: ${stepNames[active]}`)
      expect(progress().firstElementChild).toHaveStyle({ width: `${(active + 1) * 25}%` })
    },
    stop: ({ unmount }) => unmount(),
  },
)

describe('How it works with the keyboard', () => {
  it('Enter and Space make a step active, and focus holds the rotation', async () => {
    const { user, motion } = renderSteps()
    motion.send({ type: 'motion.allowed' })
    await user.tab()
    expect(stepButton(0)).toHaveFocus()
    await user.tab()
    await user.keyboard('{Enter}')
    expect(stepButton(1)).toHaveAttribute('aria-current', 'step')
    await user.tab()
    await user.keyboard(' ')
    expect(stepButton(2)).toHaveAttribute('aria-current', 'step')
    act(() => vi.advanceTimersByTime(STEP_MS * 3))
    expect(stepButton(2)).toHaveAttribute('aria-current', 'step')
    // Focus leaves the steps: the rotation resumes.
    act(() => stepButton(2).blur())
    act(() => vi.advanceTimersByTime(STEP_MS))
    expect(stepButton(3)).toHaveAttribute('aria-current', 'step')
    expect(progress()).toHaveAttribute('aria-valuenow', '4')
  })

  it('a mouse click picks a step but does not hold the rotation once the pointer leaves', async () => {
    const { user, motion } = renderSteps()
    motion.send({ type: 'motion.allowed' })
    await user.click(stepButton(1))
    expect(stepButton(1)).toHaveFocus()
    expect(stepButton(1)).toHaveAttribute('aria-current', 'step')
    await user.unhover(list())
    act(() => vi.advanceTimersByTime(STEP_MS))
    expect(stepButton(2)).toHaveAttribute('aria-current', 'step')
  })
})
