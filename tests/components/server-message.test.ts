import { describe, expect, it } from 'vitest'
import { type authCodeMessages, functionMessages, serverMessage } from '../../src/lib/server-message'
import { createI18nWith } from '../../src/i18n/i18n'
import { catalogs } from '../render'

// What the auth service and the functions say in English, as they say it.
const serverTexts: Record<keyof typeof authCodeMessages, string> = {
  invalid_credentials: 'Invalid login credentials',
  email_not_confirmed: 'Email not confirmed',
  user_already_exists: 'User already registered',
  email_exists: 'Email address already exists',
  weak_password: 'Password should be at least 6 characters.',
  same_password: 'New password should be different from the old password.',
  over_request_rate_limit: 'Request rate limit reached',
  over_email_send_rate_limit: 'Email rate limit exceeded',
  email_address_invalid: 'Email address "x@example.com" is invalid',
  validation_failed: 'Unable to validate email address: invalid format',
  signup_disabled: 'Signups not allowed for this instance',
  otp_expired: 'Email link is invalid or has expired',
  session_not_found: 'Session from session_id claim in JWT does not exist',
  session_expired: 'Session expired',
  bad_jwt: 'invalid JWT: unable to parse or verify signature',
  user_not_found: 'User from sub claim in JWT does not exist',
  insufficient_aal: 'AAL2 session is required to update email or password when MFA is enabled.',
  mfa_verification_rejected: 'Further MFA verification attempts will be rejected.',
  same_address: 'That is the current address',
}

const nb = createI18nWith('nb', catalogs.nb)
const en = createI18nWith('en', catalogs.en)

describe('server refusals in the visitor’s language', () => {
  for (const [code, text] of Object.entries(serverTexts)) {
    it(`auth code ${code}: Norwegian and English, never the server's English`, () => {
      const norwegian = serverMessage(nb, { code, message: text })!
      const english = serverMessage(en, { code, message: text })!
      expect(norwegian).toBeTruthy()
      expect(english).toBeTruthy()
      expect(norwegian).not.toBe(text)
      expect(norwegian).not.toBe(english)
    })
  }

  for (const text of Object.keys(functionMessages)) {
    it(`function error "${text}": Norwegian and English`, () => {
      const norwegian = serverMessage(nb, { message: text })!
      expect(norwegian).not.toBe(text)
      expect(norwegian).not.toBe(serverMessage(en, { message: text }))
    })
  }

  it('a refusal that names a plan is worded with the plan’s name; an unknown plan keeps the server’s text', () => {
    const refusal = { code: 'already_on_plan', plan: 'pro', message: 'Already on Pro' }
    expect(serverMessage(nb, refusal)).toBe('Du har allerede Pro, så det er ingenting å betale.')
    expect(serverMessage(en, refusal)).toBe('You already have Pro, so there is nothing to pay.')
    expect(serverMessage(en, { ...refusal, plan: 'gold' })).toBe('Already on Pro')
  })

  it('an unknown code keeps the server’s text; nothing at all leaves the fallback to the caller', () => {
    expect(serverMessage(nb, { code: 'something_new', message: 'Something new happened' })).toBe('Something new happened')
    expect(serverMessage(nb, {})).toBeUndefined()
  })
})
