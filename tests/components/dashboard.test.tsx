import { act, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type AnyMachineSnapshot, fromCallback, fromPromise } from 'xstate'
import { disclosureMachine } from '../../machines/disclosure.machine'
import { type PaymentOutcome, paymentReturnMachine, REFRESH_AFTER_PAYMENT_MS } from '../../machines/payment-return.machine'
import {
  activeOf,
  type ChannelEvent,
  EXPECTED_CHANGE_POLL_MS,
  EXPECTED_CHANGE_WINDOW_MS,
  planOf,
  type Subscription,
  subscriptionsMachine,
  type WatcherCommand,
} from '../../machines/subscriptions.machine'
import { type HealthAnswer, webhookHealthMachine } from '../../machines/webhook-health.machine'
import { invoicesMachine } from '../../machines/invoices.machine'
import { subscriptionLifecycleMachine } from '../../machines/subscription-lifecycle.machine'
import type { AuthSession } from '../../machines/auth.machine'
import { authSession } from '../../src/lib/auth/session'
import { ProtectedRoute } from '../../src/features/auth/protected-route'
import { notePortalVisit, PORTAL_RETURN_WINDOW_MS } from '../../src/features/dashboard/actors'
import { Dashboard } from '../../src/features/dashboard/dashboard'
import { Toaster } from '../../src/components/toaster/toaster'
import type { Lang } from '../../src/i18n/lang'
import { machineModels } from '../model/catalogue'
import { controllablePromise, settle } from '../model/fake-actors'
import { timerFakes } from '../model/paths'
import { testMachinePaths } from '../model/run'
import { pollEvent, rejoins, startsFetch, windowEvent } from '../machines/subscriptions.model'
import { renderInApp, standIn } from '../render'
import { fakeAuth, kari } from './fake-auth'

// The actors that call Supabase are stand-ins: each fetch and health check is a run the test
// settles, and the realtime channel is a watcher the test speaks for. The page's own watcher is the
// real one: the test makes the page visible, the network come back, the portal send the customer back.
const fakes = {
  changes: new Set<(event: ChannelEvent) => void>(),
  commands: [] as WatcherCommand[],
  watchedUser: [] as string[],
  logged: [] as unknown[],
  runs: {
    fetchSubscriptions: controllablePromise<Subscription[], { userId: string }>(),
    checkWebhook: controllablePromise<HealthAnswer>(),
  },
}
vi.mock('../../src/lib/auth/session-actors', () => import('./fake-auth'))
const standIns = [
  standIn(subscriptionsMachine, {
    actors: {
      fetchSubscriptions: fakes.runs.fetchSubscriptions.logic,
      watchSubscriptions: fromCallback<WatcherCommand, { userId: string }>(({ sendBack, receive, input }) => {
        fakes.watchedUser.push(input.userId)
        fakes.changes.add(sendBack)
        receive((command) => fakes.commands.push(command))
        return () => {
          fakes.changes.delete(sendBack)
        }
      }),
    },
    actions: {
      logFetchError: (_, { error }) => {
        fakes.logged.push(error)
      },
    },
  }),
  // The invoices are their own test's (invoices.test.tsx): here they never arrive.
  standIn(invoicesMachine, { actors: { fetchInvoices: fromPromise(() => new Promise<never>(() => {})) } } as never),
  standIn(webhookHealthMachine, { actors: { checkWebhook: fakes.runs.checkWebhook.logic } }),
  // Opening the portal and fixing a payment are the subscription-lifecycle test's; the lifecycle
  // follows the subscriptions actor's rows itself (its watcher is the real one).
  standIn(subscriptionLifecycleMachine, {
    actors: {
      openPortal: fromPromise<{ url?: string | null }>(() => new Promise(() => {})),
      fixPayment: fromPromise<{ url?: string | null }>(() => new Promise(() => {})),
    },
  }),
]

