// The account page's security actors (src/features/auth/account-settings/security-actors.ts) against
// a stand-in for supabase-js's auth client: the component tests mock these actors, so what they ask
// of supabase-js is held here.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, toPromise } from 'xstate'

const auth = vi.hoisted(() => ({
  signOuts: [] as unknown[],
  refusal: null as { code: string; message: string } | null,
}))
vi.mock('../../src/lib/supabase', () => ({
  getSupabase: async () => ({
    auth: {
      async signOut(options?: unknown) {
        auth.signOuts.push(options)
        return { error: auth.refusal }
      },
    },
  }),
  createScratchClient: async () => {
    throw new Error('signOutOthers needs no scratch client')
  },
}))

const { signOutOthers } = await import('../../src/features/auth/account-settings/security-actors')

afterEach(() => {
  auth.signOuts.length = 0
  auth.refusal = null
})

describe('signOutOthers', () => {
  it('ends the account’s other sessions only: signOut with scope others, so this device stays signed in', async () => {
    await toPromise(createActor(signOutOthers).start())
    expect(auth.signOuts).toEqual([{ scope: 'others' }])
  })

  it('a refusal reaches the machine as its code and message', async () => {
    auth.refusal = { code: 'session_not_found', message: 'Session from session_id claim in JWT does not exist' }
    await expect(toPromise(createActor(signOutOthers).start())).rejects.toEqual({
      code: 'session_not_found',
      message: 'Session from session_id claim in JWT does not exist',
    })
  })
})
