// export-account: the signed-in user downloads their data as JSON: the profile the auth service
// keeps, their subscriptions, their customer id at the payment provider, the provider's events
// about them, and the demo requests sent with their e-mail address. Who is asking comes from the bearer token only; rows are read with the
// service role.
//
// Every table is read page by page: PostgREST answers at most max_rows rows to a read (config.toml
// [api] max_rows = 1000, as hosted; the project may lower it in the database) and says nothing of
// the rest, so one read would cut the export silently.
//
// Request: POST with the user's access token as bearer (no body).
// Answers: 200 the export (Content-Disposition: attachment) | 401 not signed in | 403 origin
//        | 405 | 500 not configured or the database failed | 502 the auth service is unreachable.
import type { Tables } from '../_shared/database.types.ts'
import type { FunctionEnv } from '../_shared/env.ts'
import { restRows, serviceRest } from '../_shared/service-rest.ts'
import { ilikeAddress, json, sameAddress, signedInRequest } from '../_shared/signed-in-user.ts'
import { noStore } from '../_shared/no-store.ts'

/** What the auth service keeps of a user that the export shows (no tokens, no hashes). */
const PROFILE_FIELDS = ['id', 'email', 'created_at', 'updated_at', 'confirmed_at', 'email_confirmed_at', 'last_sign_in_at', 'user_metadata', 'identities'] as const

/** Rows one page asks for: hosted PostgREST's max_rows. */
export const PAGE_ROWS = 1000

/** Every row of a read: pages of PAGE_ROWS (`limit`, `offset`), each with the exact count of all
 * rows (`Prefer: count=exact`, the total in Content-Range), until the rows read reach that total
 * or a page is empty, so that a lower max_rows (a page shorter than asked for) loses nothing; an
 * answer without a total ends at its first page shorter than asked for. `path` must order by a
 * unique key, so that the pages neither overlap nor leave a row out. */
async function allRows<T>(env: FunctionEnv, path: string, what: string): Promise<T[]> {
  const rows: T[] = []
  for (;;) {
    const answer = await serviceRest(env, `${path}&limit=${PAGE_ROWS}&offset=${rows.length}`, { headers: { Prefer: 'count=exact' } })
    const total = /\/(\d+)$/.exec(answer.headers.get('content-range') ?? '')?.[1]
    const page = await restRows<T>(answer, what)
    rows.push(...page)
    if (page.length === 0 || (total === undefined ? page.length < PAGE_ROWS : rows.length >= Number(total))) return rows
  }
}

async function handler(req: Request, env: FunctionEnv): Promise<Response> {
  const start = await signedInRequest(req, env, { name: 'export-account', required: [] })
  if (start instanceof Response) return start
  const { user, cors } = start

  try {
    const id = encodeURIComponent(user.id)
    const subscriptions = await allRows<Tables<'subscriptions'>>(env, `subscriptions?user_id=eq.${id}&order=created_at.asc,id.asc`, 'subscriptions of the user')
    const demoRequests = user.email
      ? (
          await allRows<Tables<'demo_requests'>>(
            env,
            `demo_requests?email=ilike.${ilikeAddress(user.email)}&order=created_at.asc,id.asc`,
            'demo requests of the user',
          )
        ).filter((row) => sameAddress(row.email, user.email))
      : []
    const paymentEvents = await allRows<Pick<Tables<'payment_events'>, 'id' | 'type' | 'created_at' | 'processed_at'>>(
      env,
      `payment_events?select=id,type,created_at,processed_at&user_id=eq.${id}&order=created_at.asc,id.asc`,
      'payment events of the user',
    )
    const customers = await allRows<Pick<Tables<'billing_customers'>, 'stripe_customer_id' | 'created_at'>>(
      env,
      `billing_customers?select=stripe_customer_id,created_at&user_id=eq.${id}&order=stripe_customer_id.asc`,
      'payment provider customer of the user',
    )
    const profile = Object.fromEntries(PROFILE_FIELDS.filter((field) => field in user.record).map((field) => [field, user.record[field]]))
    const exportedAt = new Date().toISOString()
    return json(200, { exported_at: exportedAt, profile, subscriptions, payment_customers: customers, demo_requests: demoRequests, payment_events: paymentEvents }, cors, {
      'Content-Disposition': `attachment; filename="vekstlinje-data-${exportedAt.slice(0, 10)}.json"`,
      'Cache-Control': 'no-store',
    })
  } catch (error) {
    console.error('[export-account] could not read the rows', error)
    return json(500, { error: 'Could not read your data' }, cors)
  }
}

export default noStore(handler)
