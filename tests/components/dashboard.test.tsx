import { act, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, vi } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { disclosureMachine } from '../../machines/disclosure.machine'
import { type PaymentOutcome, paymentReturnMachine, REFRESH_AFTER_PAYMENT_MS } from '../../machines/payment-return.machine'
import { activeOf, planOf, type Subscription, subscriptionsMachine } from '../../machines/subscriptions.machine'
import { type HealthAnswer, webhookHealthMachine } from '../../machines/webhook-health.machine'
import type { AuthSession } from '../../machines/auth.machine'
import { authSession } from '../../src/lib/auth/session'
import { ProtectedRoute } from '../../src/features/auth/protected-route'
import { Dashboard } from '../../src/features/dashboard/dashboard'
import { Toaster } from '../../src/components/toaster/toaster'
import type { Lang } from '../../src/i18n/lang'
import { machineModels } from '../model/catalogue'
import type { controllablePromise } from '../model/fake-actors'
import { settle } from '../model/fake-actors'
import { timerFakes } from '../model/paths'
import { testMachinePaths } from '../model/run'
import { renderInApp } from '../render'
import { fakeAuth, kari } from './fake-auth'

// The real actors call Supabase; here each fetch and health check is a run the test settles,
// and the realtime channel is a listener the test fires.
const fakes = vi.hoisted(() => ({
  changes: new Set<(event: { type: 'subscriptions.changed' }) => void>(),
  watchedUser: [] as string[],
  logged: [] as unknown[],
  runs: {} as {
    fetchSubscriptions: ReturnType<typeof controllablePromise<Subscription[], { userId: string }>>
    checkWebhook: ReturnType<typeof controllablePromise<HealthAnswer>>
  },
}))
vi.mock('../../src/lib/auth/session-actors', () => import('./fake-auth'))
vi.mock('../../src/features/dashboard/actors', async () => {
  const { fromCallback, fromPromise } = await import('xstate')
  const { controllablePromise } = await import('../model/fake-actors')
  fakes.runs.fetchSubscriptions = controllablePromise<Subscription[], { userId: string }>()
  fakes.runs.checkWebhook = controllablePromise<HealthAnswer>()
  return {
    checkWebhook: fakes.runs.checkWebhook.logic,
    // Opening the portal is the manage-subscription test's.
    openPortal: () => fromPromise(() => new Promise<never>(() => {})),
    fetchSubscriptions: fakes.runs.fetchSubscriptions.logic,
    watchSubscriptions: fromCallback<{ type: 'subscriptions.changed' }, { userId: string }>(({ sendBack, input }) => {
      fakes.watchedUser.push(input.userId)
      fakes.changes.add(sendBack)
      return () => {
        fakes.changes.delete(sendBack)
      }
    }),
    logFetchError: (_: unknown, { error }: { error: unknown }) => {
      fakes.logged.push(error)
    },
  }
})

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
function mountDashboard(lang: Lang, path: string, session: AuthSession = kari) {
  fakeAuth.reset()
  authSession.reset()
  fakes.runs.fetchSubscriptions.runs.length = 0
  fakes.runs.checkWebhook.runs.length = 0
  fakes.changes.clear()
  fakes.watchedUser.length = 0
  fakes.logged.length = 0
  const entries = window.history.length
  const view = renderInApp(
    <>
      <ProtectedRoute>
        <Dashboard userId="u1" />
      </ProtectedRoute>
      <Toaster />
    </>,
    { lang, path, browserHistory: true },
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
  const loading = planned.matches('loading')
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

for (const [lang, session, name] of [
  ['nb', kari, 'Kari Nordmann'],
  ['en', nameless, 'kari@example.no'],
] as const) {
  testMachinePaths(`Dashboard subscriptions view (${lang}, greeted as ${name})`, subscriptionsMachine, machineModels.subscriptions.options, {
    start: () => mountDashboard(lang, lang === 'nb' ? '/app' : '/en/app', session),
    execute: async (ctx, event) => {
      const runs = fetches().length
      if (await settleFake(event)) {
        // A failed fetch is logged.
        expect(fakes.logged).toHaveLength(event.type.startsWith('xstate.error') ? 1 : 0)
        return
      }
      if (event.type === 'user.refresh') fireEvent.click(refreshButton(ctx, false))
      else if (event.type === 'subscriptions.changed')
        act(() => {
          for (const send of fakes.changes) send({ type: 'subscriptions.changed' })
        })
      else throw new Error(`no user action for ${event.type}`)
      // A refresh or a realtime change fetches again.
      expect(fetches()).toHaveLength(runs + 1)
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

describe('with a fake clock', () => {
  beforeEach(() => vi.useFakeTimers(timerFakes))
  afterEach(() => vi.useRealTimers())

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
