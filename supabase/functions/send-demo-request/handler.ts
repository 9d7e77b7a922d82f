// send-demo-request: a visitor's demo booking. Validates with the form's own schema, stores the
// request with the service role before anything else, then tells the sales inbox. A notification
// that fails is logged and retried later (the row keeps notified_at null); it is never reported
// to the visitor as a failure. Web standards only: the same module runs under Deno (index.ts) and
// on the local stack.
//
// Answers: 200 { ok: true } | 400 { ok: false, error: 'invalid', fields } (or 'invalid_json')
//        | 403 origin_not_allowed | 405 | 413 payload_too_large | 415 unsupported_media_type
//        | 400 bot_check_failed | 429 rate_limited (Retry-After) | 500 storage_failed
//        | 503 bot_check_unavailable.
//
// Environment: SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY (Supabase provides them), a way to
// notify: BREVO_API_KEY (a secret to set) or LOCAL_MAILBOX_URL (the local stack sets it), and the
// bot check's TURNSTILE_SECRET_KEY (a secret to set; not one of Turnstile's test secrets). Without
// them every request answers 500 not_configured, before anything is stored. The rest is optional:
//   SITE_URL                         the site; its origin is allowed by CORS
//   SITE_ORIGINS                     comma-separated origins allowed by CORS
//                                    (default http://localhost:5173,http://localhost:5183; SITE_URL's origin is always allowed)
//   DEMO_RATE_LIMIT_PER_IP           stored requests per client address per window (default 5); the
//                                    address is the platform's cf-connecting-ip (see clientAddress)
//   DEMO_RATE_LIMIT_PER_EMAIL        stored requests per e-mail address per window (default 3)
//   DEMO_RATE_LIMIT_WINDOW_SECONDS   the window (default 3600)
//   DEMO_NOTIFY_TO                   the sales inbox (default salg@vekstlinje.no)
//   DEMO_NOTIFY_FROM                 sender for the e-mail provider (default Vekstlinje <noreply@vekstlinje.no>)
//   BREVO_API_KEY                    when set, notifications go through Brevo's HTTP API
//                                    (../_shared/mail.ts); otherwise to the local mailbox
//   DEMO_NOTIFY_RETRY_AFTER_SECONDS  unnotified rows older than this are retried on the next
//                                    accepted request (default 300)
//   IP_HASH_SECRET                   key of the HMAC that stores IPs only as hashes (default: the service role key)
//   TURNSTILE_SECRET_KEY             required (above), except on the local stack (SUPABASE_URL on
//                                    this machine), which sets it while its bot check is on: then a
//                                    request needs a bot-check token (`captcha_token`) that
//                                    Turnstile's siteverify accepts (../_shared/bot-check.ts):
//                                    400 bot_check_failed without one; 503 bot_check_unavailable
//                                    when siteverify does not answer
import {
  DEMO_FIELDS,
  type DemoFailure,
  type DemoFieldSpec,
  type DemoRequest,
  demoFieldTable,
  type DemoResponse,
  validateDemoRequest,
} from '../_shared/demo-request.ts'
import { allowedOrigins, corsHeaders } from '../_shared/cors.ts'
import type { Tables } from '../_shared/database.types.ts'
import { BodyTooLarge, readJsonBody } from '../_shared/json-body.ts'
import { type FunctionEnv, logMissingSecrets, missingSecrets } from '../_shared/env.ts'
import { missingMailSecrets, sendMail } from '../_shared/mail.ts'
import { isBotCheckOn, missingBotCheckSecret, verifyBotCheck } from '../_shared/bot-check.ts'
import { restRows, serviceRest } from '../_shared/service-rest.ts'
import { noStore } from '../_shared/no-store.ts'

export const MAX_BODY_BYTES = 16 * 1024
const RETRY_BATCH = 3
const NOTIFY_TIMEOUT_MS = 8000

