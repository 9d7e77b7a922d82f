// Whoever proves the mailbox or holds the authenticator owns the account (the security review of
// 2026-11-27, H1 and M1–M4), on the local stack with the real client: a password chosen before
// the address was proven never opens the account; e-mailed and authenticator codes cannot be
// guessed; a change of address mails nobody without the server's checks; a two-factor account's
// password and address change only at aal2; the owner is told of every change.
import { request } from 'node:http'
import type { SupabaseClient } from '@supabase/supabase-js'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH_REFUSALS } from '../../supabase/functions/_shared/auth-refusals.ts'
import {
  client,
  codeOf,
  confirmedUser,
  functionError,
  type LocalStack,
  linkOf,
  mails,
  STARTUP_TIMEOUT,
  SITE,
  serviceClient,
  startTestStack,
  uniqueEmail,
} from './helpers.ts'

let stack: LocalStack
beforeAll(async () => {
  stack = await startTestStack()
}, STARTUP_TIMEOUT)
afterAll(() => stack.stop())

const totpOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 })
const wrongCode = (secret: string, i = 0) => {
  const near = [-1, 0, 1].map((step) => totpOf(secret).generate({ timestamp: Date.now() + step * 30_000 }))
  return Array.from({ length: 20 }, (_, n) => String(n * 111_111 + i).slice(-6).padStart(6, '0')).find((code) => !near.includes(code))!
}

/** A POST to the stack from one of the loopback addresses (Linux routes all of 127.0.0.0/8 to lo). */
function postFrom(localAddress: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
  const url = new URL(path, stack.url)
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: url.port, path: url.pathname + url.search, method: 'POST', localAddress, headers: { 'Content-Type': 'application/json', apikey: stack.anonKey, ...headers } },
      (res) => {
        let text = ''
        res.on('data', (chunk) => {
          text += chunk
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }))
      },
    )
    req.on('error', reject)
    req.end(JSON.stringify(body))
  })
}

/** What the confirmation page does when its button is pressed (src/features/auth/email-link):
 * the link is spent on a client of its own, the password the person chose there is set, and that
 * session ends; the person then signs in. */
async function confirmWithPassword(tokenHash: string, password: string) {
  const scratch = client(stack)
  const verified = await scratch.auth.verifyOtp({ token_hash: tokenHash, type: 'signup' })
  expect(verified.error).toBeNull()
  const set = await scratch.auth.updateUser({ password })
  if (set.error && set.error.code !== 'same_password') throw set.error
  await scratch.auth.signOut({ scope: 'local' })
  return verified.data.user!
}

describe('H1: a password chosen before the address was proven', () => {
  it('never opens the account: the owner’s sign-up is confirmed with the password the owner sets, and the first one is refused', async () => {
    const email = uniqueEmail('parked')
    const attacker = client(stack)
    expect((await attacker.auth.signUp({ email, password: 'attacker-pw-1', options: { data: { full_name: 'Kari Nordmann' } } })).error).toBeNull()
    // GoTrue keeps the first password of an unconfirmed address (signup.go): the owner's sign-up only sends the link again.
    await stack.db.query(`update auth.users set confirmation_sent_at = now() - interval '2 minutes' where email = $1`, [email])
    expect((await client(stack).auth.signUp({ email, password: 'owners-own-pw', options: { data: { full_name: 'Real Name' } } })).error).toBeNull()
    const [newest] = await mails(stack, email)
    await confirmWithPassword(linkOf(newest!).token_hash, 'owners-own-pw')

    expect((await client(stack).auth.signInWithPassword({ email, password: 'attacker-pw-1' })).error).toMatchObject({ code: 'invalid_credentials' })
    expect((await client(stack).auth.signInWithPassword({ email, password: 'owners-own-pw' })).error).toBeNull()
  })

  it('an account never confirmed is deleted 24 hours after its sign-up by the hourly job', async () => {
    const parked = uniqueEmail('never')
    const fresh = uniqueEmail('fresh')
    for (const email of [parked, fresh]) expect((await client(stack).auth.signUp({ email, password: 'some-pass-1' })).error).toBeNull()
    await stack.db.query(`update auth.users set created_at = now() - interval '25 hours' where email = $1`, [parked])
    const { rows: jobs } = await stack.db.query<{ schedule: string; command: string }>(`select schedule, command from cron.job where jobname = 'delete-unconfirmed-accounts'`)
    expect(jobs).toEqual([{ schedule: '41 * * * *', command: 'select public.delete_unconfirmed_accounts()' }])
    await stack.db.query(jobs[0]!.command)
    const { rows } = await stack.db.query<{ email: string }>('select email from auth.users where email = any ($1)', [[parked, fresh]])
    expect(rows.map((r) => r.email)).toEqual([fresh])
  })
})