const fetches = () => fakes.runs.fetchSubscriptions.runs
const settleFake = async (event: { type: string; output?: unknown; error?: unknown }) => {
  const match = /^xstate\.(done|error)\.actor\.(fetchSubscriptions|checkWebhook)$/.exec(event.type)
  if (!match) return false
  const fake = fakes.runs[match[2] as keyof typeof fakes.runs]
  if (match[1] === 'done') fake.resolve(event.output as never)
  else fake.reject(event.error)
  await act(settle)
  return true
}

/** The words the dashboard uses, per language. */
const words = {
  nb: {
    greeting: (name: string) => `Hei, ${name}!`,
    refresh: 'Oppdater abonnement',
    refreshing: 'Oppdaterer …',
    noActive: 'Du har ingen aktive abonnementer og er på gratisplanen.',
    plan: 'Planen din',
    active: 'Aktive abonnementer',
    none: 'Ingen ennå. Oppgrader til Pro for ubegrensede meldinger og avansert AI-analyse.',
    renews: (d: Date) => `Fornyes ${d.getDate()}. desember ${d.getFullYear()}`,
    proBenefit: 'Ubegrensede meldinger',
    freeBenefit: '10 meldinger per måned',
    upgrade: 'Oppgrader til Pro',
    allPro: 'Du har alle Pro-fordelene.',
    notifications: 'Varsler',
    paid: ['Betaling fullført! 🎉', 'Abonnementet ditt er nå aktivt. Det kan ta noen minutter før tilgangen er aktivert.'],
    canceled: ['Betaling kansellert', 'Betalingen ble avbrutt. Du kan prøve igjen når som helst.'],
  },
  en: {
    greeting: (name: string) => `Hi, ${name}!`,
    refresh: 'Refresh subscription',
    refreshing: 'Refreshing…',
    noActive: 'You have no active subscriptions. You are on the Free plan.',
    plan: 'Your plan',
    active: 'Active subscriptions',
    none: 'None yet. Upgrade to Pro for unlimited messages and advanced AI analysis.',
    renews: (d: Date) => `Renews December ${d.getDate()}, ${d.getFullYear()}`,
    proBenefit: 'Unlimited messages',
    freeBenefit: '10 messages per month',
    upgrade: 'Upgrade to Pro',
    allPro: 'You have every Pro benefit.',
    notifications: 'Notifications',
    paid: ['Payment complete! 🎉', 'Your subscription is now active. Access may take a few minutes to activate.'],
    canceled: ['Payment canceled', 'The payment was canceled. You can try again at any time.'],
  },
} as const

/** Kari without a name on her account: the dashboard greets her by e-mail. */
const nameless: AuthSession = { access_token: 'jwt-kari', user: { id: 'u1', email: 'kari@example.no', user_metadata: {} } }

/** The dashboard as the app shows it: behind the gate, for a signed-in user, with the toaster. */
function mountDashboard(lang: Lang, path: string, session: AuthSession = kari, { portalVisit }: { portalVisit?: number } = {}) {
  fakeAuth.reset()
  authSession.reset()
  fakes.runs.fetchSubscriptions.runs.length = 0
  fakes.runs.checkWebhook.runs.length = 0
  fakes.changes.clear()
  fakes.commands.length = 0
  fakes.watchedUser.length = 0
  sessionStorage.clear()
  // Left for the payment provider's portal at this time.
  if (portalVisit !== undefined) notePortalVisit(portalVisit)
  fakes.logged.length = 0
  const entries = window.history.length
  const view = renderInApp(
    <>
      <ProtectedRoute>
        <Dashboard userId="u1" />
      </ProtectedRoute>
      <Toaster />
    </>,
    { lang, path, browserHistory: true, standIns },
  )
  fakeAuth.change('INITIAL_SESSION', session)
  // The subscriptions are fetched and watched for this user.
  expect(fetches().map((run) => run.input)).toEqual([{ userId: 'u1' }])
  expect(fakes.watchedUser).toEqual(['u1'])
  return { ...view, lang, words: words[lang], entries }
}
type Mounted = ReturnType<typeof mountDashboard>

