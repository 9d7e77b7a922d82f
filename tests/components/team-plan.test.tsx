// A plan is data: with a "team" plan added to the catalogue (and nothing else), the site has its
// checkout route and sells it there, the dashboard offers it to Pro customers, and a refusal that
// names it is worded in the visitor's language. (tests/backend/team-plan.test.ts: the server's side.)
import { act, fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { fromCallback, fromPromise } from 'xstate'
import type { Subscription } from '../../machines/subscriptions.machine'
import { ProtectedRoute } from '../../src/features/auth/protected-route'
import { Checkout } from '../../src/features/checkout/checkout'
import { Dashboard } from '../../src/features/dashboard/dashboard'
import { Toaster } from '../../src/components/toaster/toaster'
import { createI18nWith } from '../../src/i18n/i18n'
import { FunctionRefusal } from '../../src/lib/functions'
import { serverMessage } from '../../src/lib/server-message'
import { href, type RouteKey, routes } from '../../src/routes'
import { settle } from '../model/fake-actors'
import { catalogs, renderInApp, toasterLoaded } from '../render'
import { fakeAuth, kari } from './fake-auth'

vi.mock('../../supabase/functions/_shared/plan-catalogue.ts', async (importOriginal) => {
  const { plans } = await importOriginal<typeof import('../../supabase/functions/_shared/plan-catalogue.ts')>()
  const team = { id: 'team', name: 'Team', rank: 2, priceNok: 4999, stripePriceEnv: 'STRIPE_PRICE_TEAM', benefits: ['unlimitedMessages'] }
  return { plans: [...plans, team] }
})

const fakes = vi.hoisted(() => ({ rows: [] as Subscription[], planNow: 'pro', asked: [] as { plan: string }[], refusal: null as unknown }))
vi.mock('../../src/lib/auth/session-actors', () => import('./fake-auth'))
vi.mock('../../src/features/dashboard/actors', async (importActual) => ({
  ...(await importActual<object>()),
  fetchSubscriptions: fromPromise(async () => fakes.rows),
  watchSubscriptions: fromCallback(() => {}),
  checkWebhook: fromPromise(() => new Promise<never>(() => {})),
}))
vi.mock('../../src/features/checkout/actors', async (importActual) => ({
  ...(await importActual<object>()),
  loadPlan: fromPromise(async () => fakes.planNow),
  createCheckout: () =>
    fromPromise<{ url?: string | null }, { plan: string }>(async ({ input }) => {
      fakes.asked.push(input)
      throw fakes.refusal
    }),
}))

const row = (product_name: string): Subscription =>
  ({ id: `s-${product_name}`, user_id: 'u1', product_name, status: 'active', current_period_end: '2026-12-22T00:00:00Z' }) as Subscription

const teamKey = 'checkout-team' as RouteKey

describe('a "team" plan added to the catalogue', () => {
  it('has its checkout page, in both languages, titled with its name', () => {
    expect(href(teamKey, 'nb')).toBe('/checkout-team')
    expect(href(teamKey, 'en')).toBe('/en/checkout-team')
    expect(routes[teamKey]).toMatchObject({ access: 'protected', view: 'checkout-page' })
    expect(createI18nWith('en', catalogs.en)._(routes[teamKey].title)).toBe('Upgrade to Team – Vekstlinje')
    expect(createI18nWith('nb', catalogs.nb)._(routes[teamKey].title)).toBe('Oppgrader til Team – Vekstlinje')
  })

  for (const [on, offer] of [
    ['pro', 'Upgrade to Team'],
    ['team', null],
  ] as const) {
    it(`the dashboard of a customer on ${on} offers ${offer ?? 'nothing more'}`, async () => {
      fakes.rows = [row(on)]
      renderInApp(
        <ProtectedRoute>
          <Dashboard userId="u1" />
        </ProtectedRoute>,
        { lang: 'en', path: '/en/app' },
      )
      fakeAuth.change('INITIAL_SESSION', kari)
      await act(settle)
      const card = within(screen.getByRole('region', { name: 'Your plan' }))
      expect(card.getByTestId('plan-badge')).toHaveTextContent(on === 'pro' ? 'Pro' : 'Team')
      if (offer) expect(card.getByRole('link', { name: offer })).toHaveAttribute('href', '/en/checkout-team')
      else expect(card.queryByRole('link', { name: /Upgrade/ })).toBeNull()
    })
  }

  it('its checkout page sells it, and a refusal naming it reads in the visitor’s language', async () => {
    fakes.asked.length = 0
    fakes.refusal = new FunctionRefusal({ code: 'already_on_plan', plan: 'team', error: 'Already on Team' }, 'refused')
    renderInApp(
      <>
        <Checkout />
        <Toaster />
      </>,
      { lang: 'en', path: '/en/checkout-team' },
    )
    await toasterLoaded()
    await act(settle)
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('The Team plan')
    expect(screen.getByTestId('price').textContent).toBe('4\u00a0999\u00a0NOK')
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }))
    await act(settle)
    expect(fakes.asked).toEqual([{ plan: 'team' }])
    expect(screen.getByRole('region', { name: 'Notifications' })).toHaveTextContent('You already have Team, so there is nothing to pay.')
    expect(serverMessage(createI18nWith('nb', catalogs.nb), { code: 'already_on_plan', plan: 'team' })).toBe(
      'Du har allerede Team, så du har ingenting å betale.',
    )
  })
})