describe('M1: e-mailed codes', () => {
  it('are 8 digits; 20 wrong ones from 20 client addresses leave the right one dead for the account, while its link still works', async () => {
    const { email } = await confirmedUser(stack)
    expect((await client(stack).auth.resetPasswordForEmail(email)).error).toBeNull()
    const [mail] = await mails(stack, email)
    const right = codeOf(mail!)
    expect(right).toMatch(/^\d{8}$/)
    const answers: unknown[] = []
    for (let i = 0; i < 20; i++) {
      const wrong = String((Number(right) + 1 + i) % 100_000_000).padStart(8, '0')
      const res = await postFrom(`127.0.0.${i + 2}`, '/rest/v1/rpc/redeem_email_code', { p_email: email, p_kind: 'recovery', p_code: wrong })
      answers.push(res.body)
    }
    expect(answers.slice(0, 4)).toEqual(Array(4).fill({ error: 'invalid' }))
    expect(answers.slice(4)).toEqual(Array(16).fill({ error: 'locked' }))
    const late = await client(stack).rpc('redeem_email_code', { p_email: email, p_kind: 'recovery', p_code: right })
    expect(late.data).toEqual({ error: 'locked' })
    // The link of the same e-mail is still the person's way in.
    expect((await client(stack).auth.verifyOtp({ token_hash: linkOf(mail!).token_hash, type: 'recovery' })).error).toBeNull()
  })

  it('the right code gives the link’s token once, and a code is good for 15 minutes', async () => {
    const { email } = await confirmedUser(stack)
    await client(stack).auth.resetPasswordForEmail(email)
    const [mail] = await mails(stack, email)
    const first = await client(stack).rpc('redeem_email_code', { p_email: email.toUpperCase(), p_kind: 'recovery', p_code: codeOf(mail!) })
    expect(first.data).toEqual({ token_hash: linkOf(mail!).token_hash })
    const again = await client(stack).rpc('redeem_email_code', { p_email: email, p_kind: 'recovery', p_code: codeOf(mail!) })
    expect(again.data).toEqual({ error: 'invalid' })

    await stack.db.query(`update auth.users set recovery_sent_at = now() - interval '2 minutes' where email = $1`, [email])
    await client(stack).auth.resetPasswordForEmail(email)
    const [second] = await mails(stack, email)
    await stack.db.query(`update public.email_codes set expires_at = now() - interval '1 second' where email = $1`, [email])
    const stale = await client(stack).rpc('redeem_email_code', { p_email: email, p_kind: 'recovery', p_code: codeOf(second!) })
    expect(stale.data).toEqual({ error: 'invalid' })
  })

  it('the auth service’s own code behind the link is 10 digits and never mailed', async () => {
    const { email } = await confirmedUser(stack)
    await client(stack).auth.resetPasswordForEmail(email)
    const [mail] = await mails(stack, email)
    // Ten digits standing alone (a link's hexadecimal token_hash may hold ten in a row between letters).
    expect(mail!.text).not.toMatch(/(?<!\w)\d{10}(?!\w)/)
    expect(mail!.text).not.toMatch(/(?<![\w=])\d{6}(?!\w)/)
  })
})

async function twoFactorAccount() {
  const account = await confirmedUser(stack)
  const { data } = await account.sb.auth.mfa.enroll({ factorType: 'totp', issuer: 'Vekstlinje' })
  const secret = data!.totp.secret
  const verified = await account.sb.auth.mfa.challengeAndVerify({ factorId: data!.id, code: totpOf(secret).generate() })
  expect(verified.error).toBeNull()
  // As if the enrolment's code was from an earlier minute: the tests here check codes at once.
  await stack.db.query('update public.mfa_factor_locks set last_valid_at = now() - interval \'2 minutes\' where factor_id = $1', [data!.id])
  return { ...account, factorId: data!.id, secret }
}

async function atAal1(email: string, password: string): Promise<SupabaseClient> {
  const sb = client(stack)
  expect((await sb.auth.signInWithPassword({ email, password })).error).toBeNull()
  return sb
}

