// PostgREST with the service role, by plain fetch (no realtime, no client library), for
// functions that write what RLS keeps from everybody else. Web standards only.
import type { FunctionEnv } from './env.ts'

export function serviceRest(env: FunctionEnv, path: string, init: RequestInit = {}): Promise<Response> {
  const key = env.SUPABASE_SERVICE_ROLE_KEY ?? ''
  return fetch(`${(env.SUPABASE_URL ?? '').replace(/\/+$/, '')}/rest/v1/${path}`, {
    ...init,
    headers: {
      apikey: key,
      Authorization: `Bearer ${key}`,
      'Content-Type': 'application/json',
      'Content-Profile': 'public',
      'Accept-Profile': 'public',
      ...init.headers,
    },
  })
}

/** The JSON rows of a PostgREST answer; throws with the status and body otherwise. */
export async function restRows<T>(res: Response | Promise<Response>, what: string): Promise<T[]> {
  const answer = await res
  if (!answer.ok) throw new Error(`${what}: PostgREST answered ${answer.status} ${await answer.text()}`)
  const text = await answer.text()
  return text ? (JSON.parse(text) as T[]) : []
}
