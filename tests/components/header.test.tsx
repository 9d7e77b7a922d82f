import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect } from 'vitest'
import { navigate } from 'wouter/use-browser-location'
import { headerMachine } from '../../machines/header.machine'
import { mobileMenuMachine } from '../../machines/mobile-menu.machine'
import { Header } from '../../src/features/header/header'
import { renderInApp } from '../render'
import { testMachinePaths } from '../model/run'
import { machineModels } from '../model/catalogue'

const scrollTo = (y: number) =>
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true })
    window.dispatchEvent(new Event('scroll'))
  })

afterEach(() => scrollTo(0))

const banner = () => screen.getByRole('banner')

testMachinePaths(
  'Header view: compaction on scroll',
  headerMachine,
  machineModels.header.options,
  {
    start: () => renderInApp(<Header />, { lang: 'nb', browserHistory: true }),
    execute: (_, event) => scrollTo((event as unknown as { y: number }).y),
    verify: (_, planned) => expect(banner()).toHaveAttribute('data-state', planned.value as string),
    stop: ({ unmount }) => unmount(),
  },
)

const menuButton = () => screen.getByRole('button', { name: /menyen/i })
const menuPanel = () => document.getElementById('mobile-menu')!

testMachinePaths(
  'Header view: mobile menu',
  mobileMenuMachine,
  { events: [{ type: 'trigger.click' }, { type: 'item.select' }, { type: 'key.escape' }, { type: 'outside.click' }, { type: 'route.changed' }] },
  {
    start: () => ({ user: userEvent.setup(), ...renderInApp(<Header />, { lang: 'nb', path: '/', browserHistory: true }) }),
    execute: async ({ user }, event) => {
      switch (event.type) {
        case 'trigger.click': {
          const opening = menuButton().getAttribute('aria-expanded') === 'false'
          await user.click(menuButton())
          // Opening moves focus to the panel's first link.
          if (opening) await waitFor(() => expect(within(menuPanel()).getByRole('link', { name: 'Priser' })).toHaveFocus())
          break
        }
        case 'outside.click':
          await user.click(document.body)
          break
        case 'item.select':
          await user.click(within(menuPanel()).getByRole('link', { name: 'Priser' }))
          break
        case 'key.escape':
          await user.keyboard('{Escape}')
          expect(menuButton()).toHaveFocus()
          break
        case 'route.changed':
          act(() => navigate(window.location.pathname === '/help' ? '/pricing' : '/help'))
          break
      }
    },
    verify: (_, planned) => {
      const open = planned.value === 'open'
      expect(menuButton()).toHaveAttribute('aria-expanded', String(open))
      expect(menuButton()).toHaveAccessibleName(open ? 'Lukk menyen' : 'Åpne menyen')
      expect(menuButton()).toHaveAttribute('aria-controls', 'mobile-menu')
      if (open) expect(within(menuPanel()).getAllByRole('link')).toHaveLength(4)
      else expect(menuPanel()).not.toBeVisible()
    },
    stop: ({ unmount }) => unmount(),
  },
)
