import { afterEach, describe, expect, it } from 'vitest'
import { certainlySignedOut } from '../../src/app/page-script/signed-out'
import { mayHaveSession } from '../../src/lib/auth/session-actors'
import { AUTH_STORAGE_KEY } from '../../src/lib/supabase'

// A signed-out visitor is known without the backend client only when nothing could hold a session.
describe('mayHaveSession', () => {
  afterEach(() => {
    localStorage.clear()
    window.history.replaceState(null, '', '/')
  })

  it('is false with nothing stored and nothing in the address', () => {
    window.history.replaceState(null, '', '/app?tab=plan#plan')
    expect(mayHaveSession()).toBe(false)
  })

  it('is true with a session stored in this browser', () => {
    localStorage.setItem(AUTH_STORAGE_KEY, '{"access_token":"x"}')
    expect(mayHaveSession()).toBe(true)
  })

  it.each(['/app#access_token=x&refresh_token=y&type=signup', '/reset-password#access_token=x&type=recovery', '/app#error=access_denied&error_code=otp_expired', '/app?code=abc'])(
    'is true when a link brings a session or its refusal: %s',
    (url) => {
      window.history.replaceState(null, '', url)
      expect(mayHaveSession()).toBe(true)
    },
  )
})

// The page's own script decides before the app loads, with a stricter test of its own: it never
// calls signed out a visitor the app might find signed in.
describe('certainlySignedOut', () => {
  afterEach(() => {
    localStorage.clear()
    window.history.replaceState(null, '', '/')
  })

  it('is true with nothing stored and nothing in the address', () => {
    window.history.replaceState(null, '', '/app?tab=plan')
    expect(certainlySignedOut()).toBe(true)
  })

  it('reads the key the app gives supabase-js', () => {
    localStorage.setItem(AUTH_STORAGE_KEY, '{"access_token":"x"}')
    expect(certainlySignedOut()).toBe(false)
  })

  it.each(['/app#access_token=x&refresh_token=y&type=signup', '/app#error=access_denied', '/app#plan', '/app?code=abc'])('is false when the address may bring a session: %s', (url) => {
    window.history.replaceState(null, '', url)
    expect(certainlySignedOut()).toBe(false)
    expect(mayHaveSession() || url === '/app#plan').toBe(true)
  })
})
