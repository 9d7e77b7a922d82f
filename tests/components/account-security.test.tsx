import { act, fireEvent, screen } from '@testing-library/react'
import { expect, test, vi } from 'vitest'
import { type EmailChangeContext, emailChangeMachine } from '../../machines/email-change.machine'
import { otherSessionsMachine } from '../../machines/other-sessions.machine'
import { Toaster } from '../../src/components/toaster/toaster'
import { EmailChange } from '../../src/features/auth/account-settings/email-change'
import { EMAIL_CHANGE_BOT_CHECK_ID } from '../../src/features/auth/account-settings/logic'
import { OtherSessions } from '../../src/features/auth/account-settings/other-sessions'
import { machineModels } from '../model/catalogue'
import { settle } from '../model/fake-actors'
import { testMachinePaths } from '../model/run'
import { renderInApp, toasterLoaded } from '../render'

// The account page's address change and devices, walked along their machines' paths through the
// rendered views. The real actors call Supabase; here each run is a promise the test settles.
const pending = vi.hoisted(() => ({ runs: {} as Record<string, Array<{ input: unknown; resolve: (v?: unknown) => void; reject: (e: unknown) => void }>> }))
vi.mock('../../src/features/auth/account-settings/security-actors', async () => {
  const { fromPromise } = await import('xstate')
  const make = (name: string) =>
    fromPromise(
      ({ input }) =>
        new Promise((resolve, reject) => {
          pending.runs[name] ??= []
          pending.runs[name].push({ input, resolve, reject })
        }),
    )
  return { requestEmailChange: make('requestEmailChange'), signOutOthers: make('signOutOthers') }
})

// The bot check's widget, as the view's machine meets it: its reports come from here.
const widget = vi.hoisted(() => ({ sendBack: undefined as ((event: { type: string; token?: string }) => void) | undefined }))
vi.mock('../../src/lib/bot-check', async (importOriginal) => {
  const { fromCallback } = await import('xstate')
  return {
    ...(await importOriginal<object>()),
    watchBotCheck: () =>
      fromCallback(({ sendBack }) => {
        widget.sendBack = sendBack
        return () => {
          widget.sendBack = undefined
        }
      }),
  }
})

async function settleFake(event: { type: string; output?: unknown; error?: unknown }) {
  const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type)
  if (!match) return false
  const run = pending.runs[match[2]!]?.at(-1)
  if (!run) throw new Error(`${match[2]} was never started`)
  if (match[1] === 'done') run.resolve(event.output)
  else run.reject(event.error)
  await settle()
  return true
}

// A token whose amr claim says the session signed in at 2026-11-20 09:30 UTC.
const token = `x.${btoa(JSON.stringify({ amr: [{ method: 'password', timestamp: Date.UTC(2026, 10, 20, 9, 30) / 1000 }] })).replace(/=+$/, '')}.y`

