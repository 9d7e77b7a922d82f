import { act, screen, within } from '@testing-library/react'
import { expect, vi } from 'vitest'
import type { AnyActorRef } from 'xstate'
import { type Standing, type SubscriptionLifecycleEvent, subscriptionLifecycleMachine } from '../../machines/subscription-lifecycle.machine'
import type { Subscription } from '../../machines/subscriptions.machine'
import { planById } from '../../supabase/functions/_shared/plans'
import { Toaster } from '../../src/components/toaster/toaster'
import { PORTAL_VISIT_KEY } from '../../src/features/dashboard/actors'
import { subscriptionLifecycleLogic } from '../../src/features/dashboard/logic'
import { SubscriptionLifecycle } from '../../src/features/dashboard/subscription-lifecycle'
import type { Lang } from '../../src/i18n/lang'
import { machineModels } from '../model/catalogue'
import { controllableCallback, controllablePromise, settle } from '../model/fake-actors'
import { testMachinePaths } from '../model/run'
import { renderInApp, standIn, toasterLoaded } from '../render'

// The two links come from functions: each request is a run the test settles, and the browser's
// leaving for the provider's page is recorded. The rows' standing reaches the view through the
// lifecycle's watcher, which the test speaks for.
const fakes = {
  left: [] as string[],
  openPortal: controllablePromise<{ url?: string | null }>(),
  fixPayment: controllablePromise<{ url?: string | null }>(),
  follow: controllableCallback<SubscriptionLifecycleEvent>(),
}
const standIns = [
  standIn(subscriptionLifecycleMachine, {
    actors: { openPortal: fakes.openPortal.logic, fixPayment: fakes.fixPayment.logic, followStanding: fakes.follow.logic as never },
  }),
]

const words = {
  nb: {
    renewing: 'Fornyes 22. desember 2026',
    ending: 'Pro til 22. desember 2026',
    paymentFailed: 'Betalingen for fornyelsen gikk ikke gjennom. Du beholder Pro mens vi prøver kortet igjen 25. desember 2026.',
    actionRequired: 'Banken din ber deg bekrefte betalingen for Pro.',
    unpaid: 'Pro er låst: Betalingen for abonnementet ditt gikk ikke gjennom. Dataene dine blir liggende, og du kan laste dem ned fra kontosiden.',
    ended: 'Pro-abonnementet ditt ble avsluttet 22. desember 2026.',
    manage: 'Administrer abonnementet',
    resume: 'Gjenoppta abonnementet',
    fix: 'Ordne betalingen',
    confirm: 'Bekreft betalingen',
    opening: 'Åpner …',
    upgrade: 'Oppgrader til Pro',
    failed: 'Kunne ikke åpne abonnementsinnstillingene',
    nothingOwed: 'Det er ingen betaling å ordne: Abonnementet ditt er betalt.',
  },
  en: {
    renewing: 'Renews December 22, 2026',
    ending: 'Pro until December 22, 2026',
    paymentFailed: 'The payment for your renewal did not go through. You keep Pro while we try the card again on December 25, 2026.',
    actionRequired: 'Your bank asks you to confirm the payment for Pro.',
    unpaid: 'Pro is locked: the payment for your subscription did not go through. Your data stays, and you can download it from your account page.',
    ended: 'Your Pro subscription ended on December 22, 2026.',
    manage: 'Manage subscription',
    resume: 'Resume subscription',
    fix: 'Fix payment',
    confirm: 'Confirm payment',
    opening: 'Opening…',
    upgrade: 'Upgrade to Pro',
    failed: 'Could not open the subscription settings',
    nothingOwed: 'There is no payment to fix: your subscription is paid.',
  },
}
const format = { nb: new Intl.DateTimeFormat('nb-NO', { dateStyle: 'long' }), en: new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }) }

/** The row the dates come from (the standing itself is the machine's). */
const row: Subscription = {
  id: 's1',
  user_id: 'u1',
  product_name: 'pro',
  status: 'past_due',
  current_period_end: '2026-12-22T12:00:00Z',
  next_payment_attempt: '2026-12-25T12:00:00Z',
}

const buttonFor = (w: (typeof words)['nb'], standing: Standing) =>
  ({ renewing: w.manage, ending: w.resume, paymentFailed: w.fix, actionRequired: w.confirm, unpaid: w.fix, free: null, ended: null })[standing]

