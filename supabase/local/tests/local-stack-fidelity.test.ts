// The local stack stands in for hosted Supabase faithfully where an attacker would notice:
// bounded validation, GoTrue's rate limits (from config.toml), GoTrue's password rules and
// timing, hosted Realtime's deletes (filtered on the old row, key only), and PostgREST's roll-back of
// a refused single write.
import { readFileSync } from 'node:fs'
import { parse } from 'smol-toml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isEmailAddress } from '../auth-core.ts'
import { CONFIG_TOML } from '../config.ts'
import { DEFAULT_AUTH_CONFIG } from '../context.ts'
import { client, confirmedUser, type LocalStack, serviceClient, STARTUP_TIMEOUT, startTestStack, uniqueEmail, within } from './helpers.ts'

const config = parse(readFileSync(CONFIG_TOML, 'utf8')) as { auth: { minimum_password_length: number; rate_limit: Record<string, number> } }

let stack: LocalStack
/** The limits exactly as config.toml sets them (the test helper otherwise lifts them). */
let limited: LocalStack
beforeAll(async () => {
  ;[stack, limited] = await Promise.all([startTestStack(), startTestStack({ auth: { rateLimitBurst: DEFAULT_AUTH_CONFIG.rateLimitBurst } })])
}, STARTUP_TIMEOUT)
afterAll(() => Promise.all([stack.stop(), limited.stop()]))

/** A request to the auth service; those the bot check guards carry a token, as from the widget. */
const auth = (s: LocalStack, path: string, body: Record<string, unknown>, token?: string, method = 'POST') =>
  fetch(`${s.url}/auth/v1/${path}`, {
    method,
    headers: { apikey: s.anonKey, 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(
      /^(signup|recover|resend|token\?grant_type=password)$/.test(path) ? { ...body, gotrue_meta_security: { captcha_token: s.botCheckToken() } } : body,
    ),
  })

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

describe('row 10: a hostile e-mail address cannot freeze the stack', () => {
  it('checks the length first and matches in linear time', async () => {
    const hostile = `a@${'.'.repeat(32_000)} x`
    const started = performance.now()
    expect(isEmailAddress(hostile)).toBe(false)
    expect(isEmailAddress(`${'a'.repeat(100_000)}@b.c`)).toBe(false)
    expect(performance.now() - started).toBeLessThan(50)
    for (const good of ['a@b.c', 'ola.nordmann@firma.no', 'x+tag@sub.example.com']) expect(isEmailAddress(good)).toBe(true)
    for (const bad of ['a@b', '@b.c', 'a@.c', 'a@b.', 'a b@c.d', 'a@b@c.d', 'a\u200b@b.c', 'a\u0000@b.c']) expect(isEmailAddress(bad)).toBe(false)
  })

  it('POST /recover with a 32 KB address answers 400 at once', async () => {
    expect((await auth(stack, 'recover', { email: 'warm@example.com' })).status).toBe(200)
    const started = performance.now()
    const res = await auth(stack, 'recover', { email: `a@${'.'.repeat(32_000)} x` })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'validation_failed', message: 'An email address is too long' })
    expect(performance.now() - started).toBeLessThan(300)
  })

  it('/recover and /resend are rate limited per client address, as GoTrue (sign_in_sign_ups, burst 30)', async () => {
    for (const path of ['recover', 'resend']) {
      const statuses: number[] = []
      for (let i = 0; i < 31; i += 1) {
        statuses.push((await auth(limited, path, { email: uniqueEmail('flood'), type: 'signup' })).status)
      }
      expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true)
      expect(statuses[30]).toBe(429)
    }
  })
})

describe('row 12: GoTrue’s password rules, timing and limits', () => {
  it('refuses passwords over 72 bytes on sign-up and on change, as GoTrue (bcrypt would cut them)', async () => {
    const over = 'å'.repeat(37) // 74 bytes, 37 characters
    const signUp = await auth(stack, 'signup', { email: uniqueEmail('long'), password: over })
    expect(signUp.status).toBe(400)
    expect(await signUp.json()).toMatchObject({ code: 'validation_failed', message: 'Password cannot be longer than 72 characters' })
    expect((await auth(stack, 'signup', { email: uniqueEmail('long'), password: 'x'.repeat(73) })).status).toBe(400)
    expect((await auth(stack, 'signup', { email: uniqueEmail('long'), password: 'x'.repeat(72) })).status).toBe(200)

    const { session } = await confirmedUser(stack)
    const change = await auth(stack, 'user', { password: `${'x'.repeat(72)}y` }, session.access_token, 'PUT')
    expect(change.status).toBe(400)
    expect((await auth(stack, 'user', { password: 'å'.repeat(36) }, session.access_token, 'PUT')).status).toBe(200)
  })

  it('an unknown address takes as long to refuse as a wrong password (no account enumeration)', async () => {
    const slow = await startTestStack({ auth: { passwordHashCost: 10 } })
    try {
      const { email } = await confirmedUser(slow)
      const time = async (address: string) => {
        const started = performance.now()
        const res = await auth(slow, 'token?grant_type=password', { email: address, password: 'wrong-password-1' })
        expect(res.status).toBe(400)
        return performance.now() - started
      }
      const known: number[] = []
      const unknown: number[] = []
      for (let i = 0; i < 5; i += 1) {
        known.push(await time(email))
        unknown.push(await time(uniqueEmail('nobody')))
      }
      expect(median(unknown)).toBeGreaterThan(0.5 * median(known))
    } finally {
      await slow.stop()
    }
  })

  it('takes its limits from config.toml, and they hold: the 31st quick sign-up or sign-in from one address is refused', async () => {
    expect(DEFAULT_AUTH_CONFIG).toMatchObject({
      signInSignUps: config.auth.rate_limit.sign_in_sign_ups,
      tokenRefresh: config.auth.rate_limit.token_refresh,
      minimumPasswordLength: config.auth.minimum_password_length,
    })
    const signUps: number[] = []
    for (let i = 0; i < 31; i += 1) signUps.push((await auth(limited, 'signup', { email: uniqueEmail('burst'), password: 'correct-horse-1' })).status)
    expect(signUps.filter((status) => status === 429)).toHaveLength(1)
    expect(signUps[30]).toBe(429)

    const signIns: number[] = []
    for (let i = 0; i < 31; i += 1) signIns.push((await auth(limited, 'token?grant_type=password', { email: uniqueEmail('burst'), password: 'x-123456' })).status)
    expect(signIns.slice(0, 30).every((status) => status === 400)).toBe(true)
    expect(signIns[30]).toBe(429)
  })
})

