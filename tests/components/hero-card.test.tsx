import { act, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { HERO_STEP_MS, heroCardMachine } from '../../machines/hero-card.machine'
import { HeroCard } from '../../src/features/landing/hero-card/hero-card'
import { heroCardEvents, heroCardLabel } from '../machines/hero-card.model'
import { delayOf } from '../model/paths'
import { testMachinePaths } from '../model/run'
import { renderInApp, standIn } from '../render'
import { fakeMotion, startFakeClock, stopFakeClock } from './fake-env'

const stepTitles = ['Skriver utkast til melding', 'Beste neste melding', 'Eksempel på melding']
const card = () => screen.getByRole('figure', { name: 'Arbeidsflate for oppsøkende dialog' })
/** The pause/play button; hidden (and so not in the accessibility tree) while nothing moves. */
const control = () => card().querySelector<HTMLButtonElement>('button[data-part="control"]')

afterEach(stopFakeClock)

testMachinePaths(
  'Hero card view',
  heroCardMachine,
  { events: heroCardEvents, simple: true, label: heroCardLabel },
  {
    start: () => {
      const user = startFakeClock()
      const motion = fakeMotion()
      const stub = standIn(heroCardMachine, { actors: { watchMotion: motion.actor } })
      return { motion, user, ...renderInApp(<HeroCard />, { lang: 'nb', standIns: [stub] }) }
    },
    execute: async ({ motion, user }, event) => {
      const delay = delayOf(event)
      if (delay !== undefined) {
        const focused = document.activeElement
        act(() => vi.advanceTimersByTime(delay))
        // The card changes by itself, but never moves focus.
        expect(document.activeElement).toBe(focused)
        return
      }
      switch (event.type) {
        case 'motion.allowed':
        case 'motion.reduced':
          motion.send({ type: event.type })
          break
        case 'control.pause':
        case 'control.play': {
          const button = control()
          // The model sends both to every state; the button offers only the one that applies.
          const offered = button && !button.hidden && button.getAttribute('aria-label')
          const wanted = event.type === 'control.pause' ? 'Sett animasjonen på pause' : 'Spill av animasjonen'
          if (offered === wanted) await user.click(button!)
          break
        }
      }
    },
    verify: (_, planned) => {
      const step = planned.context.step as number
      expect(card()).toHaveAttribute('data-state', planned.value as string)
      expect(card()).toHaveAttribute('data-step', String(step))
      stepTitles.forEach((title, index) => {
        const part = within(card()).getByText(title).closest('[data-part="step"]')!
        if (index === step) expect(part).not.toHaveAttribute('aria-hidden')
        else expect(part).toHaveAttribute('aria-hidden', 'true')
      })
      const live = card().querySelector('[data-part="viewport"]')!
      expect(live).toHaveAttribute('aria-live', planned.value === 'playing' ? 'off' : 'polite')
      const button = control()!
      if (planned.value === 'playing') expect(button).toHaveAccessibleName('Sett animasjonen på pause')
      else if (planned.value === 'paused') expect(button).toHaveAccessibleName('Spill av animasjonen')
      else expect(within(card()).queryByRole('button')).toBeNull()
    },
    stop: ({ unmount }) => unmount(),
  },
)

describe('Hero card under reduced motion', () => {
  it('stays on its first step however long the visitor waits', () => {
    startFakeClock()
    const motion = fakeMotion()
    const stub = standIn(heroCardMachine, { actors: { watchMotion: motion.actor } })
    renderInApp(<HeroCard />, { lang: 'en', standIns: [stub] })
    motion.send({ type: 'motion.reduced' })
    act(() => vi.advanceTimersByTime(HERO_STEP_MS * 10))
    expect(card_en()).toHaveAttribute('data-state', 'static')
    expect(card_en()).toHaveAttribute('data-step', '0')
    expect(within(card_en()).queryByRole('button')).toBeNull()
  })
})

function card_en() {
  return screen.getByRole('figure', { name: 'Outreach workspace' })
}