for (const lang of ['nb', 'en'] as Lang[]) {
  const w = words[lang]
  testMachinePaths(`Subscription lifecycle view (${lang})`, subscriptionLifecycleMachine, machineModels.subscriptionLifecycle.options, {
    start: async () => {
      fakes.openPortal.runs.length = 0
      fakes.fixPayment.runs.length = 0
      fakes.left.length = 0
      sessionStorage.clear()
      // The browser's leaving for the provider's page (location.assign), recorded instead.
      const real = window.location
      const assign = (url: string | URL) => fakes.left.push(String(url))
      vi.spyOn(window, 'location', 'get').mockReturnValue(new Proxy({} as Location, { get: (_, key) => (key === 'assign' ? assign : Reflect.get(real, key)) }))
      const view = renderInApp(
        <>
          <SubscriptionLifecycle
            subscription={row}
            standing="free"
            subscriptions={{} as AnyActorRef}
            planName="Pro"
            next={planById('pro')}
            formatDate={(iso) => format[lang].format(new Date(iso))}
          />
          <Toaster />
        </>,
        { lang, standIns },
      )
      await toasterLoaded()
      // The links are asked for in the page's language.
      expect(view.requested).toContain(subscriptionLifecycleLogic(lang))
      return view
    },
    execute: async (_, event, from) => {
      const e = event as { type: string; standing?: Standing; output?: { url?: string }; error?: unknown }
      const button = screen.queryByTestId('subscription-status') && within(screen.getByTestId('subscription-status')).queryByRole('button')
      if (e.type === 'standing.changed') {
        const focused = button !== null && document.activeElement === button
        act(() => fakes.follow.emit(event as SubscriptionLifecycleEvent))
        // The one button stays the focused element when the standing changes under it.
        const after = screen.queryByTestId('subscription-status') && within(screen.getByTestId('subscription-status')).queryByRole('button')
        if (focused && after) expect(document.activeElement).toBe(after)
      } else if (e.type === 'portal.open' || e.type === 'payment.fix') {
        act(() => {
          button!.focus()
          button!.click()
        })
        expect(document.activeElement).toBe(button)
      } else {
        const fake = e.type.endsWith('openPortal') ? fakes.openPortal : fakes.fixPayment
        if (e.type.startsWith('xstate.done')) fake.resolve(e.output!)
        else fake.reject(e.error)
        await act(settle)
        if (e.output?.url) {
          expect(fakes.left.at(-1)).toBe(e.output.url)
          // Noted, so that the dashboard expects a change when the customer comes back.
          expect(Number(sessionStorage.getItem(PORTAL_VISIT_KEY))).toBeGreaterThan(0)
        } else expect(sessionStorage.getItem(PORTAL_VISIT_KEY)).toBeNull()
      }
      void from
    },
    verify: (_, planned) => {
      const standing = planned.context.standing as Standing
      const busy = planned.hasTag('busy')
      const panel = screen.queryByTestId('subscription-status')
      if (standing === 'free') expect(panel).toBeNull()
      else {
        expect(panel).toHaveAttribute('data-state', standing)
        expect(panel!.querySelector('p')).toHaveTextContent(w[standing])
        // What is owed is said as an alert.
        const owed = ['paymentFailed', 'actionRequired', 'unpaid'].includes(standing)
        expect(within(panel!).queryByRole('alert') !== null).toBe(owed)
        const label = buttonFor(w, standing)
        const button = within(panel!).queryByRole('button')
        if (label === null) expect(button).toBeNull()
        else {
          expect(button).toHaveAccessibleName(busy ? w.opening : label)
          expect(button).toHaveAttribute('aria-disabled', String(busy))
        }
      }
      // A checkout (of the plan above, when there is one) is offered unless a payment is owed.
      expect(screen.queryByRole('link', { name: w.upgrade }) !== null).toBe(!busy && !['paymentFailed', 'actionRequired', 'unpaid'].includes(standing))
      // A failure says so, in the visitor's language.
      const alerts = screen.getByRole('region', { name: lang === 'nb' ? 'Varsler' : 'Notifications' })
      if (planned.context.error) expect(within(alerts).getByText(w.failed)).toBeInTheDocument()
      if (planned.context.error === 'No payment to fix') expect(within(alerts).getByText(w.nothingOwed)).toBeInTheDocument()
    },
    stop: ({ unmount }) => {
      unmount()
      vi.restoreAllMocks()
    },
  })
}