describe('row 13: Realtime deletes are filtered on the old row and show only its key, as hosted', () => {
  // Hosted Realtime (apply_rls) cannot check a deleted row against RLS: it tests a binding's
  // filter on the old row (whole here: the table has replica identity full) and sends the primary
  // key only. So a subscriber who may select the table learns, through a filter, whether a deleted
  // row matched it; it never sees another value.
  it('a filter that matches the deleted row hears of it (key only), one that does not hears nothing', async () => {
    const victim = await confirmedUser(stack, 'Victim')
    const spy = await confirmedUser(stack, 'Spy')
    const service = serviceClient(stack)
    const heard = async (filter: string) => {
      const changes: Array<{ eventType: string; old: unknown }> = []
      let made: () => void = () => {}
      const subscribed = new Promise<void>((resolve) => {
        made = resolve
      })
      spy.sb
        .channel(`spy-${crypto.randomUUID()}`)
        .on('postgres_changes', { event: 'DELETE', schema: 'public', table: 'subscriptions', filter }, (change) => changes.push(change))
        .on('system', {}, (m: { status: string }) => m.status === 'ok' && made())
        .subscribe()
      await within<void>(5000, (done) => void subscribed.then(done))
      return changes
    }
    const { data: row } = await service
      .from('subscriptions')
      .insert({ user_id: victim.user.id, product_name: 'pro', status: 'active', stripe_subscription_id: `sub_${crypto.randomUUID()}` })
      .select()
      .single()
    const matching = await heard('status=eq.active')
    const other = await heard('status=eq.canceled')
    const own = await heard(`user_id=eq.${spy.user.id}`)
    await service.from('subscriptions').delete().eq('id', row.id)
    // The spy's own row, deleted after: once its delete arrived, the victim's has passed every channel.
    const { data: mine } = await service
      .from('subscriptions')
      .insert({ user_id: spy.user.id, product_name: 'pro', status: 'canceled', stripe_subscription_id: `sub_${crypto.randomUUID()}` })
      .select()
      .single()
    await service.from('subscriptions').delete().eq('id', mine.id)
    await within<void>(2000, (done) => {
      const poll = () => (own.length > 0 ? done() : setTimeout(poll, 10))
      poll()
    })
    expect(matching).toMatchObject([{ eventType: 'DELETE', old: { id: row.id } }])
    expect(matching[0]!.old).toEqual({ id: row.id })
    expect(other.map((c) => c.old)).toEqual([{ id: mine.id }])
    await spy.sb.removeAllChannels()
  })
})

describe('row 14: a refused single-object write commits nothing', () => {
  it('PATCH with Accept: application/vnd.pgrst.object+json over two rows answers 406 and changes neither', async () => {
    const owner = await confirmedUser(stack)
    const service = serviceClient(stack)
    const marker = `sub_${crypto.randomUUID()}`
    await service.from('subscriptions').insert([
      { user_id: owner.user.id, product_name: 'pro', status: 'past_due', stripe_subscription_id: `${marker}_a` },
      { user_id: owner.user.id, product_name: 'pro', status: 'past_due', stripe_subscription_id: `${marker}_b` },
    ])
    const res = await fetch(`${stack.url}/rest/v1/subscriptions?user_id=eq.${owner.user.id}`, {
      method: 'PATCH',
      headers: {
        apikey: stack.anonKey,
        Authorization: `Bearer ${stack.serviceRoleKey}`,
        'Content-Type': 'application/json',
        Accept: 'application/vnd.pgrst.object+json',
      },
      body: JSON.stringify({ status: 'canceled' }),
    })
    expect(res.status).toBe(406)
    expect(await res.json()).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' })
    const { rows } = await stack.db.query<{ status: string }>('select status from public.subscriptions where user_id = $1', [owner.user.id])
    expect(rows.map((r) => r.status)).toEqual(['past_due', 'past_due'])

    // Through the client too: .single() on an update of one row still works.
    const one = await client(stack, { key: stack.serviceRoleKey })
      .from('subscriptions')
      .update({ status: 'unpaid' })
      .eq('stripe_subscription_id', `${marker}_a`)
      .select()
      .single()
    expect(one.error).toBeNull()
    expect(one.data).toMatchObject({ status: 'unpaid' })
  })
})
