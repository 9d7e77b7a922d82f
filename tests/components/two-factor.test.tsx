import { act, fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { type SecondFactorContext, secondFactorMachine } from '../../machines/second-factor.machine'
import type { TwoFactorSettingsContext } from '../../machines/two-factor-settings.machine'
import { twoFactorSettingsMachine } from '../../machines/two-factor-settings.machine'
import { authSession } from '../../src/lib/auth/session'
import { SecondFactorStep } from '../../src/features/auth/two-factor/second-factor-step'
import { TwoFactorSection } from '../../src/features/auth/two-factor/two-factor-section'
import { machineModels } from '../model/catalogue'
import { applyOutcome, controllablePromise } from '../model/fake-actors'
import { testMachinePaths } from '../model/run'
import { renderInApp, standIn } from '../render'
import { formStandIns } from './form-stand-ins'

vi.mock('../../src/lib/auth/session-actors', () => import('./fake-auth'))

// The account page's two-factor section and sign-in's code step, walked along their machines' paths
// as a user clicks and types; the auth service's answers are promises the test settles.
const twoFactorActors = ['loadStatus', 'startEnrollment', 'confirmEnrollment', 'removeFactor'] as const

/** Stand-ins for the section's actors: each run waits for the test. */
function settingsStandIns() {
  const fakes = Object.fromEntries(twoFactorActors.map((name) => [name, controllablePromise<unknown, unknown>()]))
  const settle = async (event: { type: string; output?: unknown; error?: unknown }) => {
    let settled = false
    await act(async () => {
      settled = await applyOutcome(event, fakes)
    })
    return settled
  }
  return { standIn: standIn(twoFactorSettingsMachine, { actors: Object.fromEntries(twoFactorActors.map((name) => [name, fakes[name]!.logic])) } as never), settle }
}

const codeField = () => screen.getByLabelText('Six-digit code from the app')
const button = (name: string) => screen.getByRole('button', { name })
const problems = {
  format: 'Enter the six digits your app shows.',
  wrong: 'That code is not right. Enter the code your app shows now.',
  failed: "We couldn't check the code. Please try again.",
}

testMachinePaths('Two-factor section view (en)', twoFactorSettingsMachine, machineModels.twoFactorSettings.options, {
  start: () => {
    const stubs = settingsStandIns()
    return { ...renderInApp(<TwoFactorSection />, { lang: 'en', path: '/en/account', standIns: [stubs.standIn] }), stubs }
  },
  execute: async ({ stubs }, event, from: AnyMachineSnapshot) => {
    if (await stubs.settle(event as never)) return
    await act(async () => {
      if (event.type === 'enroll.click') fireEvent.click(button('Turn on two-step verification'))
      if (event.type === 'retry.click') fireEvent.click(button('Try again'))
      if (event.type === 'remove.click') fireEvent.click(button('Turn off two-step verification'))
      if (event.type === 'cancel.click') fireEvent.click(button('Cancel'))
      if (event.type === 'code.change') fireEvent.change(codeField(), { target: { value: (event as unknown as { value: string }).value } })
      if (event.type === 'form.submit') fireEvent.submit(codeField().closest('form')!)
    })
    expect(from).toBeTruthy()
  },
  verify: (_, planned) => {
    const state = planned.value as string
    const context = planned.context as TwoFactorSettingsContext
    if (state === 'loading') expect(screen.getByRole('status')).toHaveTextContent('Loading the setting…')
    if (state === 'unavailable') expect(screen.getByRole('alert')).toHaveTextContent("We couldn't load your two-step verification setting.")
    if (state === 'disabled') expect(button('Turn on two-step verification')).toBeEnabled()
    // Busy buttons keep the focus: they say they wait (aria-disabled), and the machine takes no press.
    if (state === 'starting') expect(button('Preparing…')).toHaveAttribute('aria-disabled', 'true')
    if (state === 'scanning' || state === 'confirming') {
      expect(screen.getByRole('img', { name: 'QR code for turning on two-step verification' })).toHaveAttribute('src', context.enrollment!.qrCode)
      // The secret in groups of four, as apps take it typed in.
      expect(screen.getByTestId('two-factor-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP')
    }
    if (state === 'scanning') expect(button('Confirm and turn on')).toBeEnabled()
    if (state === 'confirming') {
      expect(button('Checking…')).toHaveAttribute('aria-disabled', 'true')
      expect(codeField()).toHaveAttribute('readonly')
    }
    if (['enabled', 'confirmingRemoval', 'removing'].includes(state)) {
      const date = context.factor!.createdAt.startsWith('2026-11-20') ? 'November 20, 2026' : 'November 26, 2026'
      expect(screen.getByText(`On since ${date}, with an authenticator app.`)).toBeInTheDocument()
    }
    if (state === 'enabled') expect(button('Turn off two-step verification')).toBeEnabled()
    if (state === 'confirmingRemoval') expect(screen.getByText('Enter a code from the app to turn off two-step verification.')).toBeInTheDocument()
    if (state === 'removing') expect(button('Turning off…')).toHaveAttribute('aria-disabled', 'true')
    // The code field shows what was typed, and the problem with the last code.
    if (['scanning', 'confirming', 'confirmingRemoval'].includes(state)) {
      expect(codeField()).toHaveValue(context.code)
      if (context.problem) {
        expect(codeField()).toHaveAttribute('aria-invalid', 'true')
        expect(screen.getByText(problems[context.problem])).toBeInTheDocument()
      } else expect(codeField()).not.toHaveAttribute('aria-invalid')
    } else if (state !== 'removing' || !context.code) expect(screen.queryByLabelText('Six-digit code from the app')).not.toBeInTheDocument()
    // The way back in without the phone shows whatever the state, and says that signing in then
    // needs the password alone; the tip on changing phones, while it is off or on.
    expect(screen.getByRole('link', { name: 'support@vekstlinje.no' })).toHaveAttribute('href', 'mailto:support@vekstlinje.no')
    expect(screen.getByRole('region', { name: 'Two-step verification' })).toHaveTextContent('and you sign in with your password alone.')
    if (['disabled', 'enabled'].includes(state)) expect(screen.getByText(/^Tip: when you change phones/)).toBeInTheDocument()
  },
  stop: ({ unmount }) => unmount(),
})

// Sign-in's code step, in both languages: what was typed, the problem with the last code, busy.
const stepTexts = {
  en: {
    field: 'Six-digit code from the app',
    go: 'Continue',
    busy: 'Checking…',
    signOut: 'Sign out',
    format: 'Enter the six digits your app shows.',
    wrong: 'That code is not right. Enter the code your app shows now.',
    failed: 'Too many attempts in a short time. Wait a little and try again.',
  },
  nb: {
    field: 'Sekssifret kode fra appen',
    go: 'Fortsett',
    busy: 'Sjekker …',
    signOut: 'Logg ut',
    format: 'Skriv inn de seks sifrene appen viser.',
    wrong: 'Koden er ikke riktig. Skriv inn koden appen viser nå.',
    failed: 'For mange forsøk på kort tid. Vent litt og prøv igjen.',
  },
}
for (const lang of ['en', 'nb'] as const) {
  const words = stepTexts[lang]
  testMachinePaths(`Sign-in code step view (${lang})`, secondFactorMachine, machineModels.secondFactor.options, {
    start: () => {
      authSession.reset()
      const stubs = formStandIns(secondFactorMachine, ['verifyCode'])
      return { ...renderInApp(<SecondFactorStep />, { lang, path: lang === 'en' ? '/en/app' : '/app', standIns: [stubs.standIn] }), stubs }
    },
    execute: async ({ stubs }, event) => {
      if (await stubs.settle(event as never)) return
      await act(async () => {
        const field = screen.getByLabelText(words.field)
        if (event.type === 'field.change') fireEvent.change(field, { target: { value: (event as unknown as { value: string }).value } })
        if (event.type === 'field.blur') fireEvent.blur(field)
        if (event.type === 'form.submit') fireEvent.submit(field.closest('form')!)
        if (event.type === 'signOut.click') fireEvent.click(screen.getByRole('button', { name: words.signOut }))
      })
    },
    verify: (_, planned) => {
      const context = planned.context as SecondFactorContext
      if (planned.value === 'verified') return
      const field = screen.getByLabelText(words.field)
      expect(field).toHaveValue(context.values.code)
      expect(field).toHaveAttribute('autocomplete', 'one-time-code')
      const busy = planned.value === 'submitting'
      // Checking the code, the field is read-only and the buttons only say they wait: the focus stays.
      expect(screen.getByRole('button', { name: busy ? words.busy : words.go })).toHaveAttribute('aria-disabled', String(busy))
      expect(screen.getByRole('button', { name: words.signOut })).toHaveAttribute('aria-disabled', String(busy))
      expect(field).toHaveProperty('readOnly', busy)
      const problem = context.refused.code ?? (context.shown.includes('code') ? context.problems.code : undefined)
      if (problem) {
        expect(field).toHaveAttribute('aria-invalid', 'true')
        expect(screen.getByText(words[problem])).toBeInTheDocument()
      } else expect(field).not.toHaveAttribute('aria-invalid')
    },
    stop: ({ unmount }) => unmount(),
  })
}

describe('an account without a password (it signs in with Google)', () => {
  it.each(['en', 'nb'] as const)('%s: the section names Google, never a password', async (lang) => {
    const stubs = settingsStandIns()
    const view = renderInApp(<TwoFactorSection provider="Google" />, { lang, path: lang === 'en' ? '/en/account' : '/account', standIns: [stubs.standIn] })
    await stubs.settle({ type: 'xstate.done.actor.loadStatus', output: { factor: { id: 'f1', createdAt: '2026-11-20T10:00:00Z' }, level: 'aal2' } })
    const section = screen.getByRole('region', { name: lang === 'en' ? 'Two-step verification' : 'Totrinnsbekreftelse' })
    expect(section).toHaveTextContent(lang === 'en' ? 'each time you sign in with Google' : 'hver gang du logger inn med Google')
    expect(section).toHaveTextContent(lang === 'en' ? 'you sign in with Google alone.' : 'du logger inn med bare Google.')
    // (1Password is an app's name.)
    expect(section.textContent).not.toMatch(lang === 'en' ? /(?<!1)password/i : /passord/i)
    view.unmount()
  })
})
