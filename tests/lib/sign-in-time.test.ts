import { describe, expect, it } from 'vitest'
import { sessionSignedInAt } from '../../src/features/auth/account-settings/sign-in-time'

const tokenWith = (claims: unknown) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`

describe('sessionSignedInAt', () => {
  it('is the earliest time of the token’s amr claim', () => {
    const token = tokenWith({ amr: [{ method: 'totp', timestamp: 1_795_000_600 }, { method: 'password', timestamp: 1_795_000_000 }] })
    expect(sessionSignedInAt(token)).toEqual(new Date(1_795_000_000 * 1000))
  })

  it('reads base64url payloads (with - and _), as GoTrue writes them', () => {
    const token = tokenWith({ amr: [{ method: 'password', timestamp: 1_795_000_000 }], user_metadata: { full_name: '??>>~~' } })
    expect(token.split('.')[1]).toMatch(/[-_]/)
    expect(sessionSignedInAt(token)).toEqual(new Date(1_795_000_000 * 1000))
  })

  it('is null when the token says nothing usable', () => {
    for (const token of [undefined, '', 'a', 'a.%%%.c', tokenWith({}), tokenWith({ amr: 'password' }), tokenWith({ amr: [{ method: 'password' }] })]) {
      expect(sessionSignedInAt(token), String(token)).toBeNull()
    }
  })
})