const toasts = ({ words: w }: Mounted, role: 'status' | 'alert') =>
  within(within(screen.getByRole('region', { name: w.notifications })).getByRole(role))
    .queryAllByRole('listitem')
    .map((item) => item.textContent)

const refreshButton = ({ words: w }: Mounted, busy: boolean) => screen.getByRole('button', { name: busy ? w.refreshing : w.refresh })

/** What the user sees of the subscriptions in a planned `subscriptions` state. */
function verifySubscriptions(ctx: Mounted, planned: AnyMachineSnapshot) {
  const w = ctx.words
  const { subscriptions, failed } = planned.context as { subscriptions: Subscription[]; failed: boolean }
  const loading = planned.matches({ data: 'loading' })
  const dashboard = screen.getByRole('heading', { level: 1 }).closest('[aria-busy]')!
  expect(dashboard).toHaveAttribute('aria-busy', String(loading))
  expect(refreshButton(ctx, loading)).toHaveProperty('disabled', loading)

  const plan = planOf(subscriptions).id
  const planCard = within(screen.getByRole('region', { name: w.plan }))
  expect(planCard.getByTestId('plan-badge')).toHaveTextContent(plan === 'pro' ? 'Pro' : 'Free')
  expect(planCard.getByTestId('plan-badge')).toHaveAttribute('data-paid', String(plan === 'pro'))
  expect(planCard.queryByText(w.proBenefit) !== null).toBe(plan === 'pro')
  expect(planCard.queryByText(w.freeBenefit) !== null).toBe(plan === 'free')
  if (plan === 'pro') expect(planCard.getByText(w.allPro)).toBeInTheDocument()
  else expect(planCard.getByRole('link', { name: w.upgrade })).toHaveAttribute('href', ctx.lang === 'nb' ? '/checkout-pro' : '/en/checkout-pro')

  // An error clears the list; the banner shows whenever no active subscription is known.
  const active = activeOf(subscriptions)
  const list = within(screen.getByRole('region', { name: w.active }))
  expect(list.queryAllByRole('listitem').map((item) => item.textContent)).toEqual(
    active.map((s) => `${s.product_name === 'pro' ? 'Pro' : 'Free'}${w.renews(new Date(s.current_period_end!))}`),
  )
  expect(list.queryByText(w.none) !== null).toBe(active.length === 0)
  const banner = screen.queryByText(w.noActive)
  expect(banner !== null).toBe(!loading && active.length === 0)
  if (banner) expect(banner).toHaveAttribute('role', 'status')
  if (ctx.lang === 'nb') {
    expect(screen.getByText(failed ? 'Kunne ikke hente abonnementene (se nettleserkonsollen).' : 'Abonnementene er hentet.')).toBeInTheDocument()
  }
}

/** The stand-in channel says something to the dashboard. */
const fromChannel = (event: ChannelEvent) =>
  act(() => {
    for (const send of fakes.changes) send(event)
  })

/** The browser's part: the tab shown again, the network back, the page brought back from the
 * back-forward cache on the way back from the payment provider's portal. */
const fromBrowser: Record<string, () => void> = {
  'page.visible': () => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })),
  'network.online': () => window.dispatchEvent(new Event('online')),
  'change.expected': () => {
    notePortalVisit()
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }))
  },
}

