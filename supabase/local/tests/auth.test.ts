// GoTrue's API as the stand-in serves it, with the real client: sign-up, the e-mailed link,
// sign-in, the user, refresh-token rotation and reuse, logout scopes, errors as supabase-js surfaces
// them, resend and recovery, PKCE, Google through the stand-in page, the rate limits, and the
// service role's user delete.
import { AuthApiError, AuthSessionMissingError, AuthWeakPasswordError, type Session } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sign } from '../jwt.ts'
import {
  client,
  confirmedUser,
  follow,
  fragment,
  linkOf,
  type LocalStack,
  MemoryStorage,
  mails,
  SITE,
  STORAGE_KEY,
  STARTUP_TIMEOUT,
  startTestStack,
  uniqueEmail,
  verifyLinkOf,
} from './helpers.ts'

let stack: LocalStack

beforeAll(async () => {
  stack = await startTestStack()
}, STARTUP_TIMEOUT)
afterAll(() => stack.stop())

const anonHeaders = () => ({ apikey: stack.anonKey, 'Content-Type': 'application/json' })

describe('sign-up → e-mail → verify → sign-in → user → refresh → sign-out', () => {
  it('walks the whole e-mail flow with the real client', async () => {
    const sb = client(stack)
    const email = uniqueEmail('flow')
    const signUp = await sb.auth.signUp({
      email,
      password: 'correct-horse-1',
      options: { emailRedirectTo: `${SITE}/en/app`, data: { full_name: 'Kari Nordmann' } },
    })
    expect(signUp.error).toBeNull()
    expect(signUp.data.session).toBeNull()
    expect(signUp.data.user?.email).toBe(email)
    expect(signUp.data.user?.email_confirmed_at).toBeUndefined()
    expect(signUp.data.user?.confirmation_sent_at).toBeTruthy()
    expect(signUp.data.user?.user_metadata.full_name).toBe('Kari Nordmann')

    const before = await sb.auth.signInWithPassword({ email, password: 'correct-horse-1' })
    expect(before.error).toBeInstanceOf(AuthApiError)
    expect(before.error?.code).toBe('email_not_confirmed')
    expect(before.error?.message).toBe('Email not confirmed')
    expect(before.error?.status).toBe(400)

    // The project's Send Email hook writes the e-mail (its texts and links: tests/backend/auth-mail.test.ts).
    const [mail] = await mails(stack, email)
    expect(linkOf(mail!).url.origin).toBe(SITE)
    expect(linkOf(mail!).type).toBe('signup')

    // The auth server's own link for that token still works as GoTrue's does.
    const link = new URL(verifyLinkOf(stack, mail!, `${SITE}/en/app`))
    const landing = await follow(link.toString())
    expect(`${landing.origin}${landing.pathname}`).toBe(`${SITE}/en/app`)
    const params = fragment(landing)
    expect(params.get('token_type')).toBe('bearer')
    expect(params.get('type')).toBe('signup')
    expect(Number(params.get('expires_in'))).toBe(3600)
    expect(params.get('refresh_token')).toBeTruthy()

    // The link works once.
    const again = fragment(await follow(link.toString()))
    expect(again.get('error_code')).toBe('otp_expired')
    expect(again.get('error_description')).toBe('Email link is invalid or has expired')

    const signIn = await sb.auth.signInWithPassword({ email, password: 'correct-horse-1' })
    expect(signIn.error).toBeNull()
    const session = signIn.data.session!
    expect(session.token_type).toBe('bearer')
    expect(session.expires_in).toBe(3600)
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000 + 3000)

    const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString())
    expect(claims).toMatchObject({
      sub: signIn.data.user?.id,
      aud: 'authenticated',
      role: 'authenticated',
      aal: 'aal1',
      email,
      is_anonymous: false,
    })
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/)
    expect(claims.amr[0].method).toBe('password')

    const { data: user, error: userError } = await sb.auth.getUser()
    expect(userError).toBeNull()
    expect(user.user?.email_confirmed_at).toBeTruthy()
    expect(user.user?.user_metadata.full_name).toBe('Kari Nordmann')
    expect(user.user?.identities?.[0]?.provider).toBe('email')

    const refreshed = await sb.auth.refreshSession()
    expect(refreshed.error).toBeNull()
    expect(refreshed.data.session?.refresh_token).not.toBe(session.refresh_token)
    expect(refreshed.data.session?.access_token).toBeTruthy()
    expect((await sb.auth.getUser()).data.user?.id).toBe(user.user?.id)

    const signOut = await sb.auth.signOut()
    expect(signOut.error).toBeNull()
    expect((await sb.auth.getSession()).data.session).toBeNull()
  })

  it('signs out with scope others, local and global', async () => {
    const first = await confirmedUser(stack)
    const second = client(stack)
    await second.auth.signInWithPassword({ email: first.email, password: first.password })
    const third = client(stack)
    await third.auth.signInWithPassword({ email: first.email, password: first.password })

    // others: every session but the caller's ends.
    expect((await first.sb.auth.signOut({ scope: 'others' })).error).toBeNull()
    expect((await first.sb.auth.getUser()).error).toBeNull()
    expect((await second.auth.getUser()).error).toBeInstanceOf(AuthSessionMissingError)
    expect((await third.auth.getUser()).error).toBeInstanceOf(AuthSessionMissingError)

    // local: only the caller's session ends.
    const fourth = client(stack)
    await fourth.auth.signInWithPassword({ email: first.email, password: first.password })
    const token = (await first.sb.auth.getSession()).data.session!.access_token
    expect((await first.sb.auth.signOut({ scope: 'local' })).error).toBeNull()
    expect((await first.sb.auth.getSession()).data.session).toBeNull()
    const stale = await fetch(`${stack.url}/auth/v1/user`, { headers: { ...anonHeaders(), Authorization: `Bearer ${token}` } })
    expect(stale.status).toBe(403)
    expect(await stale.json()).toMatchObject({ code: 'session_not_found' })
    expect((await fourth.auth.getUser()).error).toBeNull()

    // global: all sessions end.
    const fifth = client(stack)
    await fifth.auth.signInWithPassword({ email: first.email, password: first.password })
    expect((await fifth.auth.signOut({ scope: 'global' })).error).toBeNull()
    expect((await fourth.auth.getUser()).error).toBeInstanceOf(AuthSessionMissingError)
    const { rows } = await stack.db.query('select count(*)::int as n from auth.sessions where user_id = $1', [first.user.id])
    expect(rows[0]).toEqual({ n: 0 })
  })

  it('sends the user back to the site for a redirect outside the allow-list', async () => {
    const sb = client(stack)
    const email = uniqueEmail('redirect')
    await sb.auth.signUp({ email, password: 'correct-horse-1', options: { emailRedirectTo: 'https://evil.example/steal' } })
    const [mail] = await mails(stack, email)
    const landing = await follow(verifyLinkOf(stack, mail!, 'https://evil.example/steal'))
    expect(landing.origin).toBe(SITE)
    expect(fragment(landing).get('access_token')).toBeTruthy()
  })
})

