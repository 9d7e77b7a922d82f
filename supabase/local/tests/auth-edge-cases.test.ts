// The edges of sign-in that the stand-in of GoTrue must hold as hosted Supabase does: a code from
// the authenticator app is good for one step either way; an e-mailed link counts once and for an
// hour; the bot check holds for requests that carry a bearer, as supabase-js's do; a bot-check token
// lives 300 seconds; and a `*` of the redirect allow list stays within one part of a name. A stand-in
// laxer than GoTrue would let laxer app behaviour pass. (What the product makes of an authenticator
// set-up left unfinished: tests/backend/mfa.test.ts.)
import type { SupabaseClient } from '@supabase/supabase-js'
import { Secret, TOTP } from 'otpauth'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { isRedirectAllowed } from '../auth-redirect.ts'
import { createBotCheck } from '../bot-check.ts'
import { askEmailChange, client, confirmedUser, type LocalStack, linkOf, mails, STARTUP_TIMEOUT, startTestStack, uniqueEmail } from './helpers.ts'

let stack: LocalStack
beforeAll(async () => {
  // The bot check on, as config.toml's [auth.captcha] turns it on.
  stack = await startTestStack({ auth: { botCheck: true } })
}, STARTUP_TIMEOUT)
afterAll(() => stack.stop())
afterEach(() => {
  vi.useRealTimers()
})

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString())
const totpOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 })
const STEP_MS = 30_000

async function enrolled(sb: SupabaseClient) {
  const { data, error } = await sb.auth.mfa.enroll({ factorType: 'totp', issuer: 'Vekstlinje' })
  expect(error).toBeNull()
  return data!
}

const userRow = async (id: string) =>
  (await stack.db.query<{ email: string; email_change: string | null }>('select email, email_change from auth.users where id = $1', [id])).rows[0]!

/** The link of the newest e-mail of `type` to `to`, as the button of the page it opens verifies it. */
async function newestLink(to: string, type: 'recovery' | 'email_change') {
  const links = (await mails(stack, to)).filter((mail) => mail.links.some((link) => link.includes('/auth/confirm'))).map(linkOf)
  const link = links.find((candidate) => candidate.type === type)
  if (!link) throw new Error(`no ${type} link to ${to}`)
  return link
}

/** A change of address as the account page asks for it (request-email-change); both addresses get a link. */
async function changeAddress(account: { sb: SupabaseClient; password: string }, next: string) {
  const { data, error } = await askEmailChange(stack, account, next)
  expect(error).toBeNull()
  expect(data).toEqual({ requested: true })
}

/** Moves the time a link was sent back by `minutes` (config.toml's otp_expiry is 3600 s). */
const sentAgo = (column: 'recovery_sent_at' | 'email_change_sent_at', id: string, minutes: number) =>
  stack.db.query(`update auth.users set ${column} = now() - make_interval(mins => $2) where id = $1`, [id, minutes])