describe('with a fake clock', () => {
  beforeEach(() => vi.useFakeTimers(timerFakes))
  afterEach(() => vi.useRealTimers())

  for (const [lang, session, name] of [
    ['nb', kari, 'Kari Nordmann'],
    ['en', nameless, 'kari@example.no'],
  ] as const) {
    testMachinePaths(`Dashboard subscriptions view (${lang}, greeted as ${name})`, subscriptionsMachine, machineModels.subscriptions.options, {
      start: () => ({
        ...mountDashboard(lang, lang === 'nb' ? '/app' : '/en/app', session),
        // The latest fetch's outcome (a poll with nothing new gets it again), and since when a change is expected.
        latest: undefined as { type: string; output?: unknown; error?: unknown } | undefined,
        expectedSince: 0,
      }),
      execute: async (ctx, event, from) => {
        const runs = fetches().length
        const commands = fakes.commands.length
        if (await settleFake(event)) {
          ctx.latest = event
          // A failed fetch is logged.
          expect(fakes.logged).toHaveLength(event.type.startsWith('xstate.error') ? 1 : 0)
          return
        }
        if (event.type === windowEvent) {
          // Two minutes with nothing new: each poll on the way brings the same rows again.
          while (Date.now() < ctx.expectedSince + EXPECTED_CHANGE_WINDOW_MS) {
            const step = Math.min(EXPECTED_CHANGE_POLL_MS, ctx.expectedSince + EXPECTED_CHANGE_WINDOW_MS - Date.now())
            const before = fetches().length
            act(() => vi.advanceTimersByTime(step))
            if (fetches().length > before) await settleFake(ctx.latest!)
          }
          return
        }
        if (event.type === pollEvent) act(() => vi.advanceTimersByTime(EXPECTED_CHANGE_POLL_MS))
        else if (event.type === 'user.refresh') fireEvent.click(refreshButton(ctx, false))
        else if (fromBrowser[event.type]) act(fromBrowser[event.type]!)
        else fromChannel(event as ChannelEvent)
        if (event.type === 'change.expected') ctx.expectedSince = Date.now()
        expect(fetches()).toHaveLength(runs + (startsFetch(from, event.type) ? 1 : 0))
        // With a fresh token, a lost channel is joined again.
        expect(fakes.commands).toHaveLength(commands + (rejoins(from, event.type) ? 1 : 0))
      },
      verify: (ctx, planned) => {
        expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(ctx.words.greeting(name))
        // The debug toggle is for the Norwegian team only.
        expect(screen.queryByRole('button', { name: /feilsøkingsinfo|debug/i }) !== null).toBe(lang === 'nb')
        verifySubscriptions(ctx, planned)
      },
      stop: ({ unmount }) => {
        unmount()
        // The realtime channel goes with the page.
        expect(fakes.changes.size).toBe(0)
      },
    })
  }

  for (const lang of ['nb', 'en'] as const) {
    it(`${lang}: back from the portal, the subscriptions are fetched every ${EXPECTED_CHANGE_POLL_MS / 1000} s for ${EXPECTED_CHANGE_WINDOW_MS / 60_000} minutes, and the change shows`, async () => {
      const ctx = mountDashboard(lang, lang === 'nb' ? '/app' : '/en/app', kari, { portalVisit: Date.now() - 30_000 })
      const pro = { id: 's1', user_id: 'u1', product_name: 'pro', status: 'active', current_period_end: '2026-12-22T00:00:00Z' }
      const answer = async (rows: Subscription[]) => {
        fakes.runs.fetchSubscriptions.resolve(rows)
        await act(settle)
      }
      await answer([pro])
      const polls: number[] = []
      const started = Date.now()
      while (Date.now() - started < EXPECTED_CHANGE_WINDOW_MS + 60_000) {
        const before = fetches().length
        act(() => vi.advanceTimersByTime(1000))
        if (fetches().length === before) continue
        polls.push(Date.now() - started)
        // The customer cancelled at the portal; its live update never came. The third poll shows it.
        await answer(polls.length >= 3 ? [{ ...pro, cancel_at_period_end: true }] : [pro])
      }
      // Every 10 s until the end of the two minutes (the poll due as the wait ends does not run).
      expect(polls).toEqual(Array.from({ length: 11 }, (_, i) => (i + 1) * EXPECTED_CHANGE_POLL_MS))
      expect(screen.getByTestId('subscription-status')).toHaveAttribute('data-state', 'ending')
      expect(refreshButton(ctx, false)).toBeEnabled()
    })
  }

  for (const lang of ['nb', 'en'] as const) {
    it(`${lang}: a renewal that fails, then locks, then is paid: the dashboard follows live; Pro kept while retried, never a checkout while owed`, async () => {
      const ctx = mountDashboard(lang, lang === 'nb' ? '/app' : '/en/app')
      const w = ctx.words
      const pro = { id: 's1', user_id: 'u1', product_name: 'pro', status: 'active', current_period_end: '2026-12-22T00:00:00Z' }
      const answer = async (rows: Subscription[]) => {
        fakes.runs.fetchSubscriptions.resolve(rows)
        await act(settle)
      }
      const changed = async (rows: Subscription[]) => {
        fromChannel({ type: 'subscriptions.changed' })
        await answer(rows)
      }
      const badge = () => within(screen.getByRole('region', { name: w.plan })).getByTestId('plan-badge')
      const upgrade = () => screen.queryByRole('link', { name: w.upgrade })
      await answer([pro])
      expect(screen.getByTestId('subscription-status')).toHaveAttribute('data-state', 'renewing')

      await changed([{ ...pro, status: 'past_due', next_payment_attempt: '2026-12-25T00:00:00Z' }])
      expect(badge()).toHaveTextContent('Pro')
      expect(screen.getByTestId('subscription-status')).toHaveAttribute('data-state', 'paymentFailed')
      expect(within(screen.getByTestId('subscription-status')).getByRole('alert')).toHaveTextContent(lang === 'nb' ? 'Du beholder Pro' : 'You keep Pro')
      expect(within(screen.getByRole('region', { name: w.active })).getByText(lang === 'nb' ? 'Betaling forfalt' : 'Payment overdue')).toBeInTheDocument()
      expect(upgrade()).toBeNull()

      await changed([{ ...pro, status: 'unpaid' }])
      expect(badge()).toHaveTextContent('Free')
      expect(screen.getByTestId('subscription-status')).toHaveAttribute('data-state', 'unpaid')
      expect(screen.getByText(lang === 'nb' ? 'Ingen: Pro er låst til betalingen er gjort.' : 'None: Pro is locked until the payment is made.')).toBeInTheDocument()
      expect(screen.queryByText(w.noActive)).toBeNull()
      expect(upgrade()).toBeNull()

      await changed([{ ...pro, status: 'active' }])
      expect(badge()).toHaveTextContent('Pro')
      expect(screen.getByTestId('subscription-status')).toHaveAttribute('data-state', 'renewing')
      await changed([{ ...pro, status: 'canceled' }])
      expect(screen.getByTestId('subscription-status')).toHaveAttribute('data-state', 'ended')
      expect(upgrade()).toBeInTheDocument()
    })
  }

  it('a return from the portal noted too long ago is no return: no polling', async () => {
    mountDashboard('en', '/en/app', nameless, { portalVisit: Date.now() - PORTAL_RETURN_WINDOW_MS })
    fakes.runs.fetchSubscriptions.resolve([])
    await act(settle)
    act(() => vi.advanceTimersByTime(EXPECTED_CHANGE_WINDOW_MS))
    expect(fetches()).toHaveLength(1)
  })

  const query: Record<PaymentOutcome, string> = { success: '?success=true', canceled: '?canceled=true', none: '' }
  for (const lang of ['nb', 'en'] as const) {
    const app = lang === 'nb' ? '/app' : '/en/app'
    testMachinePaths(`Dashboard payment return view (${lang})`, paymentReturnMachine, machineModels.paymentReturn.options, {
      start: async (plan) => {
        const ctx = mountDashboard(lang, `${app}${query[plan.initial.context.outcome as PaymentOutcome]}`)
        // The first fetch is done, so a later refresh is visible as a second one.
        fakes.runs.fetchSubscriptions.resolve([])
        await act(settle)
        return ctx
      },
      // user-event waits on timers, which are fake here: the clock is advanced directly.
      execute: (ctx) => {
        act(() => vi.advanceTimersByTime(REFRESH_AFTER_PAYMENT_MS - 1))
        expect(fetches()).toHaveLength(1)
        act(() => vi.advanceTimersByTime(1))
        expect(fetches()).toHaveLength(2)
        expect(refreshButton(ctx, true)).toBeDisabled()
      },
      verify: (ctx, planned) => {
        const outcome = planned.context.outcome as PaymentOutcome
        // Told how the payment went: success politely, a cancellation assertively.
        expect(toasts(ctx, 'status')).toEqual(outcome === 'success' ? [ctx.words.paid.join('')] : [])
        expect(toasts(ctx, 'alert')).toEqual(outcome === 'canceled' ? [ctx.words.canceled.join('')] : [])
        // The address loses its query, in place: reloading does not report the payment again.
        expect(`${window.location.pathname}${window.location.search}`).toBe(app)
        expect(window.history.length).toBe(ctx.entries)
        // The subscriptions are fetched again once, after the wait.
        const refreshed = outcome === 'success' && planned.matches('done')
        expect(fetches()).toHaveLength(refreshed ? 2 : 1)
      },
      stop: ({ unmount }) => unmount(),
    })
  }
})

