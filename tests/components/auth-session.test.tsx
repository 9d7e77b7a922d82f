import { fireEvent, screen } from '@testing-library/react'
import { expect, vi } from 'vitest'
import { type AuthChangeEvent, type AuthSession, authMachine } from '../../machines/auth.machine'
import { authSession, useAuth } from '../../src/lib/auth/session'
import { machineModels } from '../model/catalogue'
import { testMachinePaths } from '../model/run'
import { renderInApp } from '../render'
import { fakeAuth } from './fake-auth'

vi.mock('../../src/lib/auth/session-actors', () => import('./fake-auth'))

/** What a page reads of the auth state, and the two things it can do with it. */
function Probe() {
  const { loading, user, session, signingOut } = useAuth()
  return (
    <div>
      <p data-testid="loading">{loading ? 'loading' : 'ready'}</p>
      <p data-testid="user">{user ? `${user.user_metadata?.full_name} <${user.email}>` : 'nobody'}</p>
      <p data-testid="session">{session?.access_token ?? 'no session'}</p>
      <button type="button" onClick={() => authSession.send({ type: 'auth.start' })}>
        Open a signed-in page
      </button>
      <button type="button" disabled={!user || signingOut} onClick={() => authSession.send({ type: 'user.signOut' })}>
        {signingOut ? 'Signing out…' : 'Sign out'}
      </button>
    </div>
  )
}

type Step = { type: string; event?: AuthChangeEvent; session?: AuthSession | null; error?: unknown }

testMachinePaths('Auth session', authMachine, machineModels.auth.options, {
  start: () => {
    fakeAuth.reset()
    authSession.reset()
    return renderInApp(
      <Probe />,
    )
  },
  execute: async (_, event) => {
    const e = event as Step
    if (e.type === 'auth.start') fireEvent.click(screen.getByRole('button', { name: 'Open a signed-in page' }))
    else if (e.type === 'auth.changed') fakeAuth.change(e.event!, e.session!)
    else if (e.type === 'user.signOut') {
      const runs = fakeAuth.signOut.runs.length
      fireEvent.click(screen.getByRole('button', { name: 'Sign out' }))
      expect(fakeAuth.signOut.runs.length).toBe(runs + 1)
    } else if (e.type === 'xstate.done.actor.signOut') await fakeAuth.settleSignOut('done')
    else if (e.type === 'xstate.error.actor.signOut') await fakeAuth.settleSignOut('error', e.error)
    else throw new Error(`no user action for ${e.type}`)
  },
  verify: (_, planned) => {
    const { user, session } = planned.context as { user: AuthSession['user'] | null; session: AuthSession | null }
    // Nothing talks to the backend until a page asks for the session.
    expect(fakeAuth.watching).toBe(planned.matches('dormant') ? 0 : 1)
    const loading = planned.matches('dormant') || planned.matches({ active: 'loading' })
    expect(screen.getByTestId('loading')).toHaveTextContent(loading ? 'loading' : 'ready')
    expect(screen.getByTestId('user')).toHaveTextContent(user ? `${user.user_metadata?.full_name} <${user.email}>` : 'nobody')
    expect(screen.getByTestId('session')).toHaveTextContent(session?.access_token ?? 'no session')
    const signingOut = planned.matches({ active: 'signingOut' })
    const signOut = screen.getByRole('button', { name: signingOut ? 'Signing out…' : 'Sign out' })
    expect(signOut).toHaveProperty('disabled', !planned.matches({ active: 'signedIn' }))
  },
  stop: ({ unmount }) => {
    unmount()
    // The session outlives a page; leaving the app stops it, and its listener with it.
    authSession.reset()
    expect(fakeAuth.watching).toBe(0)
  },
})