describe('errors as supabase-js surfaces them', () => {
  it('wrong password', async () => {
    const { email } = await confirmedUser(stack)
    const { data, error } = await client(stack).auth.signInWithPassword({ email, password: 'wrong-password' })
    expect(data.session).toBeNull()
    expect(error).toBeInstanceOf(AuthApiError)
    expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' })
  })

  it('unknown e-mail gives the same answer as a wrong password', async () => {
    const { error } = await client(stack).auth.signInWithPassword({ email: uniqueEmail('nobody'), password: 'whatever1' })
    expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' })
  })

  it('weak password', async () => {
    const { error } = await client(stack).auth.signUp({ email: uniqueEmail('weak'), password: '12345' })
    expect(error).toBeInstanceOf(AuthWeakPasswordError)
    expect(error).toMatchObject({ status: 422, code: 'weak_password', message: 'Password should be at least 6 characters.' })
    expect((error as AuthWeakPasswordError).reasons).toEqual(['length'])
  })

  it('missing password and malformed e-mail', async () => {
    const noPassword = await client(stack).auth.signUp({ email: uniqueEmail('nopw'), password: '' })
    expect(noPassword.error).toMatchObject({ status: 422, code: 'validation_failed', message: 'Signup requires a valid password' })
    const badEmail = await client(stack).auth.signUp({ email: 'not-an-email', password: 'correct-horse-1' })
    expect(badEmail.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    })
  })

  it('existing user, with confirmations on: an obfuscated user and no e-mail, as hosted', async () => {
    const { email, user } = await confirmedUser(stack)
    const before = (await mails(stack, email)).length
    const { data, error } = await client(stack).auth.signUp({ email, password: 'another-password' })
    expect(error).toBeNull()
    expect(data.session).toBeNull()
    expect(data.user?.identities).toEqual([])
    expect(data.user?.id).not.toBe(user.id)
    expect(await mails(stack, email)).toHaveLength(before)
    // The real account is untouched.
    const signIn = await client(stack).auth.signInWithPassword({ email, password: 'correct-horse-1' })
    expect(signIn.error).toBeNull()
  })
})

