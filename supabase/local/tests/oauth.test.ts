// Sign-in with Google and LinkedIn (OpenID Connect) through the stand-in's pages. One that lands on
// an account whose address was never confirmed: as GoTrue's RemoveUnconfirmedIdentities
// (models/user.go, called from api/external.go), the account becomes the provider's alone. Whoever
// signed up with the address first (and chose its password and name) keeps nothing: the password
// is cleared, the metadata replaced, the e-mail identity and every pending link dropped. A
// confirmed account keeps its password and gains the provider's identity (GoTrue's linking of
// identities with the same verified address).
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authSettings, CONFIG_TOML } from '../config.ts'
import { client, confirmedUser, follow, fragment, type LocalStack, linkOf, mails, SITE, STARTUP_TIMEOUT, startTestStack, uniqueEmail } from './helpers.ts'

let stack: LocalStack
beforeAll(async () => {
  stack = await startTestStack({ auth: { externalProviders: ['google', 'linkedin_oidc'] } })
}, STARTUP_TIMEOUT)
afterAll(() => stack.stop())

/** The stand-in's page of a provider, reached as the browser reaches it from signInWithOAuth. */
async function providerPage(sb: ReturnType<typeof client>, provider: 'google' | 'linkedin_oidc') {
  const { data } = await sb.auth.signInWithOAuth({ provider, options: { redirectTo: `${SITE}/app`, skipBrowserRedirect: true } })
  const page = await follow(data.url!)
  expect(page.pathname).toBe(provider === 'google' ? '/auth/v1/local-google' : '/auth/v1/local-linkedin')
  return page
}

const answer = (page: URL, form: Record<string, string>) =>
  follow(`${stack.url}${page.pathname}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ state: page.searchParams.get('state')!, ...form }),
  })

/** Signs in with a provider through the stand-in's page (implicit flow); returns the signed-in user. */
async function googleSignIn(email: string, provider: 'google' | 'linkedin_oidc' = 'google', name = '') {
  const sb = client(stack)
  const page = await providerPage(sb, provider)
  const landing = await answer(page, { email, name, decision: 'continue' })
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

describe('LinkedIn (OpenID Connect)', () => {
  it('a new account takes the name and picture LinkedIn gives, and signs in again as the same account', async () => {
    // LinkedIn's identity has its name as GoTrue keeps it (no full_name); the project's migration
    // (add_provider_full_name) makes it the account's full_name.
    const email = uniqueEmail('linkedin')
    const user = await googleSignIn(email, 'linkedin_oidc', 'Ingrid Bakke')
    expect(user.user_metadata).toMatchObject({
      email,
      email_verified: true,
      iss: 'https://www.linkedin.com/oauth',
      name: 'Ingrid Bakke',
      full_name: 'Ingrid Bakke',
      given_name: 'Ingrid',
      family_name: 'Bakke',
    })
    expect(user.user_metadata.picture).toMatch(/^https:\/\//)
    const linkedIn = user.identities?.find((identity) => identity.provider === 'linkedin_oidc')
    expect(linkedIn?.identity_data).toMatchObject({ name: 'Ingrid Bakke', given_name: 'Ingrid', family_name: 'Bakke', locale: 'nb_NO' })
    expect(linkedIn?.identity_data).not.toHaveProperty('full_name')
    expect(linkedIn?.identity_data).not.toHaveProperty('avatar_url')
    expect(user.app_metadata).toMatchObject({ provider: 'linkedin_oidc', providers: ['linkedin_oidc'] })
    const again = await googleSignIn(email, 'linkedin_oidc', 'Ingrid Bakke')
    expect(again.id).toBe(user.id)
  })

  it('an address with an account gains the LinkedIn identity; the person’s cancel returns LinkedIn’s own error, as GoTrue passes it on', async () => {
    const { email, password, user: before } = await confirmedUser(stack, 'Kari Nordmann')
    const user = await googleSignIn(email, 'linkedin_oidc')
    expect(user.id).toBe(before.id)
    expect(user.identities?.map((identity) => identity.provider).sort()).toEqual(['email', 'linkedin_oidc'])
    expect((await client(stack).auth.signInWithPassword({ email, password })).error).toBeNull()

    const page = await providerPage(client(stack), 'linkedin_oidc')
    const back = await answer(page, { decision: 'cancel' })
    expect(`${back.origin}${back.pathname}`).toBe(`${SITE}/app`)
    // An OAuth error: the provider's code and description, no error_code; in the query and the fragment.
    expect(Object.fromEntries(fragment(back))).toEqual({ error: 'user_cancelled_login', error_description: 'The user cancelled LinkedIn login', sb: '' })
    expect(Object.fromEntries(back.searchParams)).toEqual({ error: 'user_cancelled_login', error_description: 'The user cancelled LinkedIn login' })
  })

  it('is on only as config.toml turns it on; a provider that is not is refused', async () => {
    expect(authSettings('[auth.external.google]\nenabled = true\n[auth.external.linkedin_oidc]\nenabled = false\n').externalProviders).toEqual(['google'])
    expect(authSettings(readFileSync(CONFIG_TOML, 'utf8')).externalProviders).toEqual(['google', 'linkedin_oidc'])
    const res = await fetch(`${stack.url}/auth/v1/authorize?provider=github&redirect_to=${encodeURIComponent(`${SITE}/app`)}`, { redirect: 'manual' })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'validation_failed' })
  })
})
