// auth-hooks: the auth service's two hooks (supabase/config.toml [auth.hook.*]), so that whoever
// proves the mailbox or holds the authenticator owns the account.
//
//   POST …/auth-hooks/send-email: the Send Email hook. The auth service hands over every e-mail it
//     would send (with its tokens), and this writes and sends it in the account's language:
//     - a confirmation or reset carries the link to the site's confirmation page (naming the
//       address) and the product's own 8-digit code, stored by store_email_code (15 minutes,
//       5 tries, 10 wrong an hour per account); the auth service's own code is never mailed;
//     - a change of address goes out only when request-email-change has checked the bot check
//       and the password in the last two minutes, and at most 3 a day per account and per new
//       address (claim_email_change); otherwise the change is refused and nothing is mailed;
//     - the security notices (password, address, two-step verification changed) go to the account.
//   POST …/auth-hooks/mfa-verification-attempt: the MFA verification attempt hook. Every checked
//     authenticator code is recorded (record_mfa_attempt): "reject" for a code used already, and
//     for every code once six wrong ones in 15 minutes have locked the factor, whose owner is told.
//
// Both are signed by the auth service with Standard Webhooks (AUTH_HOOK_SECRET, `v1,whsec_…`);
// an unsigned or stale request is refused with 401. An answer of `{ error: { http_code, message } }`
// fails the auth service's request with that status and message.
//
// Environment:
//   SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY  (Supabase provides them)
//   AUTH_HOOK_SECRET      the hooks' signing secret, as set in config.toml's `secrets`
//   BREVO_API_KEY         the e-mail provider (the local stack's mailbox without it)
//   AUTH_MAIL_FROM        sender (default Vekstlinje <noreply@vekstlinje.no>)
import { Webhook } from 'standardwebhooks'
import { type AuthMail, confirmLink, forgotPasswordLink, mailLang, renderAuthMail } from '../_shared/auth-mail.ts'
import { AUTH_REFUSALS } from '../_shared/auth-refusals.ts'
import { passwordlessProvider } from '../_shared/sign-in-method.ts'
import { type FunctionEnv, logMissingSecrets, missingSecrets } from '../_shared/env.ts'
import { missingMailSecrets, sendMail } from '../_shared/mail.ts'
import { noStore } from '../_shared/no-store.ts'
import { serviceRest } from '../_shared/service-rest.ts'

const NAME = 'auth-hooks'
const MAX_BODY_BYTES = 256 * 1024

type HookUser = { id: string; email: string; new_email?: string; user_metadata?: Record<string, unknown>; app_metadata?: Record<string, unknown> }
type EmailData = {
  token: string
  token_hash: string
  email_action_type: string
  site_url: string
  token_new: string
  token_hash_new: string
  old_email: string
}

const answer = (status: number, body: unknown) =>
  new Response(body === null ? null : JSON.stringify(body), { status, headers: body === null ? {} : { 'Content-Type': 'application/json' } })

/** Fails the auth service's request with `status` and `message` (GoTrue's hook error shape). */
const refuse = (status: number, message: string) => answer(200, { error: { http_code: status, message } })


async function rpc<T>(env: FunctionEnv, name: string, args: Record<string, unknown>): Promise<T> {
  const res = await serviceRest(env, `rpc/${name}`, { method: 'POST', body: JSON.stringify(args) })
  const text = await res.text()
  if (!res.ok) throw new Error(`${name}: PostgREST answered ${res.status} ${text}`)
  return (text ? JSON.parse(text) : null) as T
}

/** Eight random digits, from the platform's cryptographic generator (no modulo bias). */
function eightDigits(): string {
  const limit = 4_200_000_000 // the largest multiple of 10^8 below 2^32
  const [value] = crypto.getRandomValues(new Uint32Array(1))
  return value! < limit ? String(value! % 100_000_000).padStart(8, '0') : eightDigits()
}