describe('M1: authenticator codes', () => {
  it('6 wrong codes lock the factor for 15 minutes: the right one is refused, every session ends, and the owner is told', async () => {
    const { email, password, factorId, secret } = await twoFactorAccount()
    const sb = await atAal1(email, password)
    const answers: Array<string | undefined> = []
    for (let i = 0; i < 6; i++) answers.push((await sb.auth.mfa.challengeAndVerify({ factorId, code: wrongCode(secret, i) })).error?.code)
    expect(answers).toEqual([...Array(5).fill('mfa_verification_failed'), 'mfa_verification_rejected'])
    const after = await atAal1(email, password)
    const right = await after.auth.mfa.challengeAndVerify({ factorId, code: totpOf(secret).generate() })
    expect(right.error).toMatchObject({ status: 403, code: 'mfa_verification_rejected', message: AUTH_REFUSALS.factorLocked })
    const { rows: sessions } = await stack.db.query('select 1 from auth.sessions s join auth.users u on u.id = s.user_id where u.email = $1', [email])
    expect(sessions).toEqual([])
    const [notice] = await mails(stack, email)
    expect(notice!.subject).toBe('For mange feil koder for Vekstlinje-kontoen din')
    expect(notice!.text).toContain(email)

    await stack.db.query(`update public.mfa_factor_locks set locked_until = now() where factor_id = $1`, [factorId])
    const later = await atAal1(email, password)
    expect((await later.auth.mfa.challengeAndVerify({ factorId, code: totpOf(secret).generate() })).error).toBeNull()
  })

  it('a code works once: the same code on a second session is refused', async () => {
    const { email, password, factorId, secret } = await twoFactorAccount()
    const code = totpOf(secret).generate()
    const first = await atAal1(email, password)
    expect((await first.auth.mfa.challengeAndVerify({ factorId, code })).error).toBeNull()
    // Someone who saw the code, and knows the password, signs in elsewhere within its 90 seconds.
    const second = await atAal1(email, password)
    const replay = await second.auth.mfa.challengeAndVerify({ factorId, code })
    expect(replay.error).toMatchObject({ status: 403, code: 'mfa_verification_rejected', message: AUTH_REFUSALS.codeReused })
  })
})

describe('M3: a two-factor account at aal1', () => {
  it('may not change its password or address, as hosted GoTrue refuses (insufficient_aal); at aal2 it may', async () => {
    const { email, password, factorId, secret } = await twoFactorAccount()
    const sb = await atAal1(email, password)
    expect((await sb.auth.updateUser({ password: 'new-password-9' })).error).toMatchObject({ status: 401, code: 'insufficient_aal' })
    expect((await sb.auth.updateUser({ email: uniqueEmail('moved') })).error).toMatchObject({ status: 401, code: 'insufficient_aal' })
    // Its name may change.
    expect((await sb.auth.updateUser({ data: { full_name: 'Kari' } })).error).toBeNull()
    expect((await sb.auth.mfa.challengeAndVerify({ factorId, code: totpOf(secret).generate() })).error).toBeNull()
    expect((await sb.auth.updateUser({ password: 'new-password-9' })).error).toBeNull()
  })

  it('a recovery session is aal1 too: the reset needs the authenticator code first', async () => {
    const { email, factorId, secret } = await twoFactorAccount()
    await client(stack).auth.resetPasswordForEmail(email)
    const [mail] = await mails(stack, email)
    const sb = client(stack)
    expect((await sb.auth.verifyOtp({ token_hash: linkOf(mail!).token_hash, type: 'recovery' })).error).toBeNull()
    expect((await sb.auth.updateUser({ password: 'after-reset-1' })).error).toMatchObject({ code: 'insufficient_aal' })
    expect((await sb.auth.mfa.challengeAndVerify({ factorId, code: totpOf(secret).generate() })).error).toBeNull()
    expect((await sb.auth.updateUser({ password: 'after-reset-1' })).error).toBeNull()
  })
})