type StoredRequest = DemoRequest & Pick<Tables<'demo_requests'>, 'id' | 'created_at'>

// ---------------------------------------------------------------------------------------------
// Answers (CORS: ../_shared/cors.ts)

export { allowedOrigins }

function answer(status: number, body: DemoResponse, headers: Record<string, string>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' },
  })
}

const failure = (status: number, error: DemoFailure, headers: Record<string, string>) =>
  answer(status, { ok: false, error }, headers)

// ---------------------------------------------------------------------------------------------
// The body: JSON, at most 16 KB, counted as it arrives (readJsonBody)

const isJson = (contentType: string | null) => /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType ?? '')

// ---------------------------------------------------------------------------------------------
// Storage: PostgREST with the service role (RLS lets nobody else near demo_requests)

/** Both rate limits and the insert in one database call (public.store_demo_request), so that
 * concurrent requests cannot all count before any of them is stored. */
type Limits = { perIp: number; perEmail: number; windowSeconds: number }

async function storeWithinLimits(env: FunctionEnv, row: Record<string, unknown>, ipHash: string, limits: Limits): Promise<StoredRequest | 'rate_limited'> {
  const res = await serviceRest(env, 'rpc/store_demo_request', {
    method: 'POST',
    body: JSON.stringify({
      request: row,
      ip_hash: ipHash,
      per_ip: limits.perIp,
      per_email: limits.perEmail,
      window_seconds: limits.windowSeconds,
    }),
  })
  if (res.status === 429) {
    await res.body?.cancel()
    return 'rate_limited'
  }
  if (!res.ok) throw new Error(`store: PostgREST answered ${res.status} ${await res.text()}`)
  const stored = (await res.json()) as StoredRequest | null
  if (!stored?.id) throw new Error('store: PostgREST returned no row')
  return stored
}

async function markNotified(env: FunctionEnv, id: string): Promise<void> {
  await restRows(
    serviceRest(env, `demo_requests?id=eq.${encodeURIComponent(id)}`, {
      method: 'PATCH',
      headers: { Prefer: 'return=minimal' },
      body: JSON.stringify({ notified_at: new Date().toISOString() }),
    }),
    'mark notified',
  )
}

async function unnotified(env: FunctionEnv, olderThan: string, limit: number): Promise<StoredRequest[]> {
  return restRows<StoredRequest>(
    serviceRest(
      env,
      `demo_requests?select=*&notified_at=is.null&created_at=lt.${encodeURIComponent(olderThan)}&order=created_at.asc&limit=${limit}`,
    ),
    'unnotified',
  )
}

// ---------------------------------------------------------------------------------------------
// Notification: an e-mail provider's HTTP API when configured, the local mailbox otherwise

const NEED_LABELS: Record<DemoRequest['need'], string> = {
  lead_generation: 'Leadgenerering (Lead Generation)',
  content: 'Innhold (Content)',
  profile_optimization: 'Profiloptimalisering (Profile Optimization)',
  other: 'Annet (Other)',
}

/** Plain text only: nothing the visitor typed is ever interpreted as HTML or as a header. */
export function notificationFor(request: StoredRequest, to: string) {
  const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ')
  const subject = `Demo request: ${oneLine(request.name)}${request.company ? ` (${oneLine(request.company)})` : ''}`
  const shown = (spec: DemoFieldSpec) => {
    const value = (request as Record<string, string | undefined>)[spec.name] ?? ''
    return spec.kind === 'need' ? (NEED_LABELS[value as DemoRequest['need']] ?? value) : value
  }
  // Every field of the table: a line each, and each longer text as a block of its own after them.
  const lines = demoFieldTable.filter((spec) => spec.kind !== 'long').map((spec) => `${spec.notifyAs}: ${shown(spec) || '-'}`)
  const blocks = demoFieldTable.filter((spec) => spec.kind === 'long').flatMap((spec) => ['', `${spec.notifyAs}:`, shown(spec) || '-'])
  const text = [
    `New demo request (${request.language === 'en' ? 'English' : 'Norwegian'} site)`,
    '',
    ...lines,
    ...blocks,
    '',
    `Request ${request.id}, received ${request.created_at}`,
  ].join('\n')
  return { to, subject: subject.slice(0, 250), text }
}