/** What one hook call should mail, or a refusal. */
async function mailsFor(env: FunctionEnv, user: HookUser, data: EmailData): Promise<Array<{ to: string; mail: AuthMail }> | Response> {
  const lang = mailLang(user.user_metadata)
  const site = data.site_url || env.SITE_URL || ''
  const notice = (to: string, kind: 'password-changed' | 'factor-enrolled' | 'factor-unenrolled') => [
    {
      to,
      mail: (kind === 'password-changed'
        ? { kind, lang, email: user.email, link: forgotPasswordLink(site, lang) }
        : { kind, lang, email: user.email, link: forgotPasswordLink(site, lang), provider: passwordlessProvider(user.app_metadata) }) satisfies AuthMail,
    },
  ]
  switch (data.email_action_type) {
    case 'signup':
    case 'recovery': {
      const code = eightDigits()
      await rpc(env, 'store_email_code', { p_user: user.id, p_kind: data.email_action_type, p_email: user.email, p_code: code, p_token_hash: data.token_hash })
      const link = confirmLink(site, lang, data.email_action_type, data.token_hash, user.email)
      const mail: AuthMail =
        data.email_action_type === 'signup'
          ? { kind: 'confirmation', lang, link, code }
          : { kind: 'recovery', lang, link, code, forgotPassword: forgotPasswordLink(site, lang) }
      return [{ to: user.email, mail }]
    }
    case 'email_change': {
      const newEmail = user.new_email ?? ''
      const verdict = await rpc<string>(env, 'claim_email_change', { p_user: user.id, p_new_email: newEmail })
      if (verdict === 'not_requested') return refuse(403, AUTH_REFUSALS.emailChangeNotRequested)
      if (verdict === 'account_limit') return refuse(429, AUTH_REFUSALS.emailChangeAccountLimit)
      if (verdict === 'address_limit') return refuse(429, AUTH_REFUSALS.emailChangeAddressLimit)
      // GoTrue's fields for a change confirmed on both addresses (internal/api/mail.go): the new
      // address's hash is `token_hash`, the current address's `token_hash_new`.
      const copies: Array<{ to: string; mail: AuthMail }> = [
        {
          to: newEmail,
          mail: { kind: 'email-change', lang, copy: 'new', email: user.email, newEmail, link: confirmLink(site, lang, 'email_change', data.token_hash, newEmail) },
        },
      ]
      if (data.token_hash_new) {
        copies.push({
          to: user.email,
          mail: { kind: 'email-change', lang, copy: 'current', email: user.email, newEmail, link: confirmLink(site, lang, 'email_change', data.token_hash_new, user.email) },
        })
      }
      return copies
    }
    case 'password_changed_notification':
      return notice(user.email, 'password-changed')
    case 'mfa_factor_enrolled_notification':
      return notice(user.email, 'factor-enrolled')
    case 'mfa_factor_unenrolled_notification':
      return notice(user.email, 'factor-unenrolled')
    case 'email_changed_notification':
      return data.old_email ? [{ to: data.old_email, mail: { kind: 'email-changed', lang, email: data.old_email, newEmail: user.email } }] : []
    default:
      return refuse(422, `No e-mail is written for ${data.email_action_type}`)
  }
}

async function sendEmail(env: FunctionEnv, payload: { user?: HookUser; email_data?: EmailData }): Promise<Response> {
  const { user, email_data: data } = payload
  if (!user?.id || typeof user.email !== 'string' || !data?.email_action_type) return refuse(400, 'Not a Send Email hook payload')
  const mails = await mailsFor(env, user, data)
  if (mails instanceof Response) return mails
  const from = env.AUTH_MAIL_FROM ?? 'Vekstlinje <noreply@vekstlinje.no>'
  for (const { to, mail } of mails) {
    try {
      await sendMail(env, { from, to, ...renderAuthMail(mail) })
    } catch (error) {
      console.error(`[${NAME}] the ${data.email_action_type} e-mail was not sent: ${(error as Error).message}`)
      return refuse(500, 'The e-mail could not be sent. Please try again in a moment')
    }
  }
  return answer(200, {})
}

async function verificationAttempt(env: FunctionEnv, payload: { user_id?: string; factor_id?: string; valid?: boolean }): Promise<Response> {
  if (typeof payload.user_id !== 'string' || typeof payload.factor_id !== 'string' || typeof payload.valid !== 'boolean') {
    return refuse(400, 'Not an MFA verification attempt payload')
  }
  const result = await rpc<{ decision: string; reason?: string; notify?: { email: string; lang: string } }>(env, 'record_mfa_attempt', {
    p_user: payload.user_id,
    p_factor: payload.factor_id,
    p_valid: payload.valid,
  })
  if (result.notify?.email) {
    const lang = mailLang(result.notify)
    const site = env.SITE_URL ?? ''
    const mail: AuthMail = { kind: 'factor-locked', lang, email: result.notify.email, link: forgotPasswordLink(site, lang) }
    await sendMail(env, { from: env.AUTH_MAIL_FROM ?? 'Vekstlinje <noreply@vekstlinje.no>', to: result.notify.email, ...renderAuthMail(mail) }).catch((error) =>
      console.error(`[${NAME}] the lock notice was not sent: ${(error as Error).message}`),
    )
  }
  if (result.decision !== 'reject') return answer(200, { decision: 'continue' })
  return answer(200, { decision: 'reject', message: result.reason === 'reused' ? AUTH_REFUSALS.codeReused : AUTH_REFUSALS.factorLocked })
}

async function handler(req: Request, env: FunctionEnv): Promise<Response> {
  if (req.method !== 'POST') return new Response(null, { status: 405, headers: { Allow: 'POST' } })
  const missing = [...missingSecrets(env, ['SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'AUTH_HOOK_SECRET']), ...missingMailSecrets(env)]
  if (missing.length > 0) {
    logMissingSecrets(NAME, missing)
    return answer(500, { error: 'not_configured' })
  }
  const body = await req.text()
  if (body.length > MAX_BODY_BYTES) return answer(413, { error: 'too_large' })
  let payload: Record<string, unknown>
  try {
    const headers = Object.fromEntries(['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [name, req.headers.get(name) ?? '']))
    payload = new Webhook(env.AUTH_HOOK_SECRET!.trim().replace(/^v1,/, '')).verify(body, headers) as Record<string, unknown>
  } catch {
    return answer(401, { error: 'Not signed by the auth service' })
  }
  const path = new URL(req.url).pathname
  try {
    if (path.endsWith('/send-email')) return await sendEmail(env, payload)
    if (path.endsWith('/mfa-verification-attempt')) return await verificationAttempt(env, payload)
  } catch (error) {
    console.error(`[${NAME}] ${path}: ${(error as Error).message}`)
    return refuse(500, 'The request could not be completed. Please try again in a moment')
  }
  return answer(404, { error: 'No such hook' })
}

export default noStore(handler)
