import { act, fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { loginFormMachine } from '../../machines/login-form.machine'
import { Toaster } from '../../src/components/toaster/toaster'
import { LoginForm } from '../../src/features/auth/login/login-form'
import { settle } from '../model/fake-actors'
import { renderInApp, toasterLoaded } from '../render'
import { formStandIns } from './form-stand-ins'

// Where the sign-in page sends a visitor once signed in: the `?next=` it was opened with, only when
// that is a path of this site (src/lib/safe-next.ts), through the page's own logic.
async function signInAt(path: string) {
  const stubs = formStandIns(loginFormMachine, ['signIn'])
  const view = renderInApp(
    <>
      <LoginForm />
      <Toaster />
    </>,
    { lang: 'nb', path, browserHistory: true, standIns: [stubs.standIn] },
  )
  try {
    await toasterLoaded()
    stubs.schemaArrives()
    fireEvent.change(screen.getByLabelText('E-post'), { target: { value: 'kari@example.no' } })
    fireEvent.change(screen.getByLabelText('Passord'), { target: { value: 'correct-horse-1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Logg inn' }))
    await act(settle)
    expect(stubs.runs('signIn')).toHaveLength(1)
    await stubs.settle({ type: 'xstate.done.actor.signIn', output: { secondFactorDue: false } })
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
