import { act, screen, within } from '@testing-library/react'
import { expect, vi } from 'vitest'
import { subscriptionManagementMachine } from '../../machines/subscription-management.machine'
import type { Subscription } from '../../machines/subscriptions.machine'
import { Toaster } from '../../src/components/toaster/toaster'
import { PORTAL_VISIT_KEY } from '../../src/features/dashboard/actors'
import { subscriptionManagementLogic } from '../../src/features/dashboard/logic'
import { ManageSubscription } from '../../src/features/dashboard/manage-subscription'
import type { Lang } from '../../src/i18n/lang'
import { machineModels } from '../model/catalogue'
import { controllablePromise, settle } from '../model/fake-actors'
import { testMachinePaths } from '../model/run'
import { renderInApp, standIn, toasterLoaded } from '../render'

// The portal link comes from a function: here each request is a run the test settles, and the
// browser's leaving for the portal is recorded.
const fakes = { left: [] as string[], openPortal: controllablePromise<{ url?: string | null }>() }
const standIns = [standIn(subscriptionManagementMachine, { actors: { openPortal: fakes.openPortal.logic } })]

const words = {
  nb: { manage: 'Administrer abonnementet', resume: 'Gjenoppta abonnementet', opening: 'Åpner …', renews: 'Fornyes 22. desember 2026', until: 'Pro til 22. desember 2026', failed: 'Kunne ikke åpne abonnementsinnstillingene' },
  en: { manage: 'Manage subscription', resume: 'Resume subscription', opening: 'Opening…', renews: 'Renews December 22, 2026', until: 'Pro until December 22, 2026', failed: 'Could not open the subscription settings' },
}
const format = { nb: new Intl.DateTimeFormat('nb-NO', { dateStyle: 'long' }), en: new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }) }

for (const lang of ['nb', 'en'] as Lang[]) {
  const w = words[lang]
  testMachinePaths(`Manage subscription view (${lang})`, subscriptionManagementMachine, machineModels.subscriptionManagement.options, {
    start: async (plan) => {
      const subscription: Subscription = {
        id: 's1',
        user_id: 'u1',
        product_name: 'pro',
        status: 'active',
        current_period_end: '2026-12-22T12:00:00Z',
        cancel_at_period_end: plan.initial.context.endsAtPeriodEnd,
      }
      fakes.openPortal.runs.length = 0
      sessionStorage.clear()
      // The browser's leaving for the portal (location.assign), recorded instead.
      const real = window.location
      const assign = (url: string | URL) => fakes.left.push(String(url))
      vi.spyOn(window, 'location', 'get').mockReturnValue(
        new Proxy({} as Location, { get: (_, key) => (key === 'assign' ? assign : Reflect.get(real, key)) }),
      )
      const view = renderInApp(
        <>
          <ManageSubscription subscription={subscription} planName="Pro" formatDate={(iso) => format[lang].format(new Date(iso))} />
          <Toaster />
        </>,
        { lang, standIns },
      )
      await toasterLoaded()
      // The portal is asked for in the page's language.
      expect(view.requested).toContain(subscriptionManagementLogic(lang))
      return view
    },
    execute: async (_, event) => {
      const e = event as { type: string; output?: { url?: string }; error?: unknown }
      if (e.type === 'portal.open') {
        act(() => within(screen.getByTestId('subscription-status')).getByRole('button').click())
      } else if (e.type === 'xstate.done.actor.openPortal') {
        fakes.openPortal.resolve(e.output!)
        await act(settle)
        if (e.output?.url) {
          expect(fakes.left.at(-1)).toBe(e.output.url)
          // Noted, so that the dashboard expects a change when the customer comes back.
          expect(Number(sessionStorage.getItem(PORTAL_VISIT_KEY))).toBeGreaterThan(0)
        }
      } else if (e.type === 'xstate.error.actor.openPortal') {
        fakes.openPortal.reject(e.error)
        await act(settle)
        expect(sessionStorage.getItem(PORTAL_VISIT_KEY)).toBeNull()
      } else throw new Error(`no user action for ${e.type}`)
    },
    verify: (_, planned) => {
      const state = planned.value as string
      const ending = planned.context.endsAtPeriodEnd as boolean
      expect(screen.getByTestId('subscription-status')).toHaveTextContent(ending ? w.until : w.renews)
      const busy = state === 'opening' || state === 'redirecting'
      const button = within(screen.getByTestId('subscription-status')).getByRole('button', { name: busy ? w.opening : ending ? w.resume : w.manage })
      expect(button).toHaveProperty('disabled', busy)
      // A failure says so, in the visitor's language, and the button works again.
      const alert = screen.getByRole('alert')
      if (planned.context.error) expect(within(alert).getByText(w.failed)).toBeInTheDocument()
    },
    stop: ({ unmount }) => {
      unmount()
      vi.restoreAllMocks()
    },
  })
}
