import { fireEvent, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { type EmailChangeContext, emailChangeMachine } from '../../machines/email-change.machine'
import { otherSessionsMachine } from '../../machines/other-sessions.machine'
import { Toaster } from '../../src/components/toaster/toaster'
import { EmailChange } from '../../src/features/auth/account-settings/email-change'
import { EMAIL_CHANGE_BOT_CHECK_ID } from '../../src/features/auth/account-settings/logic'
import { OtherSessions } from '../../src/features/auth/account-settings/other-sessions'
import { machineModels } from '../model/catalogue'
import { applyOutcome, controllablePromise } from '../model/fake-actors'
import { testMachinePaths } from '../model/run'
import { renderInApp, standIn, toasterLoaded } from '../render'
import { formStandIns } from './form-stand-ins'

// The account page's address change and devices, walked along their machines' paths through the
// rendered views. The real actors call Supabase; here each run is a promise the test settles, the
// form's schema arrives and its bot check's widget reports when the path says so.

// A token whose amr claim says the session signed in at 2026-11-20 09:30 UTC.
const token = `x.${btoa(JSON.stringify({ amr: [{ method: 'password', timestamp: Date.UTC(2026, 10, 20, 9, 30) / 1000 }] })).replace(/=+$/, '')}.y`

testMachinePaths('Address change view (nb)', emailChangeMachine, machineModels.emailChange.options, {
  start: async () => {
    const stubs = formStandIns(emailChangeMachine, ['requestEmailChange'])
    const view = renderInApp(
      <>
        <EmailChange email="kari@example.no" pending="kari.gammel@example.no" />
        <Toaster />
      </>,
      { lang: 'nb', path: '/account', standIns: [stubs.standIn] },
    )
    await toasterLoaded()
    return { ...view, stubs }
  },
  execute: async ({ stubs }, event) => {
    const e = event as { type: string; field?: 'email' | 'password'; value?: string; token?: string }
    if (await stubs.settle(e)) return
    if (e.type === 'schema.loaded') return stubs.schemaArrives()
    if (e.type.startsWith('botCheck.')) return stubs.widgetReports(e)
    const label = { email: 'Ny e-postadresse', password: 'Nåværende passord' }
    if (e.type === 'change.click') fireEvent.click(screen.getByRole('button', { name: 'Endre e-postadresse' }))
    else if (e.type === 'field.change') fireEvent.change(screen.getByLabelText(label[e.field!]), { target: { value: e.value } })
    else if (e.type === 'field.blur') fireEvent.blur(screen.getByLabelText(label[e.field!]))
    else if (e.type === 'form.submit') fireEvent.click(screen.getByRole('button', { name: /Send bekreftelseslenker|Sender/ }))
    else if (e.type === 'cancel.click') fireEvent.click(screen.getByRole('button', { name: 'Avbryt' }))
  },
  verify: (_, planned) => {
    const context = planned.context as EmailChangeContext
    expect(screen.getByTestId('pending-email')).toHaveTextContent('Venter på bekreftelse: kari.gammel@example.no. Åpne lenkene i e-postene')
    // Someone whose current mailbox is gone is told the way out.
    expect(screen.getByRole('region', { name: 'E-postadresse' })).toHaveTextContent('Har du ikke lenger tilgang til den nåværende adressen? Skriv til support@vekstlinje.no fra den nye.')
    if (planned.matches('closed')) {
      expect(screen.getByRole('button', { name: 'Endre e-postadresse' })).toBeEnabled()
      expect(screen.queryByLabelText('Ny e-postadresse')).toBeNull()
      expect(document.getElementById(EMAIL_CHANGE_BOT_CHECK_ID)).toBeNull()
      return
    }
    const saving = planned.matches({ open: 'submitting' })
    const email = screen.getByLabelText('Ny e-postadresse')
    const password = screen.getByLabelText('Nåværende passord')
    expect(email).toHaveValue(context.values.email)
    expect(password).toHaveAttribute('autocomplete', 'current-password')
    // While it sends, the fields are read-only: they keep the focus and their place in the tab order.
    expect(email).toHaveProperty('readOnly', saving)
    // The widget's place is in the form, before the button; while the schema or the token is
    // awaited, and while it sends, the button only says it waits (it stays focusable).
    const send = screen.getByRole('button', { name: /Send bekreftelseslenker|Sender/ })
    const place = document.getElementById(EMAIL_CHANGE_BOT_CHECK_ID)
    expect(place?.closest('form')).toBe(send.closest('form'))
    expect(place!.compareDocumentPosition(send) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    const waiting = saving || planned.hasTag('checking')
    expect(send).toBeEnabled()
    expect(send).toHaveAttribute('aria-disabled', String(waiting))
    expect(screen.getByRole('button', { name: 'Avbryt' })).toHaveAttribute('aria-disabled', String(waiting))
    expect(send).toHaveAccessibleName(waiting ? 'Sender …' : 'Send bekreftelseslenker')
    const said = {
      email: { required: 'Skriv inn den nye adressen.', email: 'Skriv inn en gyldig e-postadresse.', sameAddress: 'Det er allerede adressen til kontoen din.' },
      password: { required: 'Skriv inn passordet du bruker nå.', wrongPassword: 'Det er ikke passordet du bruker nå.' },
    } as const
    for (const [field, input] of [['email', email], ['password', password]] as const) {
      // A refusal of the server's, else the field's own problem once it shows.
      const problem = (context.refused[field] ?? (context.shown.includes(field) ? context.problems[field] : undefined)) as keyof (typeof said)[typeof field] | undefined
      if (problem) {
        expect(input).toHaveAttribute('aria-invalid', 'true')
        expect(input).toHaveAccessibleDescription(said[field][problem])
      } else expect(input).not.toHaveAttribute('aria-invalid')
    }
  },
  stop: ({ unmount }) => unmount(),
})

test('a refused bot check: the toast says so in the page’s language, the form stays filled in', async () => {
  const stubs = formStandIns(emailChangeMachine, ['requestEmailChange'])
  const view = renderInApp(
    <>
      <EmailChange email="kari@example.no" pending={undefined} />
      <Toaster />
    </>,
    { lang: 'en', path: '/en/account', standIns: [stubs.standIn] },
  )
  await toasterLoaded()
  stubs.schemaArrives()
  fireEvent.click(screen.getByRole('button', { name: 'Change e-mail address' }))
  stubs.widgetReports({ type: 'botCheck.passed', token: '0.local.refused' })
  fireEvent.change(screen.getByLabelText('New e-mail address'), { target: { value: 'Kari.Ny@Example.NO' } })
  fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'fjord-Lys-2025' } })
  fireEvent.click(screen.getByRole('button', { name: 'Send confirmation links' }))
  // The address as the schema made it.
  expect(stubs.runs('requestEmailChange').at(-1)).toEqual({ email: 'kari.ny@example.no', password: 'fjord-Lys-2025', captchaToken: '0.local.refused' })
  await stubs.settle({ type: 'xstate.error.actor.requestEmailChange', error: { code: 'captcha_failed', message: 'captcha protection: request disallowed (invalid-input-response)' } })
  expect(await screen.findByText("We couldn't verify that you're human. Wait a few seconds and try again.")).toBeInTheDocument()
  expect(screen.getByLabelText('New e-mail address')).toHaveValue('Kari.Ny@Example.NO')
  view.unmount()
})