async function notify(env: FunctionEnv, request: StoredRequest): Promise<void> {
  const mail = notificationFor(request, env.DEMO_NOTIFY_TO ?? 'salg@vekstlinje.no')
  const from = env.DEMO_NOTIFY_FROM ?? 'Vekstlinje <noreply@vekstlinje.no>'
  await sendMail(env, { ...mail, from, replyTo: request.email }, { timeoutMs: NOTIFY_TIMEOUT_MS })
  await markNotified(env, request.id)
}

/** Notifies; a failure is logged and left for a later retry, never thrown. */
async function notifySafely(env: FunctionEnv, request: StoredRequest): Promise<boolean> {
  try {
    await notify(env, request)
    return true
  } catch (error) {
    console.error(`[send-demo-request] notification of ${request.id} failed; it will be retried`, error)
    return false
  }
}

/** Retries the oldest notifications that failed earlier. Also callable as a job (see the README). */
export async function retryNotifications(env: FunctionEnv, limit = RETRY_BATCH): Promise<number> {
  const after = Number(env.DEMO_NOTIFY_RETRY_AFTER_SECONDS ?? 300)
  const olderThan = new Date(Date.now() - after * 1000).toISOString()
  let sent = 0
  try {
    for (const request of await unnotified(env, olderThan, limit)) if (await notifySafely(env, request)) sent += 1
  } catch (error) {
    console.error('[send-demo-request] could not list unnotified requests', error)
  }
  return sent
}

// ---------------------------------------------------------------------------------------------
// Rate limit and client identity

/** The client's address as the platform guarantees it: `cf-connecting-ip`, which hosted Supabase's
 * edge (Cloudflare) sets from the connection, overwriting anything the client sent; the local
 * stack sets it from the socket. Headers a client can choose (X-Forwarded-For, X-Real-IP) are never
 * read. IPv6 clients count per /64, the block one subscriber usually holds. Without the header (not
 * behind the platform), all such requests share one bucket rather than going unlimited. */
export function clientAddress(req: Request): string {
  const raw = (req.headers.get('cf-connecting-ip') ?? '').trim().toLowerCase().replace(/%.*$/, '')
  if (raw === '') return 'unknown'
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(raw)
  if (mapped) return mapped[1]!
  if (!raw.includes(':')) return raw
  const [head = '', tail = ''] = raw.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = raw.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}

/** IPs are stored only as a keyed hash: enough to count, not enough to recover the address. */
async function hashIp(ip: string, env: FunctionEnv): Promise<string> {
  const secret = env.IP_HASH_SECRET ?? env.SUPABASE_SERVICE_ROLE_KEY ?? ''
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ])
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(ip)))
  return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('')
}

function isServiceRole(req: Request, env: FunctionEnv): boolean {
  const token = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '')?.[1]
  return Boolean(token && env.SUPABASE_SERVICE_ROLE_KEY && token === env.SUPABASE_SERVICE_ROLE_KEY)
}

const positive = (value: string | undefined, fallback: number) => {
  const n = Number(value)
  return Number.isFinite(n) && n >= 0 ? n : fallback
}

/** Secrets without which the function cannot keep its promise (store what a person sent, then
 * notify): the bot check fails closed, so a deploy without its secret stores nothing. */
export function missingConfiguration(env: FunctionEnv): string[] {
  const missing = missingSecrets(env, ['SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY'])
  missing.push(...missingMailSecrets(env))
  missing.push(...missingBotCheckSecret(env))
  return missing
}

// ---------------------------------------------------------------------------------------------

