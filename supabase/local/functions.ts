// Server functions under /functions/v1/<name>: the same handler modules that deploy to hosted
// Supabase (supabase/functions/<name>/handler.ts), with the gateway's CORS preflight and JWT
// check, skipped for functions that set `verify_jwt = false` in supabase/config.toml.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { getConnInfo } from '@hono/node-server/conninfo'
import { type Context, Hono } from 'hono'
import { CORS_HEADERS } from './http.ts'
import { bearer, verify } from './jwt.ts'

export type FunctionEnv = Record<string, string | undefined>
export type FunctionHandler = (req: Request, env: FunctionEnv) => Promise<Response>

export const FUNCTIONS_DIR = new URL('../functions/', import.meta.url).pathname
export const CONFIG_TOML = new URL('../config.toml', import.meta.url).pathname

/** Names of functions with `verify_jwt = false` under `[functions.<name>]` in config.toml. */
export function functionsWithoutJwtCheck(toml: string): Set<string> {
  const open = new Set<string>()
  let section: string | null = null
  for (const line of toml.split('\n')) {
    const header = /^\s*\[functions\.([\w-]+)\]\s*(#.*)?$/.exec(line)
    if (header) {
      section = header[1]!
      continue
    }
    if (/^\s*\[/.test(line)) section = null
    else if (section && /^\s*verify_jwt\s*=\s*false\s*(#.*)?$/.test(line)) open.add(section)
  }
  return open
}

export async function loadFunctions(dir: string): Promise<Map<string, FunctionHandler>> {
  const handlers = new Map<string, FunctionHandler>()
  if (!existsSync(dir)) return handlers
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('_')) continue
    const file = join(dir, entry.name, 'handler.ts')
    if (!existsSync(file)) continue
    const module = (await import(pathToFileURL(file).href)) as { default?: unknown }
    if (typeof module.default !== 'function') {
      throw new Error(`${file} must export a default handler(req, env)`)
    }
    handlers.set(entry.name, module.default as FunctionHandler)
  }
  return handlers
}

/** The header hosted Supabase's edge (Cloudflare) sets to the address of the client it accepted
 * the connection from, overwriting whatever the client sent (see supabase/README.md). */
export const CLIENT_ADDRESS_HEADER = 'cf-connecting-ip'

/** The request as the platform hands it to a function: CLIENT_ADDRESS_HEADER is the socket's peer
 * address, never a value the client chose. */
function withClientAddress(c: Context): Request {
  const req = c.req.raw
  const headers = new Headers(req.headers)
  headers.set(CLIENT_ADDRESS_HEADER, getConnInfo(c).remote.address ?? '')
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  return new Request(req.url, {
    method: req.method,
    headers,
    ...(hasBody ? { body: req.body, duplex: 'half' } : {}),
    signal: req.signal,
  } as RequestInit)
}

/** The request with a body that says whether it was read to its end. */
function trackBody(req: Request): { request: Request; drained: () => boolean } {
  if (!req.body) return { request: req, drained: () => true }
  let done = false
  const body = req.body.pipeThrough(
    new TransformStream({
      flush() {
        done = true
      },
    }),
  )
  return { request: new Request(req, { body, duplex: 'half' } as RequestInit), drained: () => done }
}

function gatewayError(status: number, message: string): Response {
  return new Response(JSON.stringify({ code: status, message }), {
    status,
    headers: { ...CORS_HEADERS, 'Content-Type': 'application/json' },
  })
}

export function functionRoutes(options: {
  handlers: Map<string, FunctionHandler>
  openFunctions: Set<string>
  env: FunctionEnv
  jwtSecret: string
}): Hono {
  const app = new Hono()
  app.all('/:name/*', (c) => invoke(c.req.param('name'), withClientAddress(c)))
  app.all('/:name', (c) => invoke(c.req.param('name'), withClientAddress(c)))

  async function invoke(name: string, req: Request): Promise<Response> {
    const handler = options.handlers.get(name)
    if (!handler) return gatewayError(404, 'Requested function was not found')
    if (req.method === 'OPTIONS') {
      const headers = { ...CORS_HEADERS }
      const requested = req.headers.get('access-control-request-headers')
      if (requested) headers['Access-Control-Allow-Headers'] = requested
      return new Response('ok', { status: 200, headers })
    }
    if (!options.openFunctions.has(name)) {
      const token = bearer(req.headers.get('authorization'))
      if (!token) return gatewayError(401, 'Missing authorization header')
      const result = await verify(token, options.jwtSecret)
      if (!result.ok) return gatewayError(401, result.expired ? 'JWT expired' : 'Invalid JWT')
    }
    try {
      const { request, drained } = trackBody(req)
      const res = await handler(request, { ...options.env })
      if (drained()) return res
      // Answered before the body was read to its end (a refusal of a body too large, say): the
      // connection cannot be used again, so the answer says so, as a server that knows its
      // keep-alive must.
      const headers = new Headers(res.headers)
      headers.set('Connection', 'close')
      return new Response(res.body, { status: res.status, statusText: res.statusText, headers })
    } catch (error) {
      console.error(`[local stack] function ${name} threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
      return gatewayError(500, 'Function failed with an uncaught error')
    }
  }
  return app
}

export function readFunctionConfig(file = CONFIG_TOML): Set<string> {
  return existsSync(file) ? functionsWithoutJwtCheck(readFileSync(file, 'utf8')) : new Set()
}