testMachinePaths('Devices view (en)', otherSessionsMachine, machineModels.otherSessions.options, {
  start: async () => {
    const signOutOthers = controllablePromise<void>()
    const view = renderInApp(
      <>
        <OtherSessions accessToken={token} />
        <Toaster />
      </>,
      { lang: 'en', path: '/en/account', standIns: [standIn(otherSessionsMachine, { actors: { signOutOthers: signOutOthers.logic } })] },
    )
    await toasterLoaded()
    return { ...view, signOutOthers }
  },
  execute: async ({ signOutOthers }, event) => {
    if (await applyOutcome(event, { signOutOthers })) return
    fireEvent.click(screen.getByRole('button', { name: /Sign out on all other devices|Signing out/ }))
  },
  verify: (_, planned) => {
    // The site's English dates (as the dashboard's and the two-step line's), on the 24-hour clock.
    expect(screen.getByTestId('signed-in-at')).toHaveTextContent(/You signed in on this device on November 20, 2026 at \d{2}:30\./)
    expect(screen.getByText("We can't show a list of your other devices, but you can sign them all out together. They lose access at once and must sign in again.")).toBeInTheDocument()
    const busy = planned.value === 'signingOut'
    // Busy, it says it waits and keeps the focus.
    const button = screen.getByRole('button', { name: busy ? 'Signing out…' : 'Sign out on all other devices' })
    expect(button).toBeEnabled()
    expect(button).toHaveAttribute('aria-disabled', String(busy))
  },
  stop: ({ unmount }) => unmount(),
})

test.each([
  ['en', 'You sign in with Google, so your e-mail address is the one on your Google account and can\'t be changed here.', /(?<!1)password/i],
  ['nb', 'Du logger inn med LinkedIn, så e-postadressen din er den samme som på LinkedIn-kontoen og kan ikke endres her.', /passord/i],
] as const)('%s: an account without a password is told where its address comes from, and asked for no password', (lang, said, password) => {
  const provider = lang === 'en' ? 'Google' : 'LinkedIn'
  const stubs = formStandIns(emailChangeMachine, ['requestEmailChange'])
  const view = renderInApp(<EmailChange email="kari@example.no" pending={undefined} provider={provider} />, { lang, path: lang === 'en' ? '/en/account' : '/account', standIns: [stubs.standIn] })
  const section = screen.getByRole('region', { name: lang === 'en' ? 'E-mail address' : 'E-postadresse' })
  expect(section).toHaveTextContent(said)
  expect(section.textContent).not.toMatch(password)
  expect(screen.queryByRole('button')).toBeNull()
  view.unmount()
})
