// Two-factor sign-in on the local stack with the real client: GoTrue's /factors API (enroll,
// challenge, verify, unenroll), the aal and amr claims of every token, and row-level security that
// wants aal2 from an account with a verified factor; an authenticator set-up left unfinished asks
// for no second factor (row-level security, the functions and the app's gate alike), as on hosted.
import { AuthApiError, type SupabaseClient } from '@supabase/supabase-js'
import { Secret, TOTP } from 'otpauth'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { secondFactorDue } from '../../machines/assurance'
import { client, confirmedUser, functionError, type LocalStack, serviceClient, STARTUP_TIMEOUT, startTestStack } from './helpers.ts'

let stack: LocalStack

beforeAll(async () => {
  stack = await startTestStack()
}, STARTUP_TIMEOUT)
afterAll(() => stack.stop())
afterEach(() => {
  vi.useRealTimers()
})

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString())
const totpOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 })
/** A well-formed code that is not the current one (nor the one before or after). */
const wrongCode = (secret: string) => {
  const totp = totpOf(secret)
  const near = [-1, 0, 1].map((step) => totp.generate({ timestamp: Date.now() + step * 30_000 }))
  return ['000000', '111111', '222222'].find((code) => !near.includes(code))!
}

async function enrolled(sb: SupabaseClient) {
  const { data, error } = await sb.auth.mfa.enroll({ factorType: 'totp', issuer: 'Vekstlinje' })
  expect(error).toBeNull()
  return data!
}

async function raise(sb: SupabaseClient, factorId: string, secret: string) {
  // A code works once (the MFA verification hook): these tests give codes seconds apart, so the last
  // accepted one is made a minute older first, as if the app had moved on to its next code.
  await stack.db.query(`update public.mfa_factor_locks set last_valid_at = now() - interval '2 minutes' where factor_id = $1`, [factorId])
  const { data, error } = await sb.auth.mfa.challengeAndVerify({ factorId, code: totpOf(secret).generate() })
  expect(error).toBeNull()
  return data!
}

async function subscriptionFor(userId: string) {
  const { error } = await serviceClient(stack)
    .from('subscriptions')
    .insert({ user_id: userId, product_name: 'pro', status: 'active', stripe_subscription_id: `sub_${crypto.randomUUID()}` })
  expect(error).toBeNull()
}

describe('enroll → challenge → verify', () => {
  it('enrolls an authenticator app: a QR code, the secret and its URI; the factor stays unverified until a code is verified', async () => {
    const { sb, email } = await confirmedUser(stack)
    const factor = await enrolled(sb)
    expect(factor.type).toBe('totp')
    expect(factor.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(factor.totp.uri).toBe(
      `otpauth://totp/Vekstlinje:${encodeURIComponent(email)}?issuer=Vekstlinje&secret=${factor.totp.secret}&algorithm=SHA1&digits=6&period=30`,
    )
    // supabase-js makes a data URL of GoTrue's SVG; a `#` in it would cut the image short.
    expect(factor.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true)
    expect(factor.totp.qr_code).not.toContain('#')

    const listed = await sb.auth.mfa.listFactors()
    expect(listed.data?.all.map((f) => [f.id, f.status, f.factor_type])).toEqual([[factor.id, 'unverified', 'totp']])
    expect(listed.data?.totp).toEqual([])
    const level = await sb.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' })
  })

  it('refuses a wrong code as GoTrue does, and a right one raises the session to aal2 with totp and password in amr', async () => {
    const { sb } = await confirmedUser(stack)
    const factor = await enrolled(sb)
    const challenge = await sb.auth.mfa.challenge({ factorId: factor.id })
    expect(challenge.error).toBeNull()
    expect(challenge.data?.type).toBe('totp')
    expect(challenge.data!.expires_at).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 299)

    const wrong = await sb.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: wrongCode(factor.totp.secret) })
    expect(wrong.error).toBeInstanceOf(AuthApiError)
    expect(wrong.error).toMatchObject({ status: 422, code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' })

    // The same challenge still takes the right code.
    const right = await sb.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: totpOf(factor.totp.secret).generate() })
    expect(right.error).toBeNull()
    const claims = claimsOf(right.data!.access_token)
    expect(claims.aal).toBe('aal2')
    expect(claims.amr.map((entry: { method: string }) => entry.method)).toEqual(['totp', 'password'])
    expect(right.data!.user.factors?.map((f) => f.status)).toEqual(['verified'])

    // A verified challenge is spent.
    const again = await sb.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: totpOf(factor.totp.secret).generate() })
    expect(again.error).toMatchObject({ status: 422, code: 'mfa_ip_address_mismatch' })

    const level = await sb.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' })
    const listed = await sb.auth.mfa.listFactors()
    expect(listed.data?.totp.map((f) => f.id)).toEqual([factor.id])

    // A refresh keeps the session's level.
    const refreshed = await sb.auth.refreshSession()
    expect(refreshed.error).toBeNull()
    expect(claimsOf(refreshed.data.session!.access_token)).toMatchObject({ aal: 'aal2' })
  })

  it('a challenge expires after 300 s', async () => {
    const { sb } = await confirmedUser(stack)
    const factor = await enrolled(sb)
    const challenge = await sb.auth.mfa.challenge({ factorId: factor.id })
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 301_000 })
    const late = await sb.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: totpOf(factor.totp.secret).generate() })
    expect(late.error).toMatchObject({ status: 422, code: 'mfa_challenge_expired' })
  })

  it('a factor is its owner’s alone, and a second one with the same name is refused', async () => {
    const alice = await confirmedUser(stack)
    const bob = await confirmedUser(stack)
    const factor = await enrolled(alice.sb)
    const stolen = await bob.sb.auth.mfa.challenge({ factorId: factor.id })
    expect(stolen.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found', message: 'Factor not found' })
    const twin = await alice.sb.auth.mfa.enroll({ factorType: 'totp' })
    expect(twin.error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict' })
    const phone = await alice.sb.auth.mfa.enroll({ factorType: 'phone', phone: '+4799999999' })
    expect(phone.error).toMatchObject({ status: 422, code: 'mfa_phone_enroll_not_enabled' })
    const signedOut = await client(stack).auth.mfa.enroll({ factorType: 'totp' })
    // Without a session supabase-js sends the anon key, which names no user.
    expect(signedOut.error).toMatchObject({ status: 403, code: 'bad_jwt', message: 'invalid claim: missing sub claim' })
  })
})