describe('a code from the authenticator app', () => {
  it('is good for one 30-second step either way, as GoTrue’s: the code of three steps ago is refused, the one of a step ago raises the session', async () => {
    const { sb } = await confirmedUser(stack)
    const factor = await enrolled(sb)
    const totp = totpOf(factor.totp.secret)
    // The clock held still, so that no step ends between making a code and checking it.
    const now = Date.now()
    vi.useFakeTimers({ toFake: ['Date'], now })
    const codeAt = (steps: number) => totp.generate({ timestamp: now + steps * STEP_MS })
    const inWindow = [-1, 0, 1].map(codeAt)
    // Three steps ago (or four, in the one case in a million that the old code equals a current one).
    const stale = [codeAt(-3), codeAt(-4)].find((code) => !inWindow.includes(code))!

    const refused = await sb.auth.mfa.challengeAndVerify({ factorId: factor.id, code: stale })
    expect(refused.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' })
    const accepted = await sb.auth.mfa.challengeAndVerify({ factorId: factor.id, code: codeAt(-1) })
    expect(accepted.error).toBeNull()
    expect(claimsOf(accepted.data!.access_token)).toMatchObject({ aal: 'aal2' })
  })
})

describe('a change of e-mail address, confirmed by both addresses', () => {
  it('the new address’s link pressed twice does not complete it; the current address’s link then does', async () => {
    const account = await confirmedUser(stack)
    const { email, user } = account
    const next = uniqueEmail('twice')
    await changeAddress(account, next)
    const toNew = await newestLink(next, 'email_change')
    const toCurrent = await newestLink(email, 'email_change')

    const first = await client(stack).auth.verifyOtp({ token_hash: toNew.token_hash, type: 'email_change' })
    expect(first.error).toBeNull()
    expect(first.data.session).toBeNull()
    const again = await client(stack).auth.verifyOtp({ token_hash: toNew.token_hash, type: 'email_change' })
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired' })
    expect(await userRow(user.id)).toMatchObject({ email, email_change: next })

    const other = await client(stack).auth.verifyOtp({ token_hash: toCurrent.token_hash, type: 'email_change' })
    expect(other.error).toBeNull()
    expect(await userRow(user.id)).toMatchObject({ email: next, email_change: null })
  })

  it('a link sent over an hour ago is refused; until then it counts', async () => {
    const account = await confirmedUser(stack)
    const next = uniqueEmail('late-change')
    await changeAddress(account, next)
    const { token_hash } = await newestLink(next, 'email_change')

    await sentAgo('email_change_sent_at', account.user.id, 61)
    expect((await client(stack).auth.verifyOtp({ token_hash, type: 'email_change' })).error).toMatchObject({ status: 403, code: 'otp_expired' })
    await sentAgo('email_change_sent_at', account.user.id, 59)
    expect((await client(stack).auth.verifyOtp({ token_hash, type: 'email_change' })).error).toBeNull()
  })
})

describe('a password-reset link', () => {
  it('signs in once: the same hash pressed again is refused', async () => {
    const { email } = await confirmedUser(stack)
    expect((await client(stack).auth.resetPasswordForEmail(email)).error).toBeNull()
    const { token_hash } = await newestLink(email, 'recovery')
    const first = await client(stack).auth.verifyOtp({ token_hash, type: 'recovery' })
    expect(first.error).toBeNull()
    expect(first.data.session?.user.email).toBe(email)
    const again = await client(stack).auth.verifyOtp({ token_hash, type: 'recovery' })
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Email link is invalid or has expired' })
  })

  it('sent over an hour ago is refused; until then it signs in', async () => {
    const { email, user } = await confirmedUser(stack)
    expect((await client(stack).auth.resetPasswordForEmail(email)).error).toBeNull()
    const { token_hash } = await newestLink(email, 'recovery')

    await sentAgo('recovery_sent_at', user.id, 61)
    expect((await client(stack).auth.verifyOtp({ token_hash, type: 'recovery' })).error).toMatchObject({ status: 403, code: 'otp_expired' })
    await sentAgo('recovery_sent_at', user.id, 59)
    const inTime = await client(stack).auth.verifyOtp({ token_hash, type: 'recovery' })
    expect(inTime.error).toBeNull()
    expect(inTime.data.session?.user.email).toBe(email)
  })
})

describe('the bot check, for requests that carry a bearer as supabase-js’s do', () => {
  const signUp = (headers: Record<string, string>) =>
    fetch(`${stack.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ email: uniqueEmail('bearer'), password: 'fjord-Lys-2025' }),
    })

  it('a sign-up with the anon key or a user’s token as its bearer, and no bot-check token, is refused (only the service role needs none)', async () => {
    const { session } = await confirmedUser(stack)
    for (const bearer of [stack.anonKey, session.access_token]) {
      const res = await signUp({ authorization: `Bearer ${bearer}` })
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ code: 'captcha_failed', message: 'captcha protection: request disallowed (no captcha_token found)' })
    }
    // supabase-js itself, without the widget's token.
    const { error } = await client(stack, { botCheck: false }).auth.signUp({ email: uniqueEmail('bearer'), password: 'fjord-Lys-2025' })
    expect(error).toMatchObject({ status: 400, code: 'captcha_failed' })
  })
})

describe('a bot-check token (the stand-in of Turnstile’s siteverify)', () => {
  it('is good for 300 seconds: one 301 seconds old is refused as timeout-or-duplicate', () => {
    const check = createBotCheck('turnstile-secret')
    const issued = Date.now()
    vi.useFakeTimers({ toFake: ['Date'], now: issued })
    const young = check.challenge()
    const old = check.challenge()
    vi.setSystemTime(issued + 299_000)
    expect(check.verify({ secret: 'turnstile-secret', response: young })).toMatchObject({ success: true, 'error-codes': [] })
    vi.setSystemTime(issued + 301_000)
    expect(check.verify({ secret: 'turnstile-secret', response: old })).toEqual({ success: false, 'error-codes': ['timeout-or-duplicate'] })
  })
})

describe('the redirect allow list (GoTrue’s globs: gobwas/glob with . and / as separators)', () => {
  const site = 'https://vekstlinje.example'
  const allowList = ['https://*.vekstlinje.example/**']

  it('a single * matches within one part of the name, never across a . or a /', () => {
    expect(isRedirectAllowed('https://preview.vekstlinje.example/en/reset-password', site, allowList)).toBe(true)
    for (const url of ['https://evil.example/.vekstlinje.example/x', 'https://deep.preview.vekstlinje.example/x']) {
      expect(isRedirectAllowed(url, site, allowList), url).toBe(false)
    }
  })
})
