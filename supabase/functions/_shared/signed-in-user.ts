// The caller of a function, as the auth service sees the bearer token: never an id from the body.
import type { FunctionEnv } from './env.ts'

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