describe('M4: a change of address', () => {
  const changeThrough = (sb: SupabaseClient, body: Record<string, unknown>) => functionError(sb, 'request-email-change', body)

  it('asked of the auth service directly mails nobody', async () => {
    const { sb, email } = await confirmedUser(stack)
    const target = uniqueEmail('victim')
    const direct = await sb.auth.updateUser({ email: target })
    expect(direct.error).toMatchObject({ status: 403, message: AUTH_REFUSALS.emailChangeNotRequested })
    expect(await mails(stack, target)).toEqual([])
    expect(await mails(stack, email)).toHaveLength(1) // the confirmation only
    const { data } = await sb.auth.getUser()
    expect(data.user?.new_email).toBeUndefined()
  })

  it('needs the bot check and the current password, checked on the server', async () => {
    const { sb, password } = await confirmedUser(stack)
    const target = uniqueEmail('next')
    expect(await changeThrough(sb, { email: target, password, captcha_token: '' })).toMatchObject({ status: 400, body: { code: 'captcha_failed' } })
    expect(await changeThrough(sb, { email: target, password, captcha_token: stack.botCheckToken('refuse') })).toMatchObject({ status: 400, body: { code: 'captcha_failed' } })
    expect(await changeThrough(sb, { email: target, password: 'not-it', captcha_token: stack.botCheckToken() })).toMatchObject({ status: 400, body: { code: 'invalid_credentials' } })
    expect(await changeThrough(sb, { email: 'not an address', password, captcha_token: stack.botCheckToken() })).toMatchObject({ status: 400, body: { code: 'invalid_request' } })
    expect(await mails(stack, target)).toEqual([])
    const ok = await sb.functions.invoke('request-email-change', { body: { email: ` ${target.toUpperCase()} `, password, captcha_token: stack.botCheckToken() } })
    expect(ok.error).toBeNull()
    expect(ok.data).toEqual({ requested: true })
    expect(await mails(stack, target)).toHaveLength(1)
    expect((await sb.auth.getUser()).data.user?.new_email).toBe(target)
  })

  it('mails a new address at most 3 times a day, and an account at most 3 changes a day', async () => {
    const target = uniqueEmail('popular')
    const results: number[] = []
    for (let i = 0; i < 4; i++) {
      const { sb, password } = await confirmedUser(stack)
      const res = await sb.functions.invoke('request-email-change', { body: { email: target, password, captcha_token: stack.botCheckToken() } })
      results.push(res.error ? (res.error as { context: Response }).context.status : 200)
    }
    expect(results).toEqual([200, 200, 200, 429])
    expect(await mails(stack, target)).toHaveLength(3)

    const { sb, password, email } = await confirmedUser(stack)
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) {
      await stack.db.query(`update auth.users set email_change_sent_at = now() - interval '2 minutes' where email = $1`, [email])
      const res = await sb.functions.invoke('request-email-change', { body: { email: uniqueEmail(`n${i}`), password, captcha_token: stack.botCheckToken() } })
      statuses.push(res.error ? (res.error as { context: Response }).context.status : 200)
    }
    expect(statuses).toEqual([200, 200, 200, 429])
  })

  it('the project’s hourly e-mail limit is shared by every auth e-mail: past it, a sign-up is refused and nothing is mailed', async () => {
    const small = await startTestStack({ auth: { emailSentPerHour: 3 } })
    try {
      const addresses = [1, 2, 3, 4].map((i) => uniqueEmail(`quota${i}`))
      const errors = []
      for (const email of addresses) errors.push((await client(small).auth.signUp({ email, password: 'quota-pass-1' })).error?.code ?? null)
      expect(errors).toEqual([null, null, null, 'over_email_send_rate_limit'])
      expect(await mails(small, addresses[3]!)).toEqual([])
      const { rows } = await small.db.query('select 1 from auth.users where email = $1', [addresses[3]])
      expect(rows).toEqual([])
    } finally {
      await small.stop()
    }
  })
})

describe('security notices', () => {
  it('tell the account when its password changes, its address changes, and two-step verification is turned on or off', async () => {
    const { sb, email } = await confirmedUser(stack, 'Kari', uniqueEmail('noticed'))
    await sb.auth.updateUser({ data: { lang: 'en' } })
    expect((await sb.auth.updateUser({ password: 'brand-new-pw-1' })).error).toBeNull()
    expect((await mails(stack, email))[0]!.subject).toBe('Your Vekstlinje password was changed')

    const { data } = await sb.auth.mfa.enroll({ factorType: 'totp' })
    await sb.auth.mfa.challengeAndVerify({ factorId: data!.id, code: totpOf(data!.totp.secret).generate() })
    expect((await mails(stack, email))[0]!.subject).toBe('Two-step verification is on for your Vekstlinje account')
    expect((await sb.auth.mfa.unenroll({ factorId: data!.id })).error).toBeNull()
    expect((await mails(stack, email))[0]!.subject).toBe('Two-step verification is off for your Vekstlinje account')
    await sb.auth.refreshSession()

    const next = uniqueEmail('moved')
    const asked = await sb.functions.invoke('request-email-change', { body: { email: next, password: 'brand-new-pw-1', captcha_token: stack.botCheckToken() } })
    expect(asked.error).toBeNull()
    for (const address of [next, email]) {
      const [copy] = await mails(stack, address)
      expect((await client(stack).auth.verifyOtp({ token_hash: linkOf(copy!).token_hash, type: 'email_change' })).error).toBeNull()
    }
    const [moved] = await mails(stack, email)
    expect(moved!.subject).toBe('The e-mail address of your Vekstlinje account was changed')
    expect(moved!.text).toContain(`now uses ${next}`)
  })
})

