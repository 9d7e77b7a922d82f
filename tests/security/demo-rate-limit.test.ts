// The demo form's limits hold: the per-address limit counts only the address the platform
// guarantees (cf-connecting-ip, set by hosted Supabase's edge; the socket's peer on the local
// stack), never headers a client chooses, and both limits are applied by one database call, so
// concurrent requests cannot exceed them. On the stack's PostgreSQL server, whose transactions run
// side by side as on hosted Supabase (PGlite runs one at a time, where no race can happen).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import handler from '../../supabase/functions/send-demo-request/handler.ts'
import { type LocalStack, STARTUP_TIMEOUT, startTestStack, uniqueEmail } from '../backend/helpers.ts'
import { holdWrites } from '../backend/lock-barrier.ts'

let stack: LocalStack
beforeAll(async () => {
  stack = await startTestStack({ database: 'postgres', env: { DEMO_RATE_LIMIT_PER_IP: '3', DEMO_RATE_LIMIT_PER_EMAIL: '3', DEMO_NOTIFY_RETRY_AFTER_SECONDS: '3600' } })
}, STARTUP_TIMEOUT)
afterAll(() => stack.stop())

const SITE = 'http://localhost:5173'
const request = (email = uniqueEmail('demo')) => ({ name: 'Kari Nordmann', email, need: 'lead_generation' })

async function stored(where: string, value: string): Promise<number> {
  const { rows } = await stack.db.query<{ n: number }>(`select count(*)::int as n from public.demo_requests where ${where} = $1`, [value])
  return rows[0]!.n
}
const total = async () => (await stack.db.query<{ n: number }>('select count(*)::int as n from public.demo_requests')).rows[0]!.n

/** Through the local stack, as a browser would reach the function, with whatever headers it sets
 * and the bot check's token its widget hands over (config.toml has the check on). */
const viaStack = (body: object, headers: Record<string, string> = {}) =>
  fetch(`${stack.url}/functions/v1/send-demo-request`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, Authorization: `Bearer ${stack.anonKey}`, 'Content-Type': 'application/json', Origin: SITE, ...headers },
    body: JSON.stringify({ ...body, captcha_token: stack.botCheckToken() }),
  })

/** The handler directly, as the platform hands it a request. */
const direct = (body: unknown, headers: Record<string, string>, env: Record<string, string> = {}) =>
  handler(
    new Request('http://functions.local/send-demo-request', { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: SITE, ...headers }, body: JSON.stringify(body) }),
    {
      SUPABASE_URL: stack.url,
      SUPABASE_ANON_KEY: stack.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
      SITE_URL: SITE,
      LOCAL_MAILBOX_URL: `${stack.url}/mailbox/send`,
      DEMO_NOTIFY_RETRY_AFTER_SECONDS: '3600',
      DEMO_RATE_LIMIT_PER_IP: '3',
      DEMO_RATE_LIMIT_PER_EMAIL: '3',
      ...env,
    },
  )

describe('row 5: the per-address limit uses only the address the platform guarantees', () => {
  it('rotating X-Forwarded-For, X-Real-IP or even cf-connecting-ip from one connection does not reset it', async () => {
    const statuses: number[] = []
    for (let i = 1; i <= 5; i += 1) {
      const spoof = `203.0.113.${i}`
      const res = await viaStack(request(), { 'X-Forwarded-For': spoof, 'X-Real-IP': spoof, 'cf-connecting-ip': spoof })
      statuses.push(res.status)
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429])
  })

  it('a request without the platform’s header is still limited (one shared bucket), never unlimited', async () => {
    const env = { DEMO_RATE_LIMIT_PER_IP: '2' }
    const statuses = []
    for (let i = 0; i < 3; i += 1) statuses.push((await direct(request(), { 'X-Forwarded-For': `198.51.100.${i}` }, env)).status)
    expect(statuses).toEqual([200, 200, 429])
  })

  it('IPv6 clients count per /64; IPv4-mapped addresses as their IPv4', async () => {
    const env = { DEMO_RATE_LIMIT_PER_IP: '1' }
    expect((await direct(request(), { 'cf-connecting-ip': '2001:db8:1:2::1' }, env)).status).toBe(200)
    expect((await direct(request(), { 'cf-connecting-ip': '2001:db8:1:2:ffff::9' }, env)).status).toBe(429)
    expect((await direct(request(), { 'cf-connecting-ip': '2001:db8:1:3::1' }, env)).status).toBe(200)
    expect((await direct(request(), { 'cf-connecting-ip': '::ffff:192.0.2.200' }, env)).status).toBe(200)
    expect((await direct(request(), { 'cf-connecting-ip': '192.0.2.200' }, env)).status).toBe(429)
  })
})

describe('row 5: the limits are atomic', () => {
  it('20 concurrent requests with one e-mail address store exactly the limit (3)', async () => {
    const email = uniqueEmail('concurrent')
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => direct(request(email), { 'cf-connecting-ip': `192.0.2.${i + 1}` })))
    const statuses = results.map((res) => res.status).sort()
    expect(statuses.filter((s) => s === 200)).toHaveLength(3)
    expect(statuses.filter((s) => s === 429)).toHaveLength(17)
    expect(await stored('email', email)).toBe(3)
  })

  it('20 concurrent requests from one connection store exactly the per-address limit (3)', async () => {
    const before = await total()
    const results = await Promise.all(Array.from({ length: 20 }, () => direct(request(), { 'cf-connecting-ip': '198.18.0.77' })))
    expect(results.filter((res) => res.status === 200)).toHaveLength(3)
    expect(results.filter((res) => res.status === 429)).toHaveLength(17)
    expect((await total()) - before).toBe(3)
  })

  // Every request counts, then stops before its insert until all are there: without the locks
  // each would count the same stored rows and all would be stored.
  it('5 requests from one address, lined up before their inserts: still only the per-address limit (3) stored', async () => {
    const before = await total()
    const barrier = await holdWrites(stack, 'public.demo_requests')
    const all = Promise.all(Array.from({ length: 5 }, () => direct(request(), { 'cf-connecting-ip': '198.18.0.99' })))
    await barrier.waiting(5)
    await barrier.release()
    expect((await all).map((res) => res.status).sort()).toEqual([200, 200, 200, 429, 429])
    expect((await total()) - before).toBe(3)
  })

  it('5 requests with one e-mail address from 5 addresses, lined up before their inserts: still only the per-e-mail limit (3) stored', async () => {
    const email = uniqueEmail('lined-up')
    const barrier = await holdWrites(stack, 'public.demo_requests')
    const all = Promise.all(Array.from({ length: 5 }, (_, i) => direct(request(email), { 'cf-connecting-ip': `192.0.2.${100 + i}` })))
    await barrier.waiting(5)
    await barrier.release()
    expect((await all).map((res) => res.status).sort()).toEqual([200, 200, 200, 429, 429])
    expect(await stored('email', email)).toBe(3)
  })

  it('the storing function is the service role’s alone', async () => {
    const before = await total()
    const args = { request: request(), ip_hash: 'x', per_ip: 100, per_email: 100, window_seconds: 1 }
    for (const key of [stack.anonKey]) {
      const res = await fetch(`${stack.url}/rest/v1/rpc/store_demo_request`, {
        method: 'POST',
        headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(args),
      })
      expect([401, 403]).toContain(res.status)
    }
    expect(await total()).toBe(before)
  })
})
