import { act, fireEvent, screen, within } from '@testing-library/react'
import { expect, vi } from 'vitest'
import { checkoutMachine, MISSING_URL } from '../../machines/checkout.machine'
import { Checkout } from '../../src/features/checkout/checkout'
import { checkoutLogic } from '../../src/features/checkout/logic'
import { Toaster } from '../../src/components/toaster/toaster'
import type { Lang } from '../../src/i18n/lang'
import { machineModels } from '../model/catalogue'
import { controllablePromise, settle } from '../model/fake-actors'
import { testMachinePaths } from '../model/run'
import { renderInApp, standIn } from '../render'

// The real actors call Supabase; here each run is a promise the test settles.
const fakes = { runs: { loadPlan: controllablePromise<string>(), createCheckout: controllablePromise<{ url?: string | null }, { plan: string }>() } }
const standIns = [standIn(checkoutMachine, { actors: { loadPlan: fakes.runs.loadPlan.logic, createCheckout: fakes.runs.createCheckout.logic } })]

const words = {
  nb: {
    // No-break spaces: a price never breaks across lines.
    price: '2\u00a0499\u00a0kr',
    pay: 'Fortsett til betaling',
    processing: 'Behandler …',
    alreadyPro: 'Du har allerede Pro, så det er ingenting å betale.',
    owed: 'Den siste betalingen for abonnementet ditt gikk ikke gjennom. Ordne den på dashbordet; du trenger ikke et abonnement til.',
    dashboard: 'Gå til dashbordet',
    error: 'Feil',
    notSignedIn: 'Økten din er avsluttet. Logg inn på nytt.',
    notifications: 'Varsler',
    app: '/app',
  },
  en: {
    price: '2\u00a0499\u00a0NOK',
    pay: 'Continue to payment',
    processing: 'Processing…',
    alreadyPro: 'You already have Pro, so there is nothing to pay.',
    owed: 'The last payment for your subscription did not go through. Fix it on the dashboard; you need no second subscription.',
    dashboard: 'Go to the dashboard',
    error: 'Error',
    notSignedIn: 'Your session has ended. Sign in again.',
    notifications: 'Notifications',
    app: '/en/app',
  },
} as const

/** Leaving for the payment page is `window.location.assign`: the test sees the call instead. */
function spyOnPageChanges() {
  const assign = vi.fn()
  const real = window.location
  const spy = vi
    .spyOn(window, 'location', 'get')
    .mockReturnValue(new Proxy({} as Location, { get: (_, key) => (key === 'assign' ? assign : Reflect.get(real, key)) }))
  return { assign, restore: () => spy.mockRestore() }
}

for (const lang of ['nb', 'en'] as const satisfies Lang[]) {
  const w = words[lang]
  testMachinePaths(`Checkout view (${lang})`, checkoutMachine, machineModels.checkout.options, {
    start: () => {
      fakes.runs.loadPlan.runs.length = 0
      fakes.runs.createCheckout.runs.length = 0
      const page = spyOnPageChanges()
      const view = renderInApp(
        <>
          <Checkout />
          <Toaster />
        </>,
        { lang, path: lang === 'nb' ? '/checkout-pro' : '/en/checkout-pro', standIns },
      )
      // The plan is looked up at once; the checkout is asked for in the page's language (its logic
      // for that language).
      expect(fakes.runs.loadPlan.runs).toHaveLength(1)
      expect(view.requested).toContain(checkoutLogic(lang))
      return { ...view, page, toasts: [] as string[] }
    },
    execute: async (ctx, event) => {
      const e = event as { type: string; output?: { url?: string | null } | string; error?: { message: string } }
      const match = /^xstate\.(done|error)\.actor\.(loadPlan|createCheckout)$/.exec(e.type)
      if (match) {
        const fake = fakes.runs[match[2] as 'loadPlan' | 'createCheckout']
        if (match[1] === 'done') fake.resolve(e.output as never)
        else fake.reject(e.error)
        await act(settle)
        // A failed checkout is told with its reason; a failed plan look-up is not (the server guards).
        if (match[2] === 'createCheckout') {
          const url = (e.output as { url?: string } | undefined)?.url
          // The function's known refusal, in the page's language.
          if (match[1] === 'error') ctx.toasts.push(`${w.error}${e.error!.message === 'Not signed in' ? w.notSignedIn : e.error!.message}`)
          else if (!url) ctx.toasts.push(`${w.error}${MISSING_URL}`)
        }
        return
      }
      if (e.type !== 'user.continue') throw new Error(`no user action for ${e.type}`)
      const runs = fakes.runs.createCheckout.runs.length
      fireEvent.click(screen.getByRole('button', { name: w.pay }))
      expect(fakes.runs.createCheckout.runs).toHaveLength(runs + 1)
    },
    verify: (ctx, planned) => {
      const state = planned.value as string
      const card = within(screen.getByRole('region', { name: lang === 'nb' ? 'Pro-planen' : 'The Pro plan' }))
      expect(card.getByTestId('price').textContent).toBe(w.price)
      const busy = ['checkingPlan', 'busy', 'redirecting'].includes(state)
      expect(screen.getByRole('region', { name: lang === 'nb' ? 'Pro-planen' : 'The Pro plan' })).toHaveAttribute('aria-busy', String(busy))

      if (state === 'alreadyOnPlan' || state === 'paymentOwed') {
        // Nothing to pay (or a payment owed, fixed on the dashboard): told so, with the way to the
        // dashboard, and no pay button.
        expect(card.getByRole('status')).toHaveTextContent(state === 'alreadyOnPlan' ? w.alreadyPro : w.owed)
        expect(card.getByRole('link', { name: w.dashboard })).toHaveAttribute('href', w.app)
        expect(card.queryByRole('button')).not.toBeInTheDocument()
      } else {
        expect(card.queryByRole('status')).not.toBeInTheDocument()
        const pay = card.getByRole('button', { name: state === 'idle' ? w.pay : w.processing })
        expect(pay).toHaveProperty('disabled', busy)
        expect(pay).toHaveAttribute('aria-disabled', String(busy))
      }

      // Off to the payment page exactly when the link came back.
      if (state === 'redirecting') expect(ctx.page.assign).toHaveBeenCalledExactlyOnceWith('http://localhost:54321/pay/cs_1')
      else expect(ctx.page.assign).not.toHaveBeenCalled()

      // Failures are announced assertively; nothing is announced politely.
      const region = within(screen.getByRole('region', { name: w.notifications }))
      const items = (role: 'status' | 'alert') => within(region.getByRole(role)).queryAllByRole('listitem').map((li) => li.textContent)
      expect(items('alert')).toEqual(ctx.toasts)
      expect(items('status')).toEqual([])
    },
    stop: ({ unmount, page }) => {
      unmount()
      page.restore()
    },
  })
}
