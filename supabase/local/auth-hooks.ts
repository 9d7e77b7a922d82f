// The auth service's HTTP hooks (config.toml [auth.hook.<name>]), called as GoTrue calls them
// (supabase/auth internal/hooks/hookshttp/hookshttp.go): a JSON POST signed with Standard Webhooks
// (webhook-id, webhook-timestamp, webhook-signature) by each `v1,whsec_…` secret; success is 204,
// or 200/202 with a JSON body; a JSON `{ error: { http_code, message } }` fails the request with
// that status and message (internal/hooks/hookserrors); other statuses fail it with a 500. One
// 5-second budget covers the call.
import { createHash, randomUUID } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import { AuthError } from './auth-errors.ts'
import type { AuthHook } from './config.ts'

/** The project's own functions that stand in for a hook whose `uri` is an `env(NAME)` left unset
 * (`npm start`, the tests): the same function the deploy section points the hosted hook at. */
export const LOCAL_HOOK_PATHS = {
  send_email: '/functions/v1/auth-hooks/send-email',
  mfa_verification_attempt: '/functions/v1/auth-hooks/mfa-verification-attempt',
} as const
export type HookName = keyof typeof LOCAL_HOOK_PATHS

const TIMEOUT_MS = 5000
const MAX_ANSWER_BYTES = 200 * 1024

/** The stack's own signing secret for the hooks (from its JWT secret), used for a hook whose
 * `secrets` is an `env(NAME)` left unset; the functions get it as AUTH_HOOK_SECRET. */
export function localHookSecret(jwtSecret: string): string {
  return `v1,whsec_${createHash('sha256').update(`auth-hooks:${jwtSecret}`).digest('base64')}`
}

/** The hook with the stack's secret in place of an unset `env(NAME)`. */
export function withLocalSecret(hook: AuthHook | null, secret: string): AuthHook | null {
  return hook && (hook.secrets === '' || /^env\(/.test(hook.secrets) ? { ...hook, secrets: secret } : hook)
}

/** Where a hook posts: its configured URI, or the project's own function on this stack. */
export function hookUri(hook: AuthHook, name: HookName, apiUrl: string): string {
  return /^env\(/.test(hook.uri) || hook.uri === '' ? `${apiUrl}${LOCAL_HOOK_PATHS[name]}` : hook.uri
}

/** The signature header GoTrue sends: one `v1,<base64>` per secret, joined with ", ". */
export function signHook(secrets: string, id: string, at: Date, body: string): string {
  return secrets
    .split('|')
    .map((secret) => secret.trim().replace(/^v1,/, ''))
    .filter(Boolean)
    .map((secret) => new Webhook(secret).sign(id, at, body))
    .join(', ')
}

/** Posts `payload` to the hook and returns its JSON answer ({} for a 204); throws GoTrue's errors. */
export async function callHook(hook: AuthHook, name: HookName, apiUrl: string, payload: Record<string, unknown>): Promise<Record<string, unknown>> {
  const body = JSON.stringify(payload)
  const id = randomUUID()
  const at = new Date()
  let res: Response
  try {
    res = await fetch(hookUri(hook, name, apiUrl), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': signHook(hook.secrets, id, at, body),
      },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') throw new AuthError(422, 'hook_timeout', 'Failed to reach hook within maximum time allocated')
    throw new AuthError(500, 'unexpected_failure', 'Error invoking hook')
  }
  if (res.status === 204) return {}
  if (res.status === 400) throw new AuthError(500, 'unexpected_failure', 'Invalid payload sent to hook')
  if (res.status === 401) throw new AuthError(500, 'unexpected_failure', 'Hook requires authorization token')
  if (res.status !== 200 && res.status !== 202) {
    throw new AuthError(500, 'unexpected_failure', `Unexpected status code returned from hook: ${res.status}`)
  }
  if (!(res.headers.get('content-type') ?? '').startsWith('application/json')) {
    throw new AuthError(400, 'hook_payload_invalid_content_type', 'Invalid Content-Type: Missing Content-Type header')
  }
  const text = await res.text()
  if (text.length > MAX_ANSWER_BYTES) throw new AuthError(422, 'hook_payload_over_size_limit', 'Payload size exceeded size limit')
  let answer: Record<string, unknown>
  try {
    answer = JSON.parse(text) as Record<string, unknown>
  } catch {
    throw new AuthError(500, 'unexpected_failure', 'Error unmarshaling response')
  }
  const error = answer?.error as { http_code?: unknown; message?: unknown } | undefined
  if (error && typeof error.message === 'string' && error.message !== '') {
    const status = typeof error.http_code === 'number' && error.http_code > 0 ? error.http_code : 500
    throw new AuthError(status, status === 500 ? 'unexpected_failure' : 'unknown', error.message)
  }
  return answer
}
