// Failed demo notifications are delivered by the next scheduled run: the migration's pg_cron job,
// run by the local stack on the same schedule, calls send-demo-request through pg_net with the
// secrets from Vault. The clock is explicit (`stack.cron.tick(at)`); nothing waits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isDue } from '../../supabase/local/cron.ts'
import { functionHandler } from './function-runtime.ts'
import { type LocalStack, mails, STARTUP_TIMEOUT, startTestStack, uniqueEmail } from './helpers.ts'

const handler = functionHandler('send-demo-request')
const SALES = 'salg@vekstlinje.no'
let stack: LocalStack

beforeAll(async () => {
  stack = await startTestStack()
}, STARTUP_TIMEOUT)
afterAll(() => stack.stop())

/** A visitor's request stored while the mailbox is unreachable: its notification fails. */
async function storeWithFailedNotification(email: string) {
  const res = await handler(
    new Request('http://functions.local/send-demo-request', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:5173', 'cf-connecting-ip': '198.51.100.7' },
      body: JSON.stringify({ name: 'Ola Nordmann', email, need: 'lead_generation' }),
    }),
    {
      SUPABASE_URL: stack.url,
      SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
      SITE_URL: 'http://localhost:5173',
      LOCAL_MAILBOX_URL: 'http://127.0.0.1:9/mailbox/send',
      DEMO_NOTIFY_RETRY_AFTER_SECONDS: '3600',
    },
  )
  expect(res.status).toBe(200)
}

const notifiedAt = async (email: string) =>
  (await stack.db.query<{ notified_at: Date | null }>('select notified_at from public.demo_requests where email = $1', [email])).rows[0]
    ?.notified_at
const mailsAbout = async (email: string) => (await mails(stack, SALES)).filter((m) => m.text.includes(email))

describe('the scheduled retry of demo notifications', () => {
  it('is scheduled by the migration every five minutes, with its secrets in Vault', async () => {
    const { rows } = await stack.db.query<{ schedule: string; command: string }>(
      "select schedule, command from cron.job where jobname = 'retry-demo-notifications'",
    )
    expect(rows).toEqual([{ schedule: '*/5 * * * *', command: expect.stringContaining('net.http_post') }])
    expect(rows[0]!.command).toContain("vault.decrypted_secrets where name = 'service_role_key'")
    expect(rows[0]!.command).not.toMatch(/eyJ|sb_secret_/)
  })

  it('delivers a failed notification at the next run, with no new visitor request', async () => {
    // From now on the clock is the test's: whatever fell due since the stack started runs first.
    const now = new Date()
    await stack.cron.tick(now)
    const next = new Date(Math.ceil((now.getTime() + 1) / 300_000) * 300_000)

    const email = uniqueEmail('retry')
    await storeWithFailedNotification(email)
    expect(await notifiedAt(email)).toBeNull()
    expect(await mailsAbout(email)).toHaveLength(0)

    // Just before the next run: nothing happens (the hourly clean-up may fall in the window).
    expect((await stack.cron.tick(new Date(next.getTime() - 1))).filter((job) => job !== 'delete-unconfirmed-accounts')).toEqual([])
    expect(await notifiedAt(email)).toBeNull()

    // The five-minute jobs: this one, and the billing addresses' (nothing queued here).
    expect((await stack.cron.tick(next)).filter((job) => job !== 'delete-unconfirmed-accounts').sort()).toEqual(['retry-demo-notifications', 'sync-billing-emails'])
    expect(await notifiedAt(email)).not.toBeNull()
    expect(await mailsAbout(email)).toHaveLength(1)
    const { rows } = await stack.db.query<{ status_code: number }>('select status_code from net._http_response order by id desc limit 1')
    expect(rows[0]!.status_code).toBe(200)

    // A minute later, not a run.
    expect(await stack.cron.tick(new Date(next.getTime() + 60_000))).not.toContain('retry-demo-notifications')
  })

  it('reads cron expressions as pg_cron does, in UTC', () => {
    const at = (iso: string) => new Date(iso)
    expect(isDue('*/5 * * * *', at('2026-11-24T10:03:00Z'), at('2026-11-24T10:05:00Z'))).toBe(true)
    expect(isDue('*/5 * * * *', at('2026-11-24T10:05:00Z'), at('2026-11-24T10:09:59Z'))).toBe(false)
    expect(isDue('0 3 * * *', at('2026-11-24T02:59:00Z'), at('2026-11-24T03:00:00Z'))).toBe(true)
  })
})
