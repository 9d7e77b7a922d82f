import { act, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LoginForm } from '../../src/features/auth/login/login-form'
import { Toaster } from '../../src/components/toaster/toaster'
import { settle } from '../model/fake-actors'
import { renderInApp, toasterLoaded } from '../render'

// Where the sign-in page sends a visitor once signed in: the `?next=` it was opened with, only when
// that is a path of this site (src/lib/safe-next.ts), through the page's own logic.
const signIns = vi.hoisted(() => [] as Array<(value?: unknown) => void>)
vi.mock('../../src/features/auth/actors', async () => {
  const { fromPromise } = await import('xstate')
  const never = fromPromise(() => new Promise(() => {}))
  return {
    signInWithPassword: fromPromise(() => new Promise((resolve) => signIns.push(resolve))),
    signInWithGoogle: () => never,
    resendConfirmation: () => never,
    signUp: () => never,
  }
})

afterEach(() => {
  signIns.length = 0
})

async function signInAt(path: string) {
  const view = renderInApp(
    <>
      <LoginForm />
      <Toaster />
    </>,
    { lang: 'nb', path, browserHistory: true },
  )
  try {
    await toasterLoaded()
    fireEvent.change(screen.getByLabelText('E-post'), { target: { value: 'kari@example.no' } })
    fireEvent.change(screen.getByLabelText('Passord'), { target: { value: 'correct-horse-1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Logg inn' }))
    await act(settle)
    expect(signIns).toHaveLength(1)
    signIns[0]!()
    await act(settle)
    return { origin: window.location.origin, where: `${window.location.pathname}${window.location.search}` }
  } finally {
    view.unmount()
  }
}

// The first render loads the page's modules and catalogs: more than the default 5 s on a busy machine.
describe('the sign-in page and ?next=', { timeout: 30_000 }, () => {
  it('returns to a path of this site, with its query', async () => {
    expect(await signInAt(`/login?next=${encodeURIComponent('/en/checkout-pro?plan=pro')}`)).toEqual({ origin: 'http://localhost:3000', where: '/en/checkout-pro?plan=pro' })
  })

  for (const hostile of ['//evil.example/app', '/\\evil.example/app', '/\t/evil.example/app', 'https://evil.example/app', 'javascript:alert(1)']) {
    it(`goes to the dashboard instead of ${JSON.stringify(hostile)}`, async () => {
      expect(await signInAt(`/login?next=${encodeURIComponent(hostile)}`)).toEqual({ origin: 'http://localhost:3000', where: '/app' })
    })
  }
})
