import { act } from '@testing-library/react'
import { fromCallback } from 'xstate'
import type { AuthChangeEvent, AuthEvent, AuthSession } from '../../machines/auth.machine'
import { controllablePromise, settle } from '../model/fake-actors'

// Stands in for `src/features/auth/actors.ts` in view tests:
//   vi.mock('../../src/lib/auth/session-actors', () => import('./fake-auth'))
// The backend's auth events are sent by the test; sign-out runs are settled by the test.

const listeners = new Set<(event: AuthEvent) => void>()
const signOutRuns = controllablePromise<void>()

export const watchAuthChanges = fromCallback<AuthEvent>(({ sendBack }) => {
  listeners.add(sendBack)
  return () => {
    listeners.delete(sendBack)
  }
})

export const signOut = signOutRuns.logic

export const kari: AuthSession = {
  access_token: 'jwt-kari',
  user: { id: 'u1', email: 'kari@example.no', user_metadata: { full_name: 'Kari Nordmann' } },
}

/** A token of the shape the auth service signs (the gate reads only its claims). */
const token = (claims: Record<string, unknown>) => `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.sig`

/** Kari with two-factor sign-in, signed in with her password only (aal1): the code is due. */
export const kariBeforeCode: AuthSession = {
  access_token: token({ sub: 'u1', aal: 'aal1' }),
  user: { ...kari.user, factors: [{ id: 'f1', status: 'verified', factor_type: 'totp', created_at: '2026-11-20T10:00:00Z' }] },
}

export const fakeAuth = {
  /** How many auth watchers run: one once a page has asked for the session, none before. */
  get watching() {
    return listeners.size
  },
  /** The backend reports an auth event (`INITIAL_SESSION` first, once the stored session is read). */
  change: (event: AuthChangeEvent, session: AuthSession | null) => act(() => fakeAuth.report(event, session)),
  /** `change` without its own `act`, for a test that does more in the same one. */
  report: (event: AuthChangeEvent, session: AuthSession | null) => {
    if (listeners.size === 0) throw new Error('nobody watches the auth state: was auth.start sent?')
    for (const listener of listeners) listener({ type: 'auth.changed', event, session })
  },
  signOut: signOutRuns,
  /** Settles the latest sign-out run, then lets the auth actor take the outcome. */
  settleSignOut: async (outcome: 'done' | 'error', error?: unknown) => {
    if (outcome === 'done') signOutRuns.resolve()
    else signOutRuns.reject(error)
    await act(settle)
  },
  reset: () => {
    listeners.clear()
    signOutRuns.runs.length = 0
  },
}
