// A plan is data: with a plan the catalogue does not have added to it (and nothing else), above its
// top plan, the site has its checkout route and sells it there, the dashboard offers it to customers
// on the plan below, and a refusal that names it is worded in the visitor's language. The added plan
// is one no real catalogue has ("hypothetical"), so that this proves the same whatever plans exist.
// (tests/backend/new-plan.test.ts: the server's side.)
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { fromCallback, fromPromise } from 'xstate'
import { type CheckoutRequest, checkoutMachine } from '../../machines/checkout.machine'
import { companyLookupMachine } from '../../machines/company-lookup.machine'
import { type Subscription, subscriptionsMachine, type WatcherCommand } from '../../machines/subscriptions.machine'
import { type HealthAnswer, webhookHealthMachine } from '../../machines/webhook-health.machine'
import { invoicesMachine } from '../../machines/invoices.machine'
import { ProtectedRoute } from '../../src/features/auth/protected-route'
import { Checkout } from '../../src/features/checkout/checkout'
import { Dashboard } from '../../src/features/dashboard/dashboard'
import { Toaster } from '../../src/components/toaster/toaster'
import { createI18nWith } from '../../src/i18n/i18n'
import { FunctionRefusal } from '../../src/lib/functions'
import { serverMessage } from '../../src/lib/server-message'
import { href, type RouteKey, routes } from '../../src/routes'
import { settle } from '../model/fake-actors'
import { catalogs, renderInApp, standIn, toasterLoaded } from '../render'
import { plans } from '../../supabase/functions/_shared/plans'
import { fakeAuth, kari } from './fake-auth'

vi.mock('../../supabase/functions/_shared/plan-catalogue.ts', async (importOriginal) => {
  const { plans } = await importOriginal<typeof import('../../supabase/functions/_shared/plan-catalogue.ts')>()
  const top = plans.reduce((a, b) => (b.rank > a.rank ? b : a))
  const added = { id: 'hypothetical', name: 'Hypothetical', rank: top.rank + 1, priceNok: 9999, stripePriceEnv: 'STRIPE_PRICE_HYPOTHETICAL', benefits: top.benefits }
  if (plans.some((plan) => plan.id === added.id)) throw new Error('the catalogue has a plan "hypothetical": this test adds one of that id')
  return { plans: [...plans, added] }
})

const fakes = { rows: [] as Subscription[], planNow: '', asked: [] as CheckoutRequest[], refusal: null as unknown }
vi.mock('../../src/lib/auth/session-actors', () => import('./fake-auth'))
// The real actors call Supabase; here the subscriptions are the test's rows and the checkout is refused.
const standIns = [
  standIn(subscriptionsMachine, {
    actors: {
      fetchSubscriptions: fromPromise<Subscription[], { userId: string }>(async () => fakes.rows),
      watchSubscriptions: fromCallback<WatcherCommand, { userId: string }>(() => {}),
    },
  }),
  // The invoices are their own test's (invoices.test.tsx): here they never arrive.
  standIn(invoicesMachine, { actors: { fetchInvoices: fromPromise(() => new Promise<never>(() => {})) } } as never),
  standIn(webhookHealthMachine, { actors: { checkWebhook: fromPromise<HealthAnswer>(() => new Promise(() => {})) } }),
  standIn(companyLookupMachine, { actors: { lookUp: fromPromise(() => new Promise<never>(() => {})) } } as never),
  standIn(checkoutMachine, {
    actors: {
      loadPlan: fromPromise<string>(async () => fakes.planNow),
      createCheckout: fromPromise<{ url?: string | null }, CheckoutRequest>(async ({ input }) => {
        fakes.asked.push(input)
        throw fakes.refusal
      }),
    },
  }),
]

const row = (product_name: string): Subscription =>
  ({ id: `s-${product_name}`, user_id: 'u1', product_name, status: 'active', current_period_end: '2026-12-22T00:00:00Z' }) as Subscription

const addedKey = 'checkout-hypothetical' as RouteKey
/** The catalogue's top plan before this test added one above it. */
const below = plans.filter((plan) => (plan.id as string) !== 'hypothetical').reduce((a, b) => (b.rank > a.rank ? b : a))

describe('a plan added to the catalogue, above its top one', () => {
  it('has its checkout page, in both languages, titled with its name', () => {
    expect(href(addedKey, 'nb')).toBe('/checkout-hypothetical')
    expect(href(addedKey, 'en')).toBe('/en/checkout-hypothetical')
    expect(routes[addedKey]).toMatchObject({ access: 'protected', view: 'checkout-page' })
    expect(createI18nWith('en', catalogs.en)._(routes[addedKey].title)).toBe('Upgrade to Hypothetical – Vekstlinje')
    expect(createI18nWith('nb', catalogs.nb)._(routes[addedKey].title)).toBe('Oppgrader til Hypothetical – Vekstlinje')
  })

  for (const [on, offer] of [
    [below, 'Upgrade to Hypothetical'],
    [plans.find((plan) => (plan.id as string) === 'hypothetical')!, null],
  ] as const) {
    it(`the dashboard of a customer on the ${on.name} plan offers ${offer ?? 'nothing more'}`, async () => {
      fakes.rows = [row(on.id)]
      renderInApp(
        <ProtectedRoute>
          <Dashboard userId="u1" />
        </ProtectedRoute>,
        { lang: 'en', path: '/en/app', standIns },
      )
      fakeAuth.change('INITIAL_SESSION', kari)
      await act(settle)
      const card = within(screen.getByRole('region', { name: 'Your plan' }))
      expect(card.getByTestId('plan-badge')).toHaveTextContent(on.name)
      if (offer) expect(card.getByRole('link', { name: offer })).toHaveAttribute('href', '/en/checkout-hypothetical')
      else expect(card.queryByRole('link', { name: /Upgrade/ })).toBeNull()
    })
  }

  it('its checkout page sells it, and a refusal naming it reads in the visitor’s language', async () => {
    fakes.asked.length = 0
    fakes.planNow = below.id
    fakes.refusal = new FunctionRefusal({ code: 'already_on_plan', plan: 'hypothetical', error: 'Already on Hypothetical' }, 'refused')
    renderInApp(
      <>
        <Checkout />
        <Toaster />
      </>,
      { lang: 'en', path: '/en/checkout-hypothetical', standIns },
    )
    await toasterLoaded()
    await act(settle)
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('The Hypothetical plan')
    expect(screen.getByTestId('price').textContent).toBe('9\u00a0999\u00a0NOK')
    fireEvent.change(screen.getByLabelText('Organization number'), { target: { value: '923456783' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }))
    await waitFor(() => expect(fakes.asked).toEqual([{ plan: 'hypothetical', buyer: { country: 'NO', orgNumber: '923456783' } }]))
    await act(settle)
    expect(screen.getByRole('region', { name: 'Notifications' })).toHaveTextContent('You already have Hypothetical, so there is nothing to pay.')
    expect(serverMessage(createI18nWith('nb', catalogs.nb), { code: 'already_on_plan', plan: 'hypothetical' })).toBe(
      'Du har allerede Hypothetical, så det er ingenting å betale.',
    )
  })
})