describe('tokens and sessions', () => {
  it('refreshes an expired access token when the client reads the session', async () => {
    const { user, session } = await confirmedUser(stack)
    const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString())
    const past = Math.floor(Date.now() / 1000) - 60
    const expired = await sign({ ...claims, iat: past - 3600, exp: past }, stack.jwtSecret)
    const storage = new MemoryStorage()
    const stored: Session = { ...session, access_token: expired, expires_at: past }
    storage.setItem(STORAGE_KEY, JSON.stringify(stored))

    const sb = client(stack, { storage })
    const { data, error } = await sb.auth.getSession()
    expect(error).toBeNull()
    expect(data.session?.access_token).not.toBe(expired)
    expect(data.session!.expires_at!).toBeGreaterThan(Date.now() / 1000)
    expect(data.session?.refresh_token).not.toBe(session.refresh_token)
    const rows = await sb.from('subscriptions').select('*').eq('user_id', user.id)
    expect(rows.status).toBe(200)
  })

  it('a revoked session (session_not_found) removes the local session', async () => {
    const storage = new MemoryStorage()
    const sb = client(stack, { storage })
    const email = (await confirmedUser(stack)).email
    await sb.auth.signInWithPassword({ email, password: 'correct-horse-1' })
    expect(storage.getItem(STORAGE_KEY)).not.toBeNull()
    const events: string[] = []
    sb.auth.onAuthStateChange((event) => events.push(event))

    // Another device signs out everywhere.
    const other = client(stack)
    await other.auth.signInWithPassword({ email, password: 'correct-horse-1' })
    await other.auth.signOut({ scope: 'global' })

    const { data, error } = await sb.auth.getUser()
    expect(data.user).toBeNull()
    expect(error).toBeInstanceOf(AuthSessionMissingError)
    expect(error?.message).toBe('Auth session missing!')
    expect(storage.getItem(STORAGE_KEY)).toBeNull()
    expect(events).toContain('SIGNED_OUT')
  })

  it('detects refresh-token reuse: the parent works within the interval, later it ends the session', async () => {
    const { session } = await confirmedUser(stack)
    const refresh = (token: string) =>
      fetch(`${stack.url}/auth/v1/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: anonHeaders(),
        body: JSON.stringify({ refresh_token: token }),
      })
    const first = await refresh(session.refresh_token)
    expect(first.status).toBe(200)
    const child = (await first.json()) as Session

    // Two tabs racing: the parent again, within the reuse interval, gives the same child.
    const racing = await refresh(session.refresh_token)
    expect(racing.status).toBe(200)
    expect(((await racing.json()) as Session).refresh_token).toBe(child.refresh_token)

    // Later (the interval has passed), the parent again is a stolen token: the session ends.
    await stack.db.query(`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1`, [
      session.refresh_token,
    ])
    const reused = await client(stack).auth.refreshSession({ refresh_token: session.refresh_token })
    expect(reused.error).toMatchObject({
      status: 400,
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    })
    const childAfter = await client(stack).auth.refreshSession({ refresh_token: child.refresh_token })
    expect(childAfter.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' })
    const res = await fetch(`${stack.url}/auth/v1/user`, {
      headers: { ...anonHeaders(), Authorization: `Bearer ${child.access_token}` },
    })
    expect(res.status).toBe(403)
  })

  it('answers /user without, with a forged and with an expired token as GoTrue does', async () => {
    const none = await fetch(`${stack.url}/auth/v1/user`, { headers: anonHeaders() })
    expect(none.status).toBe(401)
    const forged = await sign({ role: 'authenticated', sub: crypto.randomUUID(), exp: 9_999_999_999 }, 'not-the-secret')
    const bad = await fetch(`${stack.url}/auth/v1/user`, { headers: { ...anonHeaders(), Authorization: `Bearer ${forged}` } })
    expect(bad.status).toBe(403)
    expect(await bad.json()).toMatchObject({ code: 'bad_jwt' })
    expect(bad.headers.get('x-supabase-api-version')).toBe('2024-01-01')
    const expired = await sign({ role: 'authenticated', sub: crypto.randomUUID(), exp: 1 }, stack.jwtSecret)
    const old = await fetch(`${stack.url}/auth/v1/user`, { headers: { ...anonHeaders(), Authorization: `Bearer ${expired}` } })
    expect(old.status).toBe(403)
    expect(await old.json()).toMatchObject({ code: 'bad_jwt' })
  })

  it('updates the password and metadata of the signed-in user', async () => {
    const { sb, email } = await confirmedUser(stack)
    const same = await sb.auth.updateUser({ password: 'correct-horse-1' })
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' })
    const { data, error } = await sb.auth.updateUser({ password: 'new-password-2', data: { full_name: 'Renamed' } })
    expect(error).toBeNull()
    expect(data.user?.user_metadata.full_name).toBe('Renamed')
    const signIn = await client(stack).auth.signInWithPassword({ email, password: 'new-password-2' })
    expect(signIn.error).toBeNull()
  })

  it('a password change ends every other session of the user, and keeps the caller’s (as GoTrue does)', async () => {
    const { sb, email, password } = await confirmedUser(stack)
    const elsewhere = client(stack)
    expect((await elsewhere.auth.signInWithPassword({ email, password })).error).toBeNull()
    expect((await sb.auth.updateUser({ password: 'changed-password-3' })).error).toBeNull()
    expect((await sb.auth.refreshSession()).error).toBeNull()
    const other = await elsewhere.auth.refreshSession()
    expect(other.error).toMatchObject({ code: 'refresh_token_not_found' })
  })
})

describe('resend and recovery', () => {
  it('resends the confirmation, no more than once a minute per address (config.toml max_frequency)', async () => {
    const sb = client(stack)
    const email = uniqueEmail('resend')
    await sb.auth.signUp({ email, password: 'correct-horse-1', options: { emailRedirectTo: `${SITE}/app` } })
    const tooSoon = await sb.auth.resend({ type: 'signup', email })
    expect(tooSoon.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' })

    expect(tooSoon.error?.message).toMatch(/^For security purposes, you can only request this after (5\d|60) seconds\.$/)

    await stack.db.query(`update auth.users set confirmation_sent_at = now() - interval '61 seconds' where email = $1`, [email])
    const resent = await sb.auth.resend({ type: 'signup', email })
    expect(resent.error).toBeNull()
    const [latest, first] = await mails(stack, email)
    expect(linkOf(latest!).type).toBe('signup')
    // Only the newest link confirms.
    expect((await client(stack).auth.verifyOtp({ token_hash: linkOf(first!).token_hash, type: 'signup' })).error).toMatchObject({
      status: 403,
      code: 'otp_expired',
      message: 'Email link is invalid or has expired',
    })
    expect((await client(stack).auth.verifyOtp({ token_hash: linkOf(latest!).token_hash, type: 'signup' })).data.session).toBeTruthy()
  })

  it('recovers a password through the e-mailed link', async () => {
    const { email } = await confirmedUser(stack)
    const sb = client(stack)
    expect((await sb.auth.resetPasswordForEmail(email, { redirectTo: `${SITE}/app` })).error).toBeNull()
    const [mail] = await mails(stack, email)
    expect(linkOf(mail!).type).toBe('recovery')
    const params = fragment(await follow(verifyLinkOf(stack, mail!)))
    expect(params.get('type')).toBe('recovery')
    await sb.auth.setSession({ access_token: params.get('access_token')!, refresh_token: params.get('refresh_token')! })
    expect((await sb.auth.updateUser({ password: 'recovered-pw-3' })).error).toBeNull()
    expect((await client(stack).auth.signInWithPassword({ email, password: 'recovered-pw-3' })).error).toBeNull()
  })

  it('confirms a PKCE sign-up with a code exchanged for a session', async () => {
    const storage = new MemoryStorage()
    const sb = client(stack, { storage, flowType: 'pkce' })
    const email = uniqueEmail('pkce')
    await sb.auth.signUp({ email, password: 'correct-horse-1', options: { emailRedirectTo: `${SITE}/app` } })
    const [mail] = await mails(stack, email)
    expect(linkOf(mail!).token_hash).toMatch(/^pkce_[0-9a-f]{56}$/)
    const landing = await follow(verifyLinkOf(stack, mail!))
    const code = landing.searchParams.get('code')!
    expect(code).toBeTruthy()
    const { data, error } = await sb.auth.exchangeCodeForSession(code)
    expect(error).toBeNull()
    expect(data.user?.email).toBe(email)
  })
})

describe('Google through the local stand-in page', () => {
  async function googlePage(url: string) {
    const page = await follow(url)
    expect(page.pathname).toBe('/auth/v1/local-google')
    const res = await fetch(page)
    const html = await res.text()
    return { page, res, html, state: page.searchParams.get('state')! }
  }

  function submit(state: string, email: string, decision = 'continue') {
    return follow(`${stack.url}/auth/v1/local-google`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ state, email, decision }),
    })
  }

  it('serves an accessible, script-free page marked as the local stand-in', async () => {
    const { data } = await client(stack).auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: `${SITE}/app`, skipBrowserRedirect: true },
    })
    const { res, html } = await googlePage(data.url!)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(html).toContain('Local stand-in for Google sign-in')
    expect(html).toMatch(/<label for="email">[^<]+<\/label>\s*<input id="email" name="email" type="email"/)
    expect(html).toMatch(/<button type="submit"[^>]*>Continue<\/button>/)
    expect(html).toContain('<html lang="en">')
    expect(html).not.toMatch(/<script|\sstyle=|\son\w+=/i)
  })

  it('implicit flow: the session arrives in the fragment', async () => {
    const sb = client(stack)
    const { data } = await sb.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: `${SITE}/en/app`, skipBrowserRedirect: true },
    })
    const { state } = await googlePage(data.url!)
    const landing = await submit(state, 'Ola.Google@Example.com')
    expect(`${landing.origin}${landing.pathname}`).toBe(`${SITE}/en/app`)
    const params = fragment(landing)
    for (const key of ['access_token', 'expires_at', 'expires_in', 'provider_token', 'refresh_token', 'token_type']) {
      expect(params.get(key), key).toBeTruthy()
    }
    const set = await sb.auth.setSession({ access_token: params.get('access_token')!, refresh_token: params.get('refresh_token')! })
    expect(set.error).toBeNull()
    const { data: user } = await sb.auth.getUser()
    expect(user.user?.email).toBe('ola.google@example.com')
    expect(user.user?.user_metadata.full_name).toBe('ola.google')
    expect(user.user?.app_metadata.provider).toBe('google')
  })

  it('PKCE flow: a code, exchanged with the stored verifier; the same person signs in again', async () => {
    for (let i = 0; i < 2; i++) {
      const storage = new MemoryStorage()
      const sb = client(stack, { storage, flowType: 'pkce' })
      const { data } = await sb.auth.signInWithOAuth({
        provider: 'google',
        options: { redirectTo: `${SITE}/app`, skipBrowserRedirect: true },
      })
      expect(new URL(data.url!).searchParams.get('code_challenge_method')).toBe('s256')
      expect(storage.getItem(`${STORAGE_KEY}-code-verifier`)).not.toBeNull()
      const { state } = await googlePage(data.url!)
      const landing = await submit(state, 'pkce.person@example.com')
      const code = landing.searchParams.get('code')!
      const exchanged = await sb.auth.exchangeCodeForSession(code)
      expect(exchanged.error).toBeNull()
      expect(exchanged.data.user?.email).toBe('pkce.person@example.com')
      // A code works once.
      const replay = await client(stack, { storage: new MemoryStorage(), flowType: 'pkce' }).auth.exchangeCodeForSession(code)
      expect(replay.error).not.toBeNull()
    }
    const { rows } = await stack.db.query(`select count(*)::int as n from auth.users where email = 'pkce.person@example.com'`)
    expect(rows[0]).toEqual({ n: 1 })
  })

  it('PKCE with the wrong verifier is refused', async () => {
    const sb = client(stack, { flowType: 'pkce' })
    const { data } = await sb.auth.signInWithOAuth({ provider: 'google', options: { skipBrowserRedirect: true } })
    const { state } = await googlePage(data.url!)
    const code = (await submit(state, 'verifier@example.com')).searchParams.get('code')!
    const res = await fetch(`${stack.url}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: anonHeaders(),
      body: JSON.stringify({ auth_code: code, code_verifier: 'not-the-verifier' }),
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'bad_code_verifier' })
  })

  it('cancel, an invalid e-mail and an unknown provider each get a clear answer', async () => {
    const { data } = await client(stack).auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: `${SITE}/app`, skipBrowserRedirect: true },
    })
    const { state } = await googlePage(data.url!)
    const invalid = await fetch(`${stack.url}/auth/v1/local-google`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ state, email: 'nope', decision: 'continue' }),
    })
    expect(invalid.status).toBe(400)
    expect(await invalid.text()).toContain('role="alert"')
    const cancelled = await submit(state, '', 'cancel')
    expect(fragment(cancelled).get('error')).toBe('access_denied')

    const unknown = await fetch(`${stack.url}/auth/v1/authorize?provider=myspace`)
    expect(unknown.status).toBe(400)
    expect(await unknown.json()).toMatchObject({ code: 'validation_failed' })
  })
})

