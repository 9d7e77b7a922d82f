import { fireEvent, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { type RecoveryCodeContext, recoveryCodeMachine } from '../../machines/recovery-code.machine'
import { ForgotPasswordForm } from '../../src/features/auth/forgot-password/forgot-password-form'
import { recoveryCodeLogic } from '../../src/features/auth/forgot-password/logic'
import { RecoveryCodeForm } from '../../src/features/auth/forgot-password/recovery-code-form'
import { machineModels } from '../model/catalogue'
import { testMachinePaths } from '../model/run'
import { renderInApp } from '../render'
import { formStandIns } from './form-stand-ins'

// "Forgot password?" for a person with the reset e-mail's one-time code on another device than the
// one that asked for it: the address and the code, walked along the machine's paths through the
// rendered view. The real actor redeems the code with Supabase; here each run is a promise the test
// settles, and the form's schema arrives when the path says so.

const labels = { email: 'E-postadressen koden ble sendt til', code: 'Engangskode' } as const
const said = {
  email: { required: 'Dette feltet må fylles ut.', email: 'Skriv inn en gyldig e-postadresse.' },
  code: { required: 'Dette feltet må fylles ut.', invalid: 'Skriv inn de åtte sifrene fra e-posten.' },
} as const

testMachinePaths('"Forgot password?" one-time code view (nb)', recoveryCodeMachine, machineModels.recoveryCode.options, {
  start: () => {
    const stubs = formStandIns(recoveryCodeMachine, ['verifyEmailCode'])
    return { ...renderInApp(<RecoveryCodeForm />, { lang: 'nb', path: '/forgot-password', browserHistory: true, standIns: [stubs.standIn] }), stubs }
  },
  execute: async ({ stubs }, event) => {
    const e = event as { type: string; field?: 'email' | 'code'; value?: string }
    if (await stubs.settle(e)) return
    if (e.type === 'schema.loaded') return stubs.schemaArrives()
    if (e.type === 'open.click') fireEvent.click(screen.getByRole('button', { name: 'Jeg har en engangskode' }))
    else if (e.type === 'field.change') fireEvent.change(screen.getByLabelText(labels[e.field!]), { target: { value: e.value } })
    else if (e.type === 'field.blur') fireEvent.blur(screen.getByLabelText(labels[e.field!]))
    else if (e.type === 'form.submit') fireEvent.click(screen.getByRole('button', { name: /Gå videre til nytt passord|Sjekker koden/ }))
    else if (e.type === 'cancel.click') fireEvent.click(screen.getByRole('button', { name: 'Avbryt' }))
  },
  verify: ({ stubs }, planned) => {
    const context = planned.context as RecoveryCodeContext
    expect(screen.getByRole('region', { name: 'Har du en engangskode?' })).toHaveTextContent('på denne eller en hvilken som helst annen enhet')
    if (planned.status === 'done') {
      // The right code: on to the new password, with the address as the schema made it and the code's digits.
      expect(stubs.runs('verifyEmailCode').at(-1)).toEqual({ email: 'kari@example.no', token: '12345678', type: 'recovery' })
      expect(window.location.pathname).toBe('/reset-password')
      return
    }
    if (planned.matches('closed')) {
      expect(screen.getByRole('button', { name: 'Jeg har en engangskode' })).toBeEnabled()
      expect(screen.queryByLabelText(labels.code)).toBeNull()
      return
    }
    const sending = planned.matches({ open: 'submitting' })
    const waiting = sending || planned.hasTag('checking')
    const button = screen.getByRole('button', { name: waiting ? 'Sjekker koden …' : 'Gå videre til nytt passord' })
    // Busy, the buttons say they wait and stay focusable; the fields are read-only while it sends.
    expect(button).toBeEnabled()
    expect(button).toHaveAttribute('aria-disabled', String(waiting))
    expect(screen.getByRole('button', { name: 'Avbryt' })).toHaveAttribute('aria-disabled', String(waiting))
    for (const field of ['email', 'code'] as const) {
      const input = screen.getByLabelText(labels[field])
      expect(input).toHaveValue(context.values[field])
      expect(input).toHaveProperty('readOnly', sending)
      const problem = context.shown.includes(field) ? (context.problems[field] as keyof (typeof said)[typeof field] | undefined) : undefined
      if (problem) expect(input).toHaveAccessibleDescription(said[field][problem])
      else expect(input).not.toHaveAttribute('aria-invalid')
    }
    expect(screen.getByLabelText(labels.code)).toHaveAttribute('autocomplete', 'one-time-code')
    // A refused code says so with the form, and names the address as a thing to check.
    if (context.failure) expect(screen.getByRole('alert')).toHaveTextContent('Koden er feil for denne adressen, allerede brukt eller utløpt')
    else expect(screen.queryByRole('alert')).toBeNull()
  },
  stop: ({ unmount }) => unmount(),
})

test('"Forgot password?" offers the code form on a fresh visit, its address field named apart from the request’s', async () => {
  const stubs = formStandIns(recoveryCodeMachine, ['verifyEmailCode'])
  const view = renderInApp(<ForgotPasswordForm />, { lang: 'en', path: '/en/forgot-password', standIns: [stubs.standIn] })
  expect(screen.getByRole('region', { name: 'Have a one-time code?' })).toBeInTheDocument()
  fireEvent.click(screen.getByRole('button', { name: 'I have a one-time code' }))
  // Two forms with an address: each field says which it is.
  expect(screen.getByLabelText('E-mail')).not.toBe(screen.getByLabelText('The e-mail address the code was sent to'))
  // The page asked for its language's logic.
  expect(view.requested.has(recoveryCodeLogic('en'))).toBe(true)
  view.unmount()
})
