// Shared HTTP pieces: CORS as the hosted gateway answers it, body size limits, the API-key check.
import type { Context, MiddlewareHandler } from 'hono'
import { BodyTooLarge, readLimitedText } from '../functions/_shared/json-body.ts'
import { verify } from './jwt.ts'

export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET,POST,PUT,PATCH,DELETE,OPTIONS,HEAD',
  'Access-Control-Allow-Headers':
    'authorization, apikey, x-client-info, content-type, x-supabase-api-version, accept-profile, content-profile, prefer, x-retry-count, x-region, range',
  'Access-Control-Expose-Headers': 'X-Supabase-Api-Version, Content-Range, x-relay-error',
  'Access-Control-Max-Age': '86400',
}

/** Adds the CORS headers and answers preflights, before any authentication. */
export function cors(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') {
      const requested = c.req.header('access-control-request-headers')
      const headers = { ...CORS_HEADERS }
      if (requested) headers['Access-Control-Allow-Headers'] = requested
      return new Response('ok', { status: 200, headers })
    }
    await next()
    for (const [name, value] of Object.entries(CORS_HEADERS)) {
      if (!c.res.headers.has(name)) c.res.headers.set(name, value)
    }
  }
}

export const MAX_BODY_BYTES = 1024 * 1024

export class BodyError extends Error {
  constructor(
    readonly kind: 'too_large' | 'bad_json',
    message: string,
  ) {
    super(message)
  }
}

/** Reads the body as text, refusing more than `limit` bytes even without a Content-Length. */
export async function readText(c: Context, limit = MAX_BODY_BYTES): Promise<string> {
  try {
    return await readLimitedText(c.req.raw, limit)
  } catch (error) {
    if (error instanceof BodyTooLarge) throw new BodyError('too_large', `Request body is larger than ${limit} bytes`)
    throw error
  }
}

/** Reads a JSON body; an empty body is `{}`. */
export async function readJson(c: Context, limit = MAX_BODY_BYTES): Promise<unknown> {
  const text = await readText(c, limit)
  if (text.trim() === '') return {}
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new BodyError('bad_json', (error as Error).message)
  }
}

/** The gateway's check: every request carries an `apikey` signed with the project's secret. */
export function requireApiKey(secret: string): MiddlewareHandler {
  return async (c, next) => {
    const key = c.req.header('apikey') ?? c.req.query('apikey')
    if (!key) {
      return c.json(
        { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' },
        401,
      )
    }
    const result = await verify(key, secret)
    if (!result.ok) {
      return c.json({ message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' }, 401)
    }
    await next()
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