async function handler(req: Request, env: FunctionEnv): Promise<Response> {
  const origin = req.headers.get('origin') || null
  const allowed = allowedOrigins(env)
  const cors = corsHeaders(origin, allowed)
  const originOk = origin === null || allowed.includes(origin)

  if (req.method === 'OPTIONS') {
    return new Response(originOk ? 'ok' : null, { status: originOk ? 200 : 403, headers: cors })
  }
  if (!originOk) return failure(403, 'origin_not_allowed', cors)
  if (req.method !== 'POST') return failure(405, 'method_not_allowed', { ...cors, Allow: 'POST, OPTIONS' })
  if (!isJson(req.headers.get('content-type'))) return failure(415, 'unsupported_media_type', cors)
  const missing = missingConfiguration(env)
  if (missing.length > 0) {
    logMissingSecrets('send-demo-request', missing)
    return failure(500, 'not_configured', cors)
  }

  let body: unknown
  try {
    body = await readJsonBody(req, MAX_BODY_BYTES)
  } catch (error) {
    if (error instanceof BodyTooLarge) return failure(413, 'payload_too_large', cors)
    return failure(400, 'invalid_json', cors)
  }

  if (typeof body !== 'object' || body === null || Array.isArray(body)) return failure(400, 'invalid_json', cors)

  // The retry job: the service role asks to notify every request still waiting (see the README).
  if (isServiceRole(req, env) && (body as { action?: unknown } | null)?.action === 'retry-notifications') {
    const retried = await retryNotifications({ ...env, DEMO_NOTIFY_RETRY_AFTER_SECONDS: '0' }, 50)
    return new Response(JSON.stringify({ ok: true, retried }), {
      status: 200,
      headers: { ...cors, 'Content-Type': 'application/json; charset=utf-8' },
    })
  }

  // Bots fill in the hidden field: they are told all went well, and nothing is kept.
  const honeypot = (body as { website?: unknown } | null)?.website
  if (typeof honeypot === 'string' && honeypot.trim() !== '') return answer(200, { ok: true }, cors)

  const validation = validateDemoRequest(body)
  if (!validation.ok) {
    if (validation.body) return failure(400, 'invalid_json', cors)
    return answer(400, { ok: false, error: 'invalid', fields: validation.fields }, cors)
  }
  const request = validation.request

  if (isBotCheckOn(env)) {
    const token = (body as { captcha_token?: unknown }).captcha_token
    const check = await verifyBotCheck(env, token, req.headers.get('cf-connecting-ip')?.trim() ?? '')
    if (check.result === 'unavailable') return failure(503, 'bot_check_unavailable', cors)
    if (check.result === 'refused') return failure(400, 'bot_check_failed', cors)
  }

  const ipHash = await hashIp(clientAddress(req), env)
  let stored: StoredRequest
  try {
    const limits = {
      perIp: positive(env.DEMO_RATE_LIMIT_PER_IP, 5),
      perEmail: positive(env.DEMO_RATE_LIMIT_PER_EMAIL, 3),
      windowSeconds: positive(env.DEMO_RATE_LIMIT_WINDOW_SECONDS, 3600),
    }
    const userAgent = req.headers.get('user-agent')
    const result = await storeWithinLimits(
      env,
      {
        ...Object.fromEntries(DEMO_FIELDS.map((field) => [field, request[field]])),
        language: request.language,
        user_agent: userAgent ? [...userAgent].slice(0, 500).join('') : null,
      },
      ipHash,
      limits,
    )
    if (result === 'rate_limited') return failure(429, 'rate_limited', { ...cors, 'Retry-After': String(limits.windowSeconds) })
    stored = result
  } catch (error) {
    console.error('[send-demo-request] could not store the request', error)
    return failure(500, 'storage_failed', cors)
  }

  // Stored: from here on the visitor's request is safe, whatever the mail does.
  await notifySafely(env, stored)
  await retryNotifications(env)
  return answer(200, { ok: true }, cors)
}

export default noStore(handler)