const debugToggle = (shown: boolean) => screen.getByRole('button', { name: shown ? 'Skjul feilsøkingsinfo' : 'Vis feilsøkingsinfo' })

testMachinePaths('Dashboard debug disclosure view (nb)', disclosureMachine, machineModels.disclosure.options, {
  start: () => mountDashboard('nb', '/app'),
  execute: (_, __, from) => fireEvent.click(debugToggle(from.matches('shown'))),
  verify: (_, planned) => {
    const shown = planned.matches('shown')
    const toggle = debugToggle(shown)
    expect(toggle).toHaveAttribute('aria-expanded', String(shown))
    const section = document.getElementById(toggle.getAttribute('aria-controls')!)!
    if (shown) expect(section).toBeVisible()
    else expect(section).not.toBeVisible()
    // Shown, its content is reachable by role.
    expect(screen.queryByRole('region', { name: 'Betalingsintegrasjon' }) !== null).toBe(shown)
  },
  stop: ({ unmount }) => unmount(),
})

testMachinePaths('Dashboard webhook health view (nb)', webhookHealthMachine, machineModels.webhookHealth.options, {
  start: () => {
    const ctx = mountDashboard('nb', '/app')
    fireEvent.click(debugToggle(false))
    return ctx
  },
  execute: async (_, event) => {
    if (await settleFake(event)) return
    const runs = fakes.runs.checkWebhook.runs.length
    fireEvent.click(screen.getByRole('button', { name: 'Sjekk webhooken' }))
    expect(fakes.runs.checkWebhook.runs).toHaveLength(runs + 1)
  },
  verify: (_, planned) => {
    const { answer, unreachable } = planned.context as { answer: HealthAnswer | null; unreachable: string | null }
    const card = within(screen.getByRole('region', { name: 'Betalingsintegrasjon' }))
    const checking = planned.matches('checking')
    expect(card.getByRole('button', { name: checking ? 'Sjekker …' : 'Sjekk webhooken' })).toHaveProperty('disabled', checking)
    // The last answer stays while checking again.
    if (answer) expect(card.getByTestId('webhook-answer').textContent).toBe(`Status ${answer.status}\n${answer.text}`)
    else expect(card.queryByTestId('webhook-answer')).not.toBeInTheDocument()
    const problem = card.queryByRole('alert')
    if (unreachable) expect(problem).toHaveTextContent(`Webhooken er ikke tilgjengelig: ${unreachable}`)
    else expect(problem).not.toBeInTheDocument()
  },
  stop: ({ unmount }) => unmount(),
})