describe('with confirmations off and a low rate limit', () => {
  let quick: LocalStack
  beforeAll(async () => {
    quick = await startTestStack({ auth: { autoconfirm: true, signInSignUps: 3, tokenRefresh: 3, rateLimitBurst: 3 } })
  }, STARTUP_TIMEOUT)
  afterAll(() => quick.stop())

  it('existing user is 422 user_already_exists, and sign-ups and sign-ins are rate limited, each in its own bucket', async () => {
    const email = uniqueEmail('quick')
    const first = await client(quick).auth.signUp({ email, password: 'correct-horse-1' })
    expect(first.error).toBeNull()
    expect(first.data.session?.access_token).toBeTruthy()
    const again = await client(quick).auth.signUp({ email, password: 'correct-horse-1' })
    expect(again.error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' })
    await client(quick).auth.signUp({ email: uniqueEmail('quick'), password: 'correct-horse-1' })
    const tooMany = await client(quick).auth.signUp({ email: uniqueEmail('quick'), password: 'correct-horse-1' })
    expect(tooMany.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' })
    // Sign-ins count against the token limiter, not the sign-up one (GoTrue's Token endpoint).
    for (let i = 0; i < 3; i += 1) expect((await client(quick).auth.signInWithPassword({ email, password: 'correct-horse-1' })).error).toBeNull()
    const limited = await client(quick).auth.signInWithPassword({ email, password: 'correct-horse-1' })
    expect(limited.error).toMatchObject({ status: 429, code: 'over_request_rate_limit', message: 'Request rate limit reached' })
  })
})

describe('the admin user delete, as GoTrue’s', () => {
  it('answers 403 to anyone but the service role, 404 for an unknown user', async () => {
    const user = await confirmedUser(stack)
    const url = `${stack.url}/auth/v1/admin/users/${user.user.id}`
    for (const key of [stack.anonKey, user.session.access_token]) {
      const res = await fetch(url, { method: 'DELETE', headers: { apikey: stack.anonKey, Authorization: `Bearer ${key}` } })
      expect(res.status).toBe(403)
    }
    const service = { apikey: stack.serviceRoleKey, Authorization: `Bearer ${stack.serviceRoleKey}` }
    expect((await fetch(url, { method: 'DELETE', headers: service })).status).toBe(200)
    expect((await fetch(url, { method: 'DELETE', headers: service })).status).toBe(404)
  })
})
