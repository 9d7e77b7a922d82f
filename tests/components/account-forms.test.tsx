import { fireEvent, screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import { loginFormMachine } from '../../machines/login-form.machine'
import type { ProviderRefusal } from '../../machines/oauth'
import { registerFormMachine } from '../../machines/register-form.machine'
import { Toaster } from '../../src/components/toaster/toaster'
import { LoginForm } from '../../src/features/auth/login/login-form'
import { RegisterForm } from '../../src/features/auth/register/register-form'
import { machineModels } from '../model/catalogue'
import { testMachinePaths } from '../model/run'
import { renderInApp, toasterLoaded } from '../render'
import { formStandIns } from './form-stand-ins'

// The sign-in and registration views, walked along their machines' paths. Their logic's real
// actors call Supabase; here each run is a promise the test settles, the schema arrives and the bot
// check's widget reports when the path says so.
type Stubs = ReturnType<typeof formStandIns>
type Step = { type: string; field?: string; value?: string }

/** A user's action for an event of the form, by the labels of its page. */
async function userAction(stubs: Stubs, event: Step, labels: Record<string, string>, buttons: Record<string, string>) {
  if (await stubs.settle(event)) return
  if (event.type === 'schema.loaded') stubs.schemaArrives()
  else if (event.type.startsWith('botCheck.')) stubs.widgetReports(event)
  else if (event.type === 'provider.refused') stubs.reports('readProviderReturn', event)
  else if (event.type === 'field.change') fireEvent.change(screen.getByLabelText(labels[event.field!]!), { target: { value: event.value } })
  else if (event.type === 'field.blur') fireEvent.blur(screen.getByLabelText(labels[event.field!]!))
  else fireEvent.click(screen.getByRole('button', { name: buttons[event.type] }))
}

/** Every button says it waits while the form does, and stays focusable: a keyboard user's focus is
 * not dropped. */
/** What the sign-in page says to a visitor back from a provider that said no. */
const refusalTexts: Record<ProviderRefusal, string> = {
  linkedinCancelled: 'Du avbrøt innloggingen hos LinkedIn, så du er ikke logget inn. Prøv igjen, eller logg inn på en annen måte nedenfor.',
  denied: 'Innloggingen ble avbrutt eller avvist, så du er ikke logget inn. Prøv igjen, eller logg inn på en annen måte nedenfor.',
  failed: 'Innloggingen gikk ikke gjennom, så du er ikke logget inn. Prøv igjen, eller logg inn på en annen måte nedenfor.',
}

const expectWaiting = (names: string[], busy: boolean) => {
  for (const name of names) {
    const button = screen.getByRole('button', { name })
    expect(button).toHaveAttribute('aria-disabled', String(busy))
    expect(button).toBeEnabled()
  }
}

testMachinePaths('Login form view (nb)', loginFormMachine, machineModels.loginForm.options, {
  start: async () => {
    const stubs = formStandIns(loginFormMachine, ['signIn', 'continueWithProvider', 'resendConfirmation'], {}, ['readProviderReturn'])
    const view = renderInApp(
      <>
        <LoginForm />
        <Toaster />
      </>,
      { lang: 'nb', path: '/login', browserHistory: true, standIns: [stubs.standIn] },
    )
    await toasterLoaded()
    // The refusal the page was told of (the paths' states do not tell them apart).
    return { ...view, stubs, refusal: null as ProviderRefusal | null }
  },
  execute: (page, event) => {
    if (event.type === 'provider.refused') page.refusal = (event as unknown as { refusal: ProviderRefusal }).refusal
    return userAction(page.stubs, event as Step, { email: 'E-post', password: 'Passord' }, {
      'form.submit': 'Logg inn',
      'google.click': 'Fortsett med Google',
      'linkedin.click': 'Fortsett med LinkedIn',
      'resend.click': 'Send e-posten på nytt',
    })
  },
  verify: (page, planned) => {
    const state = planned.value as string
    const busy = ['validating', 'checkingBot', 'checkingBotForResend', 'submitting', 'resending', 'redirectingToGoogle', 'redirectingToLinkedIn'].includes(state)
    if (state === 'signedIn') {
      expect(screen.getByRole('status')).toHaveTextContent('Velkommen tilbake!Du er nå logget inn.')
      // The form's logic navigates the browser's history.
      expect(window.location.pathname).toBe('/app')
      return
    }
    if (state === 'secondFactorDue') {
      // The dashboard asks for the code first: no welcome yet.
      expect(screen.queryByText('Velkommen tilbake!')).toBeNull()
      expect(window.location.pathname).toBe('/app')
      return
    }
    const email = screen.getByLabelText('E-post')
    expect(email).toHaveValue((planned.context as { values: { email: string } }).values.email)
    // While it sends, the fields are read-only: they keep the focus and their place in the tab order.
    expect(email).toHaveProperty('readOnly', ['submitting', 'resending', 'redirectingToGoogle', 'redirectingToLinkedIn'].includes(state))
    expectWaiting([busy ? 'Logger inn …' : 'Logg inn', 'Fortsett med Google', 'Fortsett med LinkedIn'], busy)
    // Back from a provider that said no: the page says why, at the top.
    const { refusal } = page
    const notice = screen.queryByText(/så du er ikke logget inn/)
    if (refusal) expect(notice).toHaveTextContent(refusalTexts[refusal])
    else expect(notice).toBeNull()
    const context = planned.context as { shown: string[]; problems: Record<string, string> }
    const emailProblem = context.shown.includes('email') ? context.problems.email : undefined
    if (emailProblem) {
      // The problem is tied to the field and announced.
      expect(email).toHaveAttribute('aria-invalid', 'true')
      expect(email).toHaveAccessibleDescription(emailProblem === 'required' ? 'Dette feltet må fylles ut.' : 'Skriv inn en gyldig e-postadresse.')
    } else expect(email).not.toHaveAttribute('aria-invalid')
    const unconfirmed = ['unconfirmed', 'checkingBotForResend', 'resending'].includes(state)
    expect(screen.queryByRole('button', { name: 'Send e-posten på nytt' }) !== null).toBe(unconfirmed)
  },
  stop: ({ unmount }) => unmount(),
})

testMachinePaths('Register form view (en)', registerFormMachine, machineModels.registerForm.options, {
  start: async () => {
    const stubs = formStandIns(registerFormMachine, ['signUp', 'continueWithProvider'])
    const view = renderInApp(
      <>
        <RegisterForm />
        <Toaster />
      </>,
      { lang: 'en', path: '/en/register', browserHistory: true, standIns: [stubs.standIn] },
    )
    await toasterLoaded()
    return { ...view, stubs }
  },
  execute: ({ stubs }, event) =>
    userAction(stubs, event as Step, { fullName: 'Full name', email: 'E-mail', password: 'Password' }, {
      'form.submit': 'Create account',
      'google.click': 'Sign up with Google',
      'linkedin.click': 'Sign up with LinkedIn',
    }),
  verify: (_, planned) => {
    const state = planned.value as string
    if (state === 'registered') {
      expect(screen.getByRole('status')).toHaveTextContent('Account created!Check your e-mail to confirm your account.')
      expect(window.location.pathname).toBe('/en/login')
      return
    }
    expect(screen.getByLabelText('Password')).toHaveAttribute('placeholder', 'Minimum 6 characters')
    const busy = ['validating', 'checkingBot', 'submitting', 'redirectingToGoogle', 'redirectingToLinkedIn'].includes(state)
    expectWaiting([busy ? 'Creating account…' : 'Create account', 'Sign up with Google', 'Sign up with LinkedIn'], busy)
    const failure = (planned.context as { failure: { weakPasswordReasons?: string[] } | null }).failure
    if (failure?.weakPasswordReasons) {
      expect(within(screen.getAllByRole('alert')[0]!.parentElement!).getByText(/data breach/)).toBeInTheDocument()
    }
  },
  stop: ({ unmount }) => unmount(),
})