describe('an account with a verified factor', () => {
  it('signs in at aal1 with its password, needs aal2 to remove the factor or add another, and loses other aal1 sessions on verify', async () => {
    const { sb, email, password } = await confirmedUser(stack)
    const factor = await enrolled(sb)
    const elsewhere = client(stack)
    expect((await elsewhere.auth.signInWithPassword({ email, password })).error).toBeNull()
    await raise(sb, factor.id, factor.totp.secret)
    // GoTrue ends the user's sessions below aal2 once a factor is verified.
    expect((await elsewhere.auth.refreshSession()).error).toMatchObject({ code: 'refresh_token_not_found' })

    const second = client(stack)
    const signIn = await second.auth.signInWithPassword({ email, password })
    expect(claimsOf(signIn.data.session!.access_token)).toMatchObject({ aal: 'aal1' })
    expect((await second.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' })
    // The app's gate reads the stored session as supabase-js does.
    expect(secondFactorDue((await second.auth.getSession()).data.session!)).toBe(true)
    expect(secondFactorDue((await sb.auth.getSession()).data.session!)).toBe(false)
    const remove = await second.auth.mfa.unenroll({ factorId: factor.id })
    expect(remove.error).toMatchObject({ status: 422, code: 'insufficient_aal', message: 'AAL2 required to unenroll verified factor' })
    const another = await second.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Second phone' })
    expect(another.error).toMatchObject({ status: 403, code: 'insufficient_aal' })

    await raise(second, factor.id, factor.totp.secret)
    const removed = await second.auth.mfa.unenroll({ factorId: factor.id })
    expect(removed.error).toBeNull()
    expect(removed.data).toEqual({ id: factor.id })
    const refreshed = await second.auth.refreshSession()
    expect(claimsOf(refreshed.data.session!.access_token)).toMatchObject({ aal: 'aal1' })
    expect(refreshed.data.user?.factors ?? []).toEqual([])
  })
})

describe('row-level security on subscriptions', () => {
  it('an aal1 session of an account with a factor reads no rows; aal2 reads them; an account without a factor reads them at aal1', async () => {
    const guarded = await confirmedUser(stack)
    const factor = await enrolled(guarded.sb)
    await raise(guarded.sb, factor.id, factor.totp.secret)
    await subscriptionFor(guarded.user.id)

    const atAal1 = client(stack)
    await atAal1.auth.signInWithPassword({ email: guarded.email, password: guarded.password })
    const hidden = await atAal1.from('subscriptions').select('*').eq('user_id', guarded.user.id)
    expect(hidden.error).toBeNull()
    expect(hidden.data).toEqual([])

    const shown = await guarded.sb.from('subscriptions').select('user_id, product_name')
    expect(shown.data).toEqual([{ user_id: guarded.user.id, product_name: 'pro' }])
    await raise(atAal1, factor.id, factor.totp.secret)
    expect((await atAal1.from('subscriptions').select('user_id')).data).toHaveLength(1)

    // The functions that read or change the account's data refuse the aal1 session too.
    const exported = await atAal1.functions.invoke('export-account', { body: {} })
    expect(exported.error).toBeNull()
    expect(exported.data.subscriptions).toHaveLength(1)
    const stillAal1 = client(stack)
    await stillAal1.auth.signInWithPassword({ email: guarded.email, password: guarded.password })
    expect(await functionError(stillAal1, 'export-account', {})).toEqual({ status: 403, body: { error: 'Second factor required' } })
    expect(await functionError(stillAal1, 'create-portal-session', {})).toEqual({ status: 403, body: { error: 'Second factor required' } })

    const plain = await confirmedUser(stack)
    await subscriptionFor(plain.user.id)
    expect(claimsOf(plain.session!.access_token)).toMatchObject({ aal: 'aal1' })
    expect((await plain.sb.from('subscriptions').select('user_id')).data).toEqual([{ user_id: plain.user.id }])
  })
})

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
