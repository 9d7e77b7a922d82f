import { act, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { navigate } from 'wouter/use-browser-location'
import type { AnyMachineSnapshot } from 'xstate'
import { type GateStatus, type ProtectedRouteEvent, protectedRouteMachine } from '../../machines/protected-route.machine'
import { authSession } from '../../src/lib/auth/session'
import { ProtectedRoute } from '../../src/features/auth/protected-route'
import type { Lang } from '../../src/i18n/lang'
import { machineModels } from '../model/catalogue'
import { testMachinePaths } from '../model/run'
import { renderInApp } from '../render'
import { fakeAuth, kari, kariBeforeCode } from './fake-auth'

vi.mock('../../src/lib/auth/session-actors', () => import('./fake-auth'))

// The gate reads `window.location` when it redirects (the route it guards may already have been
// left), so these tests use jsdom's real history and read the address from it.
const here = () => `${window.location.pathname}${window.location.search}`

const gate = (lang: Lang, path: string) => {
  fakeAuth.reset()
  authSession.reset()
  const view = renderInApp(
    <ProtectedRoute>
        <p>secret</p>
      </ProtectedRoute>,
    { lang, path, browserHistory: true },
  )
  // The gate asks for the session: the auth actor leaves `dormant` and starts watching.
  expect(fakeAuth.watching).toBe(1)
  return { ...view, entries: window.history.length, denied: false }
}

/** The backend event that moves the auth state to the status the path plans. */
const reportStatus = async (status: GateStatus, from: AnyMachineSnapshot) => {
  // The first report is the stored session (or none); later ones are sign-ins and sign-outs.
  const first = from.matches('checking')
  // The user signs out here, as the dashboard's button does.
  if (status === 'signingOut') return act(() => authSession.send({ type: 'user.signOut' }))
  if (status === 'signedIn') {
    // Signed in again before leaving: the sign-out ends first.
    if (from.matches('leaving')) await fakeAuth.settleSignOut('done')
    return fakeAuth.change(first ? 'INITIAL_SESSION' : 'SIGNED_IN', kari)
  }
  if (status === 'secondFactorDue') {
    if (from.matches('leaving')) await fakeAuth.settleSignOut('done')
    return fakeAuth.change(first ? 'INITIAL_SESSION' : 'SIGNED_IN', kariBeforeCode)
  }
  if (status === 'signedOut') return fakeAuth.change(first ? 'INITIAL_SESSION' : 'SIGNED_OUT', null)
  throw new Error('the auth state only reads as loading before its first event')
}

const codeHeading = { nb: 'Skriv inn koden fra autentiseringsappen', en: 'Enter the code from your authenticator app' }

for (const [lang, path, login, spinner] of [
  ['nb', '/app', '/login?next=%2Fapp', 'Laster …'],
  ['en', '/en/app?tab=plan', '/en/login?next=%2Fen%2Fapp%3Ftab%3Dplan', 'Loading…'],
] as const) {
  testMachinePaths(`Protected route view (${lang}, ${path})`, protectedRouteMachine, machineModels.protectedRoute.options, {
    start: () => gate(lang, path),
    execute: (_, event, from) => reportStatus((event as ProtectedRouteEvent).status, from),
    verify: async (ctx, planned) => {
      const state = planned.value as string
      if (state === 'allowed' || state === 'leaving') {
        expect(screen.getByText('secret')).toBeInTheDocument()
        expect(screen.queryByRole('status')).not.toBeInTheDocument()
      } else if (state === 'challenged') {
        // The code step instead of the page: its heading and the code field, no spinner.
        expect(screen.queryByText('secret')).not.toBeInTheDocument()
        expect(await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 })).toHaveTextContent(codeHeading[lang])
        expect(screen.getByRole('textbox')).toHaveAttribute('autocomplete', 'one-time-code')
      } else {
        expect(screen.queryByText('secret')).not.toBeInTheDocument()
        expect(screen.getByRole('status')).toHaveTextContent(spinner)
        expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite')
      }
      // Denied: sent to sign in, with the way back; the guarded page is replaced, not stacked.
      // A later sign-in shows the page but does not navigate again.
      if (planned.matches('denied')) ctx.denied = true
      expect(here()).toBe(ctx.denied ? login : path)
      expect(window.history.length).toBe(ctx.entries)
    },
    stop: ({ unmount }) => unmount(),
  })
}

describe('Protected route view: signing out', () => {
  it('lets the user leave for the home page without a detour through the sign-in page', async () => {
    gate('nb', '/app')
    fakeAuth.change('INITIAL_SESSION', kari)
    expect(screen.getByText('secret')).toBeInTheDocument()
    // As the dashboard's sign-out does: the session ends here, then the user goes home.
    act(() => {
      authSession.send({ type: 'user.signOut' })
      navigate('/')
    })
    await fakeAuth.settleSignOut('done')
    expect(here()).toBe('/')
  })

  it('sends to the sign-in page when the session ends elsewhere', () => {
    gate('en', '/en/app')
    fakeAuth.change('INITIAL_SESSION', kari)
    fakeAuth.change('SIGNED_OUT', null)
    expect(here()).toBe('/en/login?next=%2Fen%2Fapp')
  })
})

describe('Protected route view: back from a provider that said no', () => {
  // The auth service sends the visitor back with the provider's OAuth error in the query (and the
  // fragment), and no session: the sign-in page is told why; the way back leaves the error out.
  for (const [lang, path, login] of [
    ['nb', '/app?error=user_cancelled_login&error_description=The+user+cancelled+LinkedIn+login', '/login?next=%2Fapp&refused=linkedinCancelled'],
    ['en', '/en/app?tab=plan&error=access_denied&error_description=', '/en/login?next=%2Fen%2Fapp%3Ftab%3Dplan&refused=denied'],
    ['en', '/en/app?error=server_error&error_code=unexpected_failure&error_description=Unexpected+failure', '/en/login?next=%2Fen%2Fapp&refused=failed'],
  ] as const) {
    it(`${path} → ${login}`, () => {
      gate(lang, path)
      fakeAuth.change('INITIAL_SESSION', null)
      expect(here()).toBe(login)
    })
  }
})

describe('Protected route view: the code step of an account without a password', () => {
  it.each([
    ['nb', '/app', 'du logger inn med bare Google.', /passord/i],
    ['en', '/en/app', 'you sign in with Google alone.', /(?<!1)password/i],
  ] as const)('%s: names the service it signs in with, never a password', async (lang, path, alone, password) => {
    gate(lang, path)
    // Awaited: the code step's island loads inside it.
    await act(async () => fakeAuth.report('INITIAL_SESSION', { ...kariBeforeCode, user: { ...kariBeforeCode.user, app_metadata: { provider: 'google', providers: ['google'] } } }))
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 })).toHaveTextContent(codeHeading[lang])
    const step = screen.getByRole('heading', { level: 1 }).closest('div')!.parentElement!
    expect(step).toHaveTextContent(alone)
    expect(step.textContent).not.toMatch(password)
  })
})
