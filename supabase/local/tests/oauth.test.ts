// A Google sign-in that lands on an account whose address was never confirmed: as GoTrue's
// RemoveUnconfirmedIdentities (models/user.go, called from api/external.go), the account becomes
// Google's alone. Whoever signed up with the address first (and chose its password and name)
// keeps nothing: the password is cleared, the metadata replaced by Google's, the e-mail identity
// and every pending link dropped. A confirmed account keeps its password and adds Google.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, confirmedUser, follow, fragment, type LocalStack, linkOf, mails, SITE, STARTUP_TIMEOUT, startTestStack, uniqueEmail } from './helpers.ts'

let stack: LocalStack
beforeAll(async () => {
  stack = await startTestStack()
}, STARTUP_TIMEOUT)
afterAll(() => stack.stop())

/** Signs in with Google through the stand-in's page (implicit flow); returns the signed-in client. */
async function googleSignIn(email: string) {
  const sb = client(stack)
  const { data } = await sb.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: `${SITE}/app`, skipBrowserRedirect: true } })
  const page = await follow(data.url!)
  expect(page.pathname).toBe('/auth/v1/local-google')
  const landing = await follow(`${stack.url}/auth/v1/local-google`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ state: page.searchParams.get('state')!, email, decision: 'continue' }),
  })
  const params = fragment(landing)
  const set = await sb.auth.setSession({ access_token: params.get('access_token')!, refresh_token: params.get('refresh_token')! })
  expect(set.error).toBeNull()
  const { data: user, error } = await sb.auth.getUser()
  expect(error).toBeNull()
  return user.user!
}

describe('Google sign-in on an existing account', () => {
  it('unconfirmed: the first sign-up’s password, name and e-mail identity are gone; the account is Google’s', async () => {
    const email = uniqueEmail('parked')
    const attacker = client(stack)
    const signUp = await attacker.auth.signUp({ email, password: 'attacker-pw-1', options: { data: { full_name: 'Chosen By Attacker', lang: 'en' } } })
    expect(signUp.error).toBeNull()
    const pending = linkOf((await mails(stack, email))[0]!)

    const user = await googleSignIn(email)
    expect(user.id).toBe(signUp.data.user!.id)
    expect(user.email_confirmed_at).toBeTruthy()
    // Google's data replaces the metadata: nothing of the sign-up's is merged in.
    expect(user.user_metadata.full_name).toBe(email.split('@')[0])
    expect(user.user_metadata).not.toHaveProperty('lang')
    expect(user.user_metadata).toMatchObject({ email, email_verified: true, iss: 'https://accounts.google.com' })
    expect(user.app_metadata).toMatchObject({ provider: 'google', providers: ['google'] })
    expect(user.identities?.map((identity) => identity.provider)).toEqual(['google'])
    const { rows } = await stack.db.query<{ encrypted_password: string | null }>('select encrypted_password from auth.users where id = $1', [user.id])
    expect(rows[0]!.encrypted_password).toBeNull()

    // The password chosen at sign-up no longer signs in, and the sign-up's link is spent.
    const signIn = await client(stack).auth.signInWithPassword({ email, password: 'attacker-pw-1' })
    expect(signIn.error).toMatchObject({ status: 400, code: 'invalid_credentials' })
    const link = await client(stack).auth.verifyOtp({ token_hash: pending.token_hash, type: 'signup' })
    expect(link.error).toMatchObject({ code: 'otp_expired' })
  })

  it('confirmed: the password still signs in, and Google joins the e-mail identity', async () => {
    const { email, password, user: before } = await confirmedUser(stack, 'Kari Nordmann')
    const user = await googleSignIn(email)
    expect(user.id).toBe(before.id)
    expect(user.app_metadata.providers).toEqual(['email', 'google'])
    expect(user.identities?.map((identity) => identity.provider).sort()).toEqual(['email', 'google'])
    expect((await client(stack).auth.signInWithPassword({ email, password })).error).toBeNull()
  })
})
