// export-account reads each table through REST, which answers at most max_rows rows (config.toml
// [api] max_rows = 1000, as hosted PostgREST; the project may lower it in the database): the export
// pages through every table, so that an account with more rows than that gets all of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { confirmedUser, type LocalStack, STARTUP_TIMEOUT, startTestStack } from './helpers.ts'
import { setPostgrestSetting } from '../../supabase/local/tests/rest-fixture.ts'

let stack: LocalStack
beforeAll(async () => {
  stack = await startTestStack()
}, STARTUP_TIMEOUT)
afterAll(() => stack.stop())

type Exported = { demo_requests: Array<{ id: string; email: string }>; payment_events: Array<{ id: string }> }

async function exportOf(user: Awaited<ReturnType<typeof confirmedUser>>): Promise<Exported> {
  const { data, error } = await user.sb.functions.invoke('export-account', { body: {} })
  expect(error).toBeNull()
  return data as Exported
}

/** `count` demo requests under the address, all stored in one statement (so of one created_at). */
async function demoRequests(email: string, count: number): Promise<string[]> {
  const { rows } = await stack.db.query<{ id: string }>(
    `insert into public.demo_requests (name, email, need) select 'Kari ' || g, $1, 'content' from generate_series(1, $2::int) g returning id`,
    [email, count],
  )
  return rows.map((row) => row.id)
}

describe('export-account pages through every table', () => {
  it('1,100 demo requests and 1,001 payment events of one account are all in its export, each once', async () => {
    const user = await confirmedUser(stack)
    const demo = await demoRequests(user.email, 1100)
    const { rows: events } = await stack.db.query<{ id: string }>(
      `insert into public.payment_events (id, type, created_at, user_id)
       select 'evt_paging_' || g || '_' || $1, 'invoice.paid', now(), $1::uuid from generate_series(1, 1001) g returning id`,
      [user.user!.id],
    )
    // Another address's request is not the user's.
    await demoRequests(`other-${user.email}`, 1)

    const data = await exportOf(user)
    expect(data.demo_requests).toHaveLength(1100)
    expect(new Set(data.demo_requests.map((row) => row.id))).toEqual(new Set(demo))
    expect(data.demo_requests.every((row) => row.email === user.email)).toBe(true)
    expect(data.payment_events).toHaveLength(1001)
    expect(new Set(data.payment_events.map((row) => row.id))).toEqual(new Set(events.map((row) => row.id)))
  }, 120_000)

  it('a project that lowers max_rows in the database still gets every row', async () => {
    const user = await confirmedUser(stack)
    const demo = await demoRequests(user.email, 20)
    await setPostgrestSetting(stack, 'db_max_rows', '7')
    try {
      const data = await exportOf(user)
      expect(data.demo_requests.map((row) => row.id).sort()).toEqual([...demo].sort())
    } finally {
      await setPostgrestSetting(stack, 'db_max_rows', null)
    }
  }, 60_000)
})
