import { act, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { checkoutMachine, MISSING_URL } from '../../machines/checkout.machine'
import { companyLookupMachine, LOOKUP_PAUSE_MS } from '../../machines/company-lookup.machine'
import { Checkout } from '../../src/features/checkout/checkout'
import { checkoutLogic } from '../../src/features/checkout/logic'
import { Toaster } from '../../src/components/toaster/toaster'
import type { Lang } from '../../src/i18n/lang'
import { machineModels } from '../model/catalogue'
import { controllablePromise, settle } from '../model/fake-actors'
import { timerFakes } from '../model/paths'
import { testMachinePaths } from '../model/run'
import { renderInApp, standIn } from '../render'
import { formStandIns } from './form-stand-ins'

const words = {
  nb: {
    // No-break spaces: a price never breaks across lines.
    price: '2\u00a0499\u00a0kr',
    withVat: '3\u00a0123,75\u00a0kr inkl. 25 % mva',
    pay: 'Fortsett til betaling',
    processing: 'Behandler …',
    orgNumber: 'Organisasjonsnummer',
    country: 'Land',
    vatNumber: 'Mva-nummer',
    alreadyPro: 'Du har allerede Pro, så det er ingenting å betale.',
    owed: 'Den siste betalingen for abonnementet ditt gikk ikke gjennom. Ordne den på dashbordet; du trenger ikke et abonnement til.',
    dashboard: 'Gå til dashbordet',
    error: 'Feil',
    notSignedIn: 'Økten din er avsluttet. Logg inn på nytt.',
    notifications: 'Varsler',
    required: 'Dette feltet må fylles ut.',
    invalid: 'Skriv de ni sifrene i et norsk organisasjonsnummer.',
    unknown: 'Ingen virksomhet har dette organisasjonsnummeret i Brønnøysundregistrene. Sjekk nummeret: ingenting er trukket.',
    region: 'Pro-planen',
    tryAgain: 'Kunne ikke starte kjøp. Prøv igjen.',
    app: '/app',
  },
  en: {
    price: '2\u00a0499\u00a0NOK',
    withVat: '3\u00a0123.75\u00a0NOK incl. 25 % VAT',
    pay: 'Continue to payment',
    processing: 'Processing…',
    orgNumber: 'Organization number',
    country: 'Country',
    vatNumber: 'VAT number',
    alreadyPro: 'You already have Pro, so there is nothing to pay.',
    owed: 'The last payment for your subscription did not go through. Fix it on the dashboard; you need no second subscription.',
    dashboard: 'Go to the dashboard',
    error: 'Error',
    notSignedIn: 'Your session has ended. Sign in again.',
    notifications: 'Notifications',
    required: 'This field is required.',
    invalid: 'Enter the nine digits of a Norwegian organization number.',
    unknown: 'No company has this organization number in Brønnøysundregistrene. Check it: nothing was charged.',
    region: 'The Pro plan',
    tryAgain: 'Could not start purchase. Please try again.',
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

/** The lookup's runs: a promise the test settles (the real one calls company-lookup). */
const lookUp = controllablePromise<unknown, { orgNumber: string }>()
const lookupStandIn = standIn(companyLookupMachine, { actors: { lookUp: lookUp.logic } } as never)

function renderCheckout(lang: Lang, stubs: ReturnType<typeof formStandIns>) {
  const page = spyOnPageChanges()
  const view = renderInApp(
    <>
      <Checkout />
      <Toaster />
    </>,
    { lang, path: lang === 'nb' ? '/checkout-pro' : '/en/checkout-pro', standIns: [stubs.standIn, lookupStandIn] },
  )
  return { ...view, page }
}

for (const lang of ['nb', 'en'] as const satisfies Lang[]) {
  const w = words[lang]
  testMachinePaths(`Checkout view (${lang})`, checkoutMachine, machineModels.checkout.options, {
    start: () => {
      const stubs = formStandIns(checkoutMachine, ['loadPlan', 'createCheckout'], { goToPayment: (_: unknown, { url }: { url: string }) => window.location.assign(url) })
      const view = renderCheckout(lang, stubs)
      // The plan is looked up at once; the checkout is asked for in the page's language.
      expect(stubs.runs('loadPlan')).toHaveLength(1)
      expect(view.requested).toContain(checkoutLogic(lang))
      return { ...view, stubs, toasts: [] as string[] }
    },
    execute: async (ctx, event) => {
      const e = event as { type: string; field?: string; value?: string; output?: { url?: string | null }; error?: { message: string; code?: string } }
      if (await ctx.stubs.settle(e)) {
        await act(settle)
        if (e.type === 'xstate.error.actor.createCheckout' && e.error!.code !== 'unknown_org_number') ctx.toasts.push(`${w.error}${w.notSignedIn}`)
        if (e.type === 'xstate.done.actor.createCheckout' && !e.output?.url) ctx.toasts.push(`${w.error}${MISSING_URL}`)
        // The schema could not load (no connection): nothing was sent, and the page says so.
        if (e.type === 'xstate.error.actor.loadSchema') ctx.toasts.push(`${w.error}${w.tryAgain}`)
        return
      }
      if (e.type === 'schema.loaded') return ctx.stubs.schemaArrives()
      if (e.type === 'form.submit') return fireEvent.click(screen.getByRole('button', { name: new RegExp(`^(${w.pay}|${w.processing})$`) }))
      const label = e.field === 'country' ? w.country : w.orgNumber
      if (e.type === 'field.change') fireEvent.change(screen.getByLabelText(label), { target: { value: e.value } })
      else if (e.type === 'field.blur') fireEvent.blur(screen.getByLabelText(label))
      else throw new Error(`no user action for ${e.type}`)
    },
    verify: (ctx, planned) => {
      const state = planned.value as string
      const region = screen.getByRole('region', { name: w.region })
      const card = within(region)
      // The price without VAT, and with it beside.
      expect(card.getByTestId('price').textContent).toBe(w.price)
      expect(card.getByTestId('price-with-vat').textContent).toBe(w.withVat)
      const busy = ['checkingPlan', 'validating', 'submitting', 'redirecting'].includes(state)
      if (state === 'alreadyOnPlan' || state === 'paymentOwed') {
        expect(card.getByText(state === 'alreadyOnPlan' ? w.alreadyPro : w.owed)).toBeInTheDocument()
        expect(card.getByRole('link', { name: w.dashboard })).toHaveAttribute('href', w.app)
        expect(card.queryByRole('button')).not.toBeInTheDocument()
      } else {
        const context = planned.context as { values: Record<string, string>; shown: string[]; problems: Record<string, string>; refused: Record<string, string> }
        const pay = card.getByRole('button', { name: busy ? w.processing : w.pay })
        expect(pay).toHaveAttribute('aria-disabled', String(busy))
        expect(card.getByLabelText(w.country)).toHaveValue(context.values.country)
        if (context.values.country === 'NO') {
          const field = card.getByLabelText(w.orgNumber)
          expect(field).toHaveValue(context.values.orgNumber)
          const problem = context.refused.orgNumber ?? (context.shown.includes('orgNumber') ? context.problems.orgNumber : undefined)
          const sentence = { required: w.required, invalid: w.invalid, unknownOrgNumber: w.unknown }[problem ?? '']
          if (sentence) expect(field).toHaveAccessibleDescription(sentence)
          else expect(field).not.toHaveAttribute('aria-invalid')
        } else {
          // An EU company: its VAT number (and name and address) instead of an organization number.
          expect(card.queryByLabelText(w.orgNumber)).toBeNull()
          expect(card.getByLabelText(w.vatNumber)).toBeInTheDocument()
        }
      }
      if (state === 'redirecting') expect(ctx.page.assign).toHaveBeenCalledExactlyOnceWith('http://localhost:54321/pay/cs_1')
      else expect(ctx.page.assign).not.toHaveBeenCalled()
      const notices = within(screen.getByRole('region', { name: w.notifications }))
      expect(within(notices.getByRole('alert')).queryAllByRole('listitem').map((li) => li.textContent)).toEqual(ctx.toasts)
    },
    stop: ({ unmount, page }) => {
      unmount()
      page.restore()
    },
  })
}

describe('Checkout view: the organization number is looked up as it is typed', () => {
  afterEach(() => vi.useRealTimers())

  it.each([
    ['nb', 'FJORDLYS RÅDGIVNING ASStorgata 120155 OSLORegistrert i Merverdiavgiftsregisteret.', 'Ingen virksomhet har dette organisasjonsnummeret i Brønnøysundregistrene.'],
    ['en', 'FJORDLYS RÅDGIVNING ASStorgata 120155 OSLOIn the VAT register.', 'No company has this organization number in Brønnøysundregistrene.'],
  ] as const)('%s: the company and its address show; an unknown number is told', async (lang, company, unknown) => {
    vi.useFakeTimers(timerFakes)
    const stubs = formStandIns(checkoutMachine, ['loadPlan', 'createCheckout'])
    const view = renderCheckout(lang, stubs)
    await stubs.settle({ type: 'xstate.done.actor.loadPlan', output: 'free' })
    const field = screen.getByLabelText(words[lang].orgNumber)
    const asked = lookUp.runs.length
    fireEvent.change(field, { target: { value: '923 456 78' } })
    fireEvent.change(field, { target: { value: '923 456 783' } })
    act(() => vi.advanceTimersByTime(LOOKUP_PAUSE_MS))
    expect(lookUp.runs.slice(asked).map((run) => run.input)).toEqual([{ orgNumber: '923456783' }])
    await act(async () => {
      lookUp.resolve({ orgNumber: '923456783', name: 'FJORDLYS RÅDGIVNING AS', address: { line1: 'Storgata 12', postalCode: '0155', city: 'OSLO', country: 'NO' }, vatRegistered: true })
      await Promise.resolve()
    })
    expect(screen.getByTestId('company').textContent).toBe(company)
    fireEvent.change(field, { target: { value: '913579135' } })
    act(() => vi.advanceTimersByTime(LOOKUP_PAUSE_MS))
    await act(async () => {
      lookUp.reject({ code: 'unknown_org_number', message: 'No such organization number' })
      await Promise.resolve()
    })
    expect(screen.queryByTestId('company')).toBeNull()
    expect(screen.getByText(unknown)).toBeInTheDocument()
    view.unmount()
    view.page.restore()
  })
})
