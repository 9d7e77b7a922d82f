import { act, fireEvent, screen, within } from '@testing-library/react'
import { expect, vi } from 'vitest'
import { loginFormMachine } from '../../machines/login-form.machine'
import { registerFormMachine } from '../../machines/register-form.machine'
import { LoginForm } from '../../src/features/auth/login/login-form'
import { RegisterForm } from '../../src/features/auth/register/register-form'
import { Toaster } from '../../src/components/toaster/toaster'
import { settle } from '../model/fake-actors'
import { testMachinePaths } from '../model/run'
import { renderInApp, toasterLoaded } from '../render'
import { machineModels } from '../model/catalogue'

// The real actors call Supabase; here each run is a promise the test settles.
const pending = vi.hoisted(() => ({ runs: {} as Record<string, Array<{ resolve: (v?: unknown) => void; reject: (e: unknown) => void }>> }))
vi.mock('../../src/features/auth/actors', async () => {
  const { fromPromise } = await import('xstate')
  const make = (name: string) =>
    fromPromise(
      () =>
        new Promise((resolve, reject) => {
          pending.runs[name] ??= []
          pending.runs[name].push({ resolve, reject })
        }),
    )
  return {
    signInWithPassword: make('signIn'),
    signInWithGoogle: () => make('google'),
    resendConfirmation: () => make('resend'),
    signUp: () => make('signUp'),
  }
})

// The form's schema (loaded on first use in the browser) arrives when the path says so.
const schema = vi.hoisted(() => ({ arrive: [] as Array<() => void> }))
vi.mock('../../src/components/form/typed-values', async (importActual) => {
  const actual = await importActual<typeof import('../../src/components/form/typed-values')>()
  const { fromCallback, fromPromise } = await import('xstate')
  return {
    ...actual,
    schemaActors: () => ({
      watchSchema: fromCallback(({ sendBack }) => {
        schema.arrive.push(() => sendBack({ type: 'schema.loaded' }))
        return () => {}
      }),
      loadSchema: fromPromise(
        () =>
          new Promise((resolve, reject) => {
            pending.runs.loadSchema ??= []
            pending.runs.loadSchema.push({ resolve, reject })
          }),
      ),
    }),
  }
})

// The bot check's widget reports when the path says so.
const widget = vi.hoisted(() => ({ report: [] as Array<(event: { type: string }) => void> }))
vi.mock('../../src/lib/bot-check', async (importActual) => {
  const actual = await importActual<typeof import('../../src/lib/bot-check')>()
  const { fromCallback } = await import('xstate')
  return {
    ...actual,
    watchBotCheck: () =>
      fromCallback(({ sendBack }) => {
        widget.report.push((event) => sendBack(event))
        return () => {}
      }),
  }
})

const actorFake: Record<string, string> = {
  loadSchema: 'loadSchema',
  signIn: 'signIn',
  signInWithGoogle: 'google',
  resendConfirmation: 'resend',
  signUp: 'signUp',
  signUpWithGoogle: 'google',
}
const settleFake = async (event: { type: string; output?: unknown; error?: unknown }) => {
  const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type)
  if (!match) return false
  const run = pending.runs[actorFake[match[2]!]!]?.at(-1)
  if (!run) throw new Error(`${match[2]} was never started`)
  if (match[1] === 'done') run.resolve(event.output)
  else run.reject(event.error)
  await settle()
  return true
}
const freshFakes = () => {
  pending.runs = {}
  schema.arrive = []
  widget.report = []
}
const widgetReports = (event: { type: string }) => act(() => widget.report.at(-1)?.(event))
const schemaArrives = () => act(() => schema.arrive.at(-1)?.())

const labels = { email: 'E-post', password: 'Passord', fullName: 'Fullt navn' } as const

const userAction = async (event: { type: string; field?: keyof typeof labels; value?: string }, submit: string, google: string) => {
  if (await settleFake(event)) return
  if (event.type === 'schema.loaded') schemaArrives()
  else if (event.type.startsWith('botCheck.')) widgetReports(event)
  else if (event.type === 'field.change') fireEvent.change(screen.getByLabelText(labels[event.field!]), { target: { value: event.value } })
  else if (event.type === 'field.blur') fireEvent.blur(screen.getByLabelText(labels[event.field!]))
  else if (event.type === 'form.submit') fireEvent.click(screen.getByRole('button', { name: submit }))
  else if (event.type === 'google.click') fireEvent.click(screen.getByRole('button', { name: google }))
  else if (event.type === 'resend.click') fireEvent.click(screen.getByRole('button', { name: 'Send e-posten på nytt' }))
}


