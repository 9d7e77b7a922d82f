// The caller of a function, as the auth service sees the bearer token: never an id from the body.
import { corsFor, GATEWAY_CORS } from './cors.ts'
import { type FunctionEnv, logMissingSecrets, missingSecrets } from './env.ts'

export interface SignedInUser {
  id: string
  email: string
  /** The auth service's own record of the user (profile, sign-in methods, dates). */
  record: Record<string, unknown>
}

/** The signed-in user of the request's bearer token; null when there is none or it is not valid
 * (expired, signed out, the user deleted). Throws only when the auth service cannot be reached. */
export async function signedInUser(req: Request, env: FunctionEnv): Promise<SignedInUser | null> {
  const token = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '')?.[1]
  if (!token) return null
  const res = await fetch(`${(env.SUPABASE_URL ?? '').replace(/\/+$/, '')}/auth/v1/user`, {
    headers: { Authorization: `Bearer ${token}`, apikey: env.SUPABASE_ANON_KEY ?? '' },
  })
  if (!res.ok) return null
  const record = (await res.json().catch(() => null)) as Record<string, unknown> | null
  if (typeof record?.id !== 'string' || record.id === '') return null
  return { id: record.id, email: typeof record.email === 'string' ? record.email : '', record }
}

/** An account with a verified second factor whose session has not used it (the token's aal claim
 * is not aal2): the functions refuse it, as row-level security hides the rows from it. */
export function secondFactorMissing(req: Request, record: Record<string, unknown>): boolean {
  const factors = Array.isArray(record.factors) ? (record.factors as Array<{ status?: unknown }>) : []
  if (!factors.some((factor) => factor?.status === 'verified')) return false
  const payload = (req.headers.get('authorization') ?? '').split('.')[1] ?? ''
  try {
    return (JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { aal?: unknown }).aal !== 'aal2'
  } catch {
    return true
  }
}

/** A request made with the service-role key (the project's scheduled jobs, through pg_net). */
export function isServiceRoleRequest(req: Request, env: FunctionEnv): boolean {
  const token = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '')?.[1]
  return Boolean(token && env.SUPABASE_SERVICE_ROLE_KEY && token === env.SUPABASE_SERVICE_ROLE_KEY)
}

/** A JSON answer with the given CORS headers. */
export const json = (status: number, body: unknown, headers: Record<string, string>, extra: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { ...headers, ...extra, 'Content-Type': 'application/json; charset=utf-8' } })

/** The demo requests sent with an address: PostgREST's `ilike` narrows them, an exact
 * case-insensitive comparison decides (`_` and `%` in an address must not match other people's). */
export function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase()
}

/** `ilike` pattern for an address, with PostgREST's wildcard `*` and SQL's `%`/`_` escaped. */
export const ilikeAddress = (email: string) => encodeURIComponent(email.trim().replace(/[\\%_*]/g, (c) => `\\${c}`))

/** The common start of a function that serves the signed-in user by POST: CORS, the method, the
 * configuration it needs (500 `{ error: notConfigured }` and one log line naming what is missing),
 * and who is asking. Answers early (a Response) or hands over the user. */
export async function signedInRequest(
  req: Request,
  env: FunctionEnv,
  { name, required, notConfigured = 'Not configured' }: { name: string; required: readonly string[]; notConfigured?: string },
): Promise<Response | { user: SignedInUser; cors: Record<string, string> }> {
  const { headers: cors, originOk } = corsFor(req, env, GATEWAY_CORS)
  if (req.method === 'OPTIONS') return new Response(originOk ? 'ok' : null, { status: originOk ? 200 : 403, headers: cors })
  if (!originOk) return json(403, { error: 'Origin not allowed' }, cors)
  if (req.method !== 'POST') return json(405, { error: 'Method not allowed' }, cors, { Allow: 'POST, OPTIONS' })
  const missing = missingSecrets(env, ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY', ...required])
  if (missing.length > 0) {
    logMissingSecrets(name, missing)
    return json(500, { error: notConfigured }, cors)
  }
  try {
    const user = await signedInUser(req, env)
    if (!user) return json(401, { error: 'Not signed in' }, cors)
    return secondFactorMissing(req, user.record) ? json(403, { error: 'Second factor required' }, cors) : { user, cors }
  } catch (error) {
    console.error(`[${name}] could not reach the auth service`, error)
    return json(502, { error: 'Could not verify the session' }, cors)
  }
}
