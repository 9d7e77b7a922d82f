// The browser keeps the session without Google's access token: the product never calls Google.
import { afterEach, describe, expect, it } from 'vitest'
import { AUTH_STORAGE_KEY, sessionStore, withoutProviderTokens } from '../../src/lib/supabase'

const session = {
  access_token: 'jwt',
  refresh_token: 'r1',
  expires_at: 1,
  provider_token: 'ya29.google-access-token',
  provider_refresh_token: '1//google-refresh',
  user: { id: 'u1', email: 'kari@example.no' },
}

afterEach(() => localStorage.clear())

describe('the session store', () => {
  it('stores the session without provider_token and provider_refresh_token', () => {
    sessionStore.setItem(AUTH_STORAGE_KEY, JSON.stringify(session))
    const stored = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY)!)
    expect(stored).toEqual({ access_token: 'jwt', refresh_token: 'r1', expires_at: 1, user: session.user })
    expect(sessionStore.getItem(AUTH_STORAGE_KEY)).not.toContain('google')
  })

  it('leaves other keys (the PKCE verifier) and non-JSON values as they are', () => {
    sessionStore.setItem(`${AUTH_STORAGE_KEY}-code-verifier`, '"abc/provider_token"')
    expect(localStorage.getItem(`${AUTH_STORAGE_KEY}-code-verifier`)).toBe('"abc/provider_token"')
    sessionStore.setItem(AUTH_STORAGE_KEY, 'not json')
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBe('not json')
    sessionStore.removeItem(AUTH_STORAGE_KEY)
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull()
  })

  it('drops the tokens from a session object too, and leaves others untouched', () => {
    expect(withoutProviderTokens(session)).not.toHaveProperty('provider_token')
    const plain = { access_token: 'jwt' }
    expect(withoutProviderTokens(plain)).toBe(plain)
    expect(withoutProviderTokens(null)).toBeNull()
  })
})