testMachinePaths(
  'Login form view (nb)',
  loginFormMachine,
  machineModels.loginForm.options,
  {
    start: async () => {
      freshFakes()
      const view = renderInApp(
        <>
          <LoginForm />
          <Toaster />
        </>,
        { lang: 'nb', path: '/login', browserHistory: true },
      )
      await toasterLoaded()
      return view
    },
    execute: (_, event) => userAction(event as never, 'Logg inn', 'Fortsett med Google'),
    verify: (_, planned) => {
      const state = planned.value as string
      const busy = ['validating', 'checkingBot', 'checkingBotForResend', 'submitting', 'resending', 'redirectingToGoogle'].includes(state)
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
      expect(screen.getByLabelText('E-post')).toHaveValue((planned.context as { values: { email: string } }).values.email)
      const submit = screen.getByRole('button', { name: busy ? 'Logger inn …' : 'Logg inn' })
      // It says it waits, and stays focusable: the focus of a keyboard user is not dropped.
      expect(submit).toHaveAttribute('aria-disabled', String(busy))
      expect(submit).toBeEnabled()
      const shown = (planned.context as { shown: string[]; problems: Record<string, string> })
      const emailProblem = shown.shown.includes('email') ? shown.problems.email : undefined
      const email = screen.getByLabelText('E-post')
      if (emailProblem) {
        // The problem is tied to the field and announced.
        expect(email).toHaveAttribute('aria-invalid', 'true')
        expect(email).toHaveAccessibleDescription(emailProblem === 'required' ? 'Dette feltet må fylles ut.' : 'Skriv inn en gyldig e-postadresse.')
      } else expect(email).not.toHaveAttribute('aria-invalid')
      const unconfirmed = ['unconfirmed', 'checkingBotForResend', 'resending'].includes(state)
      expect(screen.queryByRole('button', { name: 'Send e-posten på nytt' }) !== null).toBe(unconfirmed)
    },
    stop: ({ unmount }) => unmount(),
  },
)

testMachinePaths(
  'Register form view (en)',
  registerFormMachine,
  machineModels.registerForm.options,
  {
    start: async () => {
      freshFakes()
      const view = renderInApp(
        <>
          <RegisterForm />
          <Toaster />
        </>,
        { lang: 'en', path: '/en/register', browserHistory: true },
      )
      await toasterLoaded()
      return view
    },
    execute: async (_, event) => {
      const e = event as { type: string; field?: string; value?: string }
      if (await settleFake(e)) return
      if (e.type === 'schema.loaded') return schemaArrives()
      if (e.type.startsWith('botCheck.')) return widgetReports(e)
      const enLabels: Record<string, string> = { fullName: 'Full name', email: 'E-mail', password: 'Password' }
      if (e.type === 'field.change') fireEvent.change(screen.getByLabelText(enLabels[e.field!]!), { target: { value: e.value } })
      else if (e.type === 'field.blur') fireEvent.blur(screen.getByLabelText(enLabels[e.field!]!))
      else if (e.type === 'form.submit') fireEvent.click(screen.getByRole('button', { name: 'Create account' }))
      else fireEvent.click(screen.getByRole('button', { name: 'Sign up with Google' }))
    },
    verify: (_, planned) => {
      const state = planned.value as string
      if (state === 'registered') {
        expect(screen.getByRole('status')).toHaveTextContent('Account created!Check your e-mail to confirm your account.')
        expect(window.location.pathname).toBe('/en/login')
        return
      }
      expect(screen.getByLabelText('Password')).toHaveAttribute('placeholder', 'Minimum 6 characters')
      const failure = (planned.context as { failure: { weakPasswordReasons?: string[] } | null }).failure
      if (failure?.weakPasswordReasons) {
        expect(within(screen.getAllByRole('alert')[0]!.parentElement!).getByText(/data breach/)).toBeInTheDocument()
      }
    },
    stop: ({ unmount }) => unmount(),
  },
)
