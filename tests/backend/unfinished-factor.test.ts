// An authenticator set-up left unfinished (a factor enrolled, never verified) asks for no second
// factor, as on hosted Supabase: row-level security, the functions and the app's gate alike. A
// stand-in laxer than GoTrue would let laxer app behaviour pass (the stand-in's own edges of sign-in:
// supabase/local/tests/auth-edge-cases.test.ts).
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { secondFactorDue } from '../../machines/assurance'
import { client, confirmedUser, type LocalStack, serviceClient, STARTUP_TIMEOUT, startTestStack } from './helpers.ts'

let stack: LocalStack
beforeAll(async () => {
  // The bot check on, as config.toml's [auth.captcha] turns it on.
  stack = await startTestStack({ auth: { botCheck: true } })
}, STARTUP_TIMEOUT)
afterAll(() => stack.stop())

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString())

async function enrolled(sb: SupabaseClient) {
  const { data, error } = await sb.auth.mfa.enroll({ factorType: 'totp', issuer: 'Vekstlinje' })
  expect(error).toBeNull()
  return data!
}

describe('an authenticator set-up left unfinished (a factor enrolled, never verified)', () => {
  it('asks for no second factor: at aal1 the account reads its subscription, exports its data, and the app asks for no code', async () => {
    const { sb, email, password, user } = await confirmedUser(stack)
    await enrolled(sb)
    const inserted = await serviceClient(stack)
      .from('subscriptions')
      .insert({ user_id: user.id, product_name: 'pro', status: 'active', stripe_subscription_id: `sub_${crypto.randomUUID()}` })
    expect(inserted.error).toBeNull()

    // Signed in again later (the tab with the QR code was closed).
    const later = client(stack)
    expect((await later.auth.signInWithPassword({ email, password })).error).toBeNull()
    const session = (await later.auth.getSession()).data.session!
    expect(claimsOf(session.access_token)).toMatchObject({ aal: 'aal1' })
    expect(session.user.factors?.map((factor) => factor.status)).toEqual(['unverified'])

    // The app's gate (machines/assurance.ts): a code step here would find no factor to check it against.
    expect(secondFactorDue(session)).toBe(false)
    // Row-level security: the dashboard shows the plan, not Free.
    expect((await later.from('subscriptions').select('user_id, product_name')).data).toEqual([{ user_id: user.id, product_name: 'pro' }])
    // The functions (signedInRequest): no 403 "Second factor required" that no factor could satisfy.
    const exported = await later.functions.invoke('export-account', { body: {} })
    expect(exported.error).toBeNull()
    expect(exported.data.subscriptions).toHaveLength(1)
  })
})