testMachinePaths('Address change view (nb)', emailChangeMachine, machineModels.emailChange.options, {
  start: async () => {
    pending.runs = {}
    const view = renderInApp(
      <>
        <EmailChange email="kari@example.no" pending="kari.gammel@example.no" canChange />
        <Toaster />
      </>,
      { lang: 'nb', path: '/account' },
    )
    await toasterLoaded()
    return view
  },
  execute: async (_, event) => {
    const e = event as { type: string; field?: 'email' | 'password'; value?: string; token?: string }
    if (await settleFake(e)) return
    if (e.type.startsWith('botCheck.')) {
      if (!widget.sendBack) throw new Error('the bot check is not on the page')
      act(() => widget.sendBack!({ type: e.type, token: e.token }))
      return
    }
    const label = { email: 'Ny e-postadresse', password: 'Nåværende passord' }
    if (e.type === 'change.click') fireEvent.click(screen.getByRole('button', { name: 'Endre e-postadresse' }))
    else if (e.type === 'field.change') fireEvent.change(screen.getByLabelText(label[e.field!]), { target: { value: e.value } })
    else if (e.type === 'form.submit') fireEvent.click(screen.getByRole('button', { name: /Send bekreftelseslenker|Sender/ }))
    else if (e.type === 'cancel.click') fireEvent.click(screen.getByRole('button', { name: 'Avbryt' }))
  },
  verify: (_, planned) => {
    const context = planned.context as EmailChangeContext
    expect(screen.getByTestId('pending-email')).toHaveTextContent('Venter på bekreftelse: kari.gammel@example.no.')
    if (planned.matches('closed')) {
      expect(screen.getByRole('button', { name: 'Endre e-postadresse' })).toBeEnabled()
      expect(screen.queryByLabelText('Ny e-postadresse')).toBeNull()
      expect(document.getElementById(EMAIL_CHANGE_BOT_CHECK_ID)).toBeNull()
      return
    }
    const saving = planned.matches({ open: 'saving' })
    const email = screen.getByLabelText('Ny e-postadresse')
    const password = screen.getByLabelText('Nåværende passord')
    expect(email).toHaveValue(context.values.email)
    expect(password).toHaveAttribute('autocomplete', 'current-password')
    expect(email).toHaveProperty('disabled', saving)
    // The widget's place is in the form, before the button; while the token is awaited, the button waits.
    const send = screen.getByRole('button', { name: /Send bekreftelseslenker|Sender/ })
    const place = document.getElementById(EMAIL_CHANGE_BOT_CHECK_ID)
    expect(place?.closest('form')).toBe(send.closest('form'))
    expect(place!.compareDocumentPosition(send) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    const waiting = saving || planned.matches({ open: 'checkingBot' })
    expect(send).toHaveProperty('disabled', waiting)
    expect(send).toHaveAccessibleName(waiting ? 'Sender …' : 'Send bekreftelseslenker')
    const said = {
      email: { required: 'Skriv inn den nye adressen.', email: 'Skriv inn en gyldig e-postadresse.', sameAddress: 'Det er allerede adressen til kontoen din.' },
      password: { required: 'Skriv inn passordet du bruker nå.', wrongPassword: 'Det er ikke passordet du bruker nå.' },
    } as const
    for (const [field, input] of [['email', email], ['password', password]] as const) {
      const problem = context.problems[field] as keyof (typeof said)[typeof field] | undefined
      if (problem) {
        expect(input).toHaveAttribute('aria-invalid', 'true')
        expect(input).toHaveAccessibleDescription(said[field][problem])
      } else expect(input).not.toHaveAttribute('aria-invalid')
    }
  },
  stop: ({ unmount }) => unmount(),
})

test('a refused bot check: the toast says so in the page’s language, the form stays filled in', async () => {
  pending.runs = {}
  const view = renderInApp(
    <>
      <EmailChange email="kari@example.no" pending={undefined} canChange />
      <Toaster />
    </>,
    { lang: 'en', path: '/en/account' },
  )
  await toasterLoaded()
  fireEvent.click(screen.getByRole('button', { name: 'Change e-mail address' }))
  act(() => widget.sendBack!({ type: 'botCheck.passed', token: '0.local.refused' }))
  fireEvent.change(screen.getByLabelText('New e-mail address'), { target: { value: 'kari.ny@example.no' } })
  fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'fjord-Lys-2025' } })
  fireEvent.click(screen.getByRole('button', { name: 'Send confirmation links' }))
  expect(pending.runs.requestEmailChange?.at(-1)?.input).toEqual({ email: 'kari.ny@example.no', password: 'fjord-Lys-2025', captchaToken: '0.local.refused' })
  await settleFake({ type: 'xstate.error.actor.requestEmailChange', error: { code: 'captcha_failed', message: 'captcha protection: request disallowed (invalid-input-response)' } })
  expect(await screen.findByText('We could not confirm that you are a person. Reload the page and try again.')).toBeInTheDocument()
  expect(screen.getByLabelText('New e-mail address')).toHaveValue('kari.ny@example.no')
  view.unmount()
})

testMachinePaths('Devices view (en)', otherSessionsMachine, machineModels.otherSessions.options, {
  start: async () => {
    pending.runs = {}
    const view = renderInApp(
      <>
        <OtherSessions accessToken={token} />
        <Toaster />
      </>,
      { lang: 'en', path: '/en/account' },
    )
    await toasterLoaded()
    return view
  },
  execute: async (_, event) => {
    if (await settleFake(event)) return
    fireEvent.click(screen.getByRole('button', { name: /Sign out on all other devices|Signing out/ }))
  },
  verify: (_, planned) => {
    expect(screen.getByTestId('signed-in-at')).toHaveTextContent(/You signed in on this device on 20 November 2026 at \d{2}:30\./)
    expect(screen.getByText('The sign-in service does not list your other devices, but you can sign them all out.')).toBeInTheDocument()
    const busy = planned.value === 'signingOut'
    expect(screen.getByRole('button', { name: busy ? 'Signing out…' : 'Sign out on all other devices' })).toHaveProperty('disabled', busy)
  },
  stop: ({ unmount }) => unmount(),
})
