// POST /verify checks what verifyOtp sends: a link's token hash, or an address and a code typed in.
// GoTrue limits it per client address (config.toml [auth.rate_limit] token_verifications: a bucket
// that holds the burst and refills at that many per five minutes), so that codes cannot be guessed
// without end. The stack here has a burst of 3 and a refill of one per five minutes: nothing comes
// back into the bucket while the test runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalStack, STARTUP_TIMEOUT, startTestStack, uniqueEmail } from './helpers.ts'

const BURST = 3

let stack: LocalStack
beforeAll(async () => {
  stack = await startTestStack({ auth: { rateLimitBurst: BURST, tokenVerifications: 1 } })
}, STARTUP_TIMEOUT)
afterAll(() => stack.stop())

describe('typed codes are limited per client address (token_verifications)', () => {
  it('after the burst of guesses, the next POST /verify is refused with 429 before any code is checked', async () => {
    const email = uniqueEmail('guess')
    const guess = (code: string) =>
      fetch(`${stack.url}/auth/v1/verify`, {
        method: 'POST',
        headers: { apikey: stack.anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, token: code, type: 'recovery' }),
      })
    for (let i = 0; i < BURST; i += 1) {
      const wrong = await guess(String(i).padStart(6, '0'))
      expect(wrong.status).toBe(403)
      expect(await wrong.json()).toMatchObject({ code: 'otp_expired' })
    }
    const limited = await guess('999999')
    expect(limited.status).toBe(429)
    expect(await limited.json()).toMatchObject({ code: 'over_request_rate_limit' })
  })
})
