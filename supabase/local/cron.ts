// The local stack's pg_cron and pg_net workers: the jobs that migrations schedule (cron.job, see
// extensions.ts) run on their cron schedules, in UTC as pg_cron's default, and the HTTP requests
// they queue with net.http_post are sent, their answers kept in net._http_response.
// `tick(now)` runs whatever fell due since the previous tick: the stack calls it at the start of
// every minute; tests call it with the time they want. `run(name)` runs one job on demand (also
// `POST /local-cron/jobs/<name>/run` with the service-role key, see stack.ts).
import type { PGlite } from '@electric-sql/pglite'
import { Cron } from 'croner'
import { Hono } from 'hono'
import { bearer, verify } from './jwt.ts'

type Job = { jobid: number; jobname: string | null; schedule: string; command: string }
type QueuedRequest = {
  id: number
  method: string
  url: string
  headers: Record<string, string>
  params: Record<string, string>
  body: string | null
  timeout_milliseconds: number
}

export type Scheduler = {
  /** Runs the jobs due in (previous tick, now], then sends the requests they queued; returns the jobs run. */
  tick(now?: Date): Promise<string[]>
  /** Runs one job now, whatever its schedule (then sends what it queued); false if there is no such job. */
  run(jobname: string): Promise<boolean>
  /** Ticks at the start of every minute until stop(). */
  start(): void
  stop(): Promise<void>
}

/** True when the cron expression has a run in (after, until]. */
export function isDue(schedule: string, after: Date, until: Date): boolean {
  const next = new Cron(schedule, { paused: true, timezone: 'UTC' }).nextRun(after)
  return next !== null && next.getTime() <= until.getTime()
}

async function sendQueued(db: PGlite): Promise<void> {
  const { rows } = await db.query<QueuedRequest>('select * from net.http_request_queue order by id')
  for (const request of rows) {
    await db.query('delete from net.http_request_queue where id = $1', [request.id])
    let status: number | null = null
    let content: string | null = null
    let error: string | null = null
    try {
      const url = new URL(request.url)
      for (const [key, value] of Object.entries(request.params)) url.searchParams.set(key, String(value))
      const res = await fetch(url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal: AbortSignal.timeout(request.timeout_milliseconds),
      })
      status = res.status
      content = await res.text()
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure)
      console.error(`[local stack] pg_net request ${request.id} to ${request.url} failed: ${error}`)
    }
    await db.query('insert into net._http_response (id, status_code, content, error_msg) values ($1, $2, $3, $4)', [
      request.id,
      status,
      content,
      error,
    ])
  }
}

export function createScheduler(db: PGlite, since = new Date()): Scheduler {
  let previous = since
  let timer: ReturnType<typeof setTimeout> | undefined
  let running: Promise<unknown> = Promise.resolve()
  let stopped = false

  async function run(now: Date): Promise<string[]> {
    const after = previous
    if (now.getTime() <= after.getTime()) return []
    previous = now
    const { rows } = await db.query<Job>('select jobid, jobname, schedule, command from cron.job where active order by jobid')
    const ran: string[] = []
    for (const job of rows.filter((j) => isDue(j.schedule, after, now))) {
      const name = job.jobname ?? String(job.jobid)
      try {
        await db.exec(job.command)
        ran.push(name)
      } catch (error) {
        console.error(`[local stack] cron job ${name} failed: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
    await sendQueued(db)
    return ran
  }

  function tick(now = new Date()): Promise<string[]> {
    // One tick at a time, in order.
    const result = running.then(() => run(now))
    running = result.catch(() => {})
    return result
  }

  function schedule() {
    if (stopped) return
    const now = Date.now()
    timer = setTimeout(() => {
      tick()
        .catch((error) => console.error('[local stack] cron tick failed', error))
        .finally(schedule)
    }, 60_000 - (now % 60_000))
    timer.unref?.()
  }

  function runNow(jobname: string): Promise<boolean> {
    const result = running.then(async () => {
      const { rows } = await db.query<Job>('select jobid, jobname, schedule, command from cron.job where jobname = $1', [jobname])
      if (!rows[0]) return false
      await db.exec(rows[0].command)
      await sendQueued(db)
      return true
    })
    running = result.catch(() => {})
    return result
  }

  return {
    tick,
    run: runNow,
    start: schedule,
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}

/** `POST /local-cron/jobs/<name>/run`: runs a scheduled job now, for the service role only
 * (e.g. `delete-expired-data`, the retention job, without waiting for 03:17 UTC). */
export function cronRoutes(cron: Scheduler, jwtSecret: string): Hono {
  const app = new Hono()
  app.post('/local-cron/jobs/:name/run', async (c) => {
    const token = bearer(c.req.header('authorization'))
    const result = token ? await verify(token, jwtSecret) : null
    if (!result?.ok || result.claims.role !== 'service_role') {
      return c.json({ code: 401, message: 'The service role key is required to run a job' }, 401)
    }
    const name = c.req.param('name')
    try {
      if (!(await cron.run(name))) return c.json({ code: 404, message: `No scheduled job named ${name}` }, 404)
    } catch (error) {
      return c.json({ code: 500, message: error instanceof Error ? error.message : String(error) }, 500)
    }
    return c.json({ ran: name })
  })
  return app
}
