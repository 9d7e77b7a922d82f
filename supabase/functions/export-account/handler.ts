// export-account: the signed-in user downloads their data as JSON: the profile the auth service
// keeps, their subscriptions, their customer id at the payment provider, the provider's events
// about them, and the demo requests sent with their e-mail address. Who is asking comes from the bearer token only; rows are read with the
// service role.
//
// Request: POST with the user's access token as bearer (no body).
// Answers: 200 the export (Content-Disposition: attachment) | 401 not signed in | 403 origin
//        | 405 | 500 not configured or the database failed | 502 the auth service is unreachable.
import type { FunctionEnv } from '../_shared/env.ts'
import { restRows, serviceRest } from '../_shared/service-rest.ts'
import { ilikeAddress, json, sameAddress, signedInRequest } from '../_shared/signed-in-user.ts'
import { noStore } from '../_shared/no-store.ts'

/** What the auth service keeps of a user that the export shows (no tokens, no hashes). */
const PROFILE_FIELDS = ['id', 'email', 'created_at', 'updated_at', 'confirmed_at', 'email_confirmed_at', 'last_sign_in_at', 'user_metadata', 'identities'] as const

async function handler(req: Request, env: FunctionEnv): Promise<Response> {
  const start = await signedInRequest(req, env, { name: 'export-account', required: [] })
  if (start instanceof Response) return start
  const { user, cors } = start

  try {
    const id = encodeURIComponent(user.id)
    const subscriptions = await restRows<Record<string, unknown>>(
      serviceRest(env, `subscriptions?user_id=eq.${id}&order=created_at.asc`),
      'subscriptions of the user',
    )
    const demoRequests = user.email
      ? (
          await restRows<Record<string, unknown> & { email: string }>(
            serviceRest(env, `demo_requests?email=ilike.${ilikeAddress(user.email)}&order=created_at.asc`),
            'demo requests of the user',
          )
        ).filter((row) => sameAddress(row.email, user.email))
      : []
    const paymentEvents = await restRows<Record<string, unknown>>(
      serviceRest(env, `payment_events?select=id,type,created_at,processed_at&user_id=eq.${id}&order=created_at.asc`),
      'payment events of the user',
    )
    const customers = await restRows<Record<string, unknown>>(
      serviceRest(env, `billing_customers?select=stripe_customer_id,created_at&user_id=eq.${id}`),
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
