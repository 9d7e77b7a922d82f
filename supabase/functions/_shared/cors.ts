// CORS for the functions the site calls from the browser. Only the site's origins are named in
// Access-Control-Allow-Origin (never `*`): SITE_ORIGINS (comma-separated) replaces the default
// localhost origins, and SITE_URL's origin is always allowed. Web standards only.
import type { FunctionEnv } from './env.ts'

export const DEFAULT_ORIGINS = ['http://localhost:5173', 'http://localhost:5183']

export function allowedOrigins(env: FunctionEnv): string[] {
  const listed = env.SITE_ORIGINS?.split(',').map((o) => o.trim()).filter(Boolean) ?? DEFAULT_ORIGINS
  const origins = new Set(listed.map((o) => o.replace(/\/+$/, '')))
  if (env.SITE_URL) {
    try {
      origins.add(new URL(env.SITE_URL).origin)
    } catch {
      // A malformed SITE_URL adds nothing.
    }
  }
  return [...origins]
}

export type CorsProfile = { methods: string; headers: string; expose?: string }

/** What send-demo-request has always answered. */
export const FORM_CORS: CorsProfile = {
  methods: 'POST, OPTIONS',
  headers: 'authorization, apikey, x-client-info, content-type',
}

/** The gateway's set (supabase-protocol §0), for functions invoked through supabase-js. */
export const GATEWAY_CORS: CorsProfile = {
  methods: 'GET,POST,PUT,PATCH,DELETE,OPTIONS,HEAD',
  headers:
    'authorization, apikey, x-client-info, content-type, x-supabase-api-version, accept-profile, content-profile, prefer, x-retry-count, x-region',
  expose: 'X-Supabase-Api-Version, Content-Range, x-relay-error',
}

/** CORS headers for the request's origin. An origin not on the list gets the first allowed one
 * back (never `*`), so browsers refuse the answer. */
export function corsHeaders(origin: string | null, allowed: string[], profile: CorsProfile = FORM_CORS): Record<string, string> {
  const match = origin !== null && allowed.includes(origin)
  const headers: Record<string, string> = {
    'Access-Control-Allow-Origin': match ? origin : (allowed[0] ?? 'null'),
    'Access-Control-Allow-Methods': profile.methods,
    'Access-Control-Allow-Headers': profile.headers,
    'Access-Control-Max-Age': '86400',
    Vary: 'Origin',
  }
  if (profile.expose) headers['Access-Control-Expose-Headers'] = profile.expose
  return headers
}

/** The request's Origin, its CORS headers, and whether the origin may call at all
 * (requests without an Origin come from servers and scripts, not browsers). */
export function corsFor(req: Request, env: FunctionEnv, profile: CorsProfile = FORM_CORS) {
  const origin = req.headers.get('origin') || null
  const allowed = allowedOrigins(env)
  return { headers: corsHeaders(origin, allowed, profile), originOk: origin === null || allowed.includes(origin) }
}