describe('the confirmation link names its address', () => {
  it('every auth link carries the address it is for, beside its token', async () => {
    const email = uniqueEmail('named-link')
    await client(stack).auth.signUp({ email, password: 'named-pass-1', options: { emailRedirectTo: `${SITE}/app` } })
    const { url } = linkOf((await mails(stack, email))[0]!)
    expect(url.searchParams.get('email')).toBe(email)
    expect(url.searchParams.get('type')).toBe('signup')
  })
})

describe('L3: sign out on all other devices', () => {
  it('leaves the other devices nothing to read at once, through the API and Realtime, while their access tokens are still unexpired', async () => {
    const owner = await confirmedUser(stack)
    const { error } = await serviceClient(stack)
      .from('subscriptions')
      .insert({ user_id: owner.user!.id, product_name: 'pro', status: 'active', stripe_subscription_id: `sub_${crypto.randomUUID()}` })
    expect(error).toBeNull()
    const other = await atAal1(owner.email, owner.password)
    expect((await other.from('subscriptions').select('status')).data).toEqual([{ status: 'active' }])
    const heard: string[] = []
    const channel = other.channel('plan').on('postgres_changes', { event: '*', schema: 'public', table: 'subscriptions' }, (change) => heard.push(change.eventType))
    await new Promise<void>((resolve) => channel.subscribe((status) => status === 'SUBSCRIBED' && resolve()))

    expect((await owner.sb.auth.signOut({ scope: 'others' })).error).toBeNull()
    // The other device still holds an access token that has not expired; it reads nothing with it.
    const stale = await other.from('subscriptions').select('status')
    expect(stale.error).toBeNull()
    expect(stale.data).toEqual([])
    await serviceClient(stack).from('subscriptions').update({ status: 'past_due' }).eq('user_id', owner.user!.id)
    // This device still reads its rows, and hears the change, which the other does not.
    const heardHere: string[] = []
    const mine = owner.sb.channel('mine').on('postgres_changes', { event: '*', schema: 'public', table: 'subscriptions' }, (change) => heardHere.push(change.eventType))
    await new Promise<void>((resolve) => mine.subscribe((status) => status === 'SUBSCRIBED' && resolve()))
    await serviceClient(stack).from('subscriptions').update({ status: 'active' }).eq('user_id', owner.user!.id)
    await expect.poll(() => heardHere, { timeout: 5000 }).toEqual(['UPDATE'])
    expect(heard).toEqual([])
    expect((await owner.sb.from('subscriptions').select('status')).data).toEqual([{ status: 'active' }])
    await Promise.all([other.removeAllChannels(), owner.sb.removeAllChannels()])
  })
})

describe('P1: the auth service writes as its own role, as on hosted Supabase', () => {
  it('as supabase_auth_admin, which may not touch public: a trigger on auth.users that writes there works only as security definer', async () => {
    await stack.db.exec(`
      create table if not exists public.who_wrote (role text);
      grant insert on public.who_wrote to supabase_auth_admin;
      create or replace function public.note_writer() returns trigger language plpgsql as $$
      begin insert into public.who_wrote values (current_user); return new; end $$;
      drop trigger if exists note_writer on auth.users;
      create trigger note_writer after insert on auth.users for each row execute function public.note_writer();`)
    try {
      expect((await client(stack).auth.signUp({ email: uniqueEmail('role'), password: 'role-pass-1' })).error).toBeNull()
      const { rows } = await stack.db.query<{ role: string }>('select role from public.who_wrote')
      expect(rows).toEqual([{ role: 'supabase_auth_admin' }])
      await expect(
        stack.db.transaction(async (tx) => {
          await tx.query(`select set_config('role', 'supabase_auth_admin', true)`)
          await tx.query('select 1 from public.demo_requests limit 1')
        }),
      ).rejects.toMatchObject({ code: '42501' })
    } finally {
      await stack.db.exec('drop trigger if exists note_writer on auth.users; drop function if exists public.note_writer(); drop table if exists public.who_wrote;')
    }
  })
})
