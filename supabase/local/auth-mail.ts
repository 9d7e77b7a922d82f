// The auth service's e-mail, as GoTrue's sendEmail (supabase/auth internal/api/mail.go): the
// project-wide hourly quota first (RATE_LIMIT_EMAIL_SENT: one counter for every address and kind),
// then either the Send Email hook (config.toml [auth.hook.send_email]: the project's own function
// writes and sends the mail) or, with the hook off, a plain mail of the stack's own.
//
// GoTrue calls the hook inside the transaction that stores the new token, and the hook's failure
// rolls it back. PGlite runs one transaction at a time and the hook's function writes through the
// API, so the routes here send first, outside any transaction, and store the token after.
import { createHash, randomInt, randomUUID } from 'node:crypto'
import { AuthError } from './auth-errors.ts'
import { callHook } from './auth-hooks.ts'
import { publicUser } from './auth-sessions.ts'
import type { UserRow } from './auth-users.ts'
import type { StackContext } from './context.ts'

/** GoTrue's e-mailed one-time code: `length` digits (otp_length). */
export const oneTimeCode = (length: number) => String(randomInt(0, 10 ** length)).padStart(length, '0')

/** The hash that GoTrue's links carry and its database keeps of an e-mailed code: hex SHA-224 of the
 * address followed by the code (crypto.GenerateTokenHash). */
export const tokenHashOf = (email: string, code: string) => createHash('sha224').update(email + code).digest('hex')

/** What GoTrue hands the Send Email hook besides the user (every field present, empty when unused). */
export type EmailData = {
  token: string
  token_hash: string
  redirect_to: string
  email_action_type: string
  site_url: string
  token_new: string
  token_hash_new: string
  old_email: string
  old_phone: string
  provider: string
  factor_type: string
}

/** The user object as the hook receives it (the API's user JSON). */
export type HookUser = { id: string; email: string; new_email?: string; user_metadata?: Record<string, unknown> } & Record<string, unknown>

export function createAuthMailer(ctx: StackContext) {
  const quota = { left: ctx.auth.emailSentPerHour, at: Date.now() }

  /** One auth e-mail of the project's hourly allowance, or 429 once it is spent. */
  function takeQuota() {
    const perHour = ctx.auth.emailSentPerHour
    if (perHour > 0 && ctx.auth.autoconfirm) return
    const now = Date.now()
    quota.left = Math.min(perHour, quota.left + ((now - quota.at) * perHour) / 3_600_000)
    quota.at = now
    if (quota.left < 1) throw new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded')
    quota.left -= 1
  }

  /** The auth service's own mailer, for a stack without the hook (the product always has it on):
   * a plain e-mail naming the action and the auth service's link, one per address. */
  async function sendOwn(user: HookUser, data: EmailData) {
    const link = (token: string) =>
      `${ctx.apiUrl}/auth/v1/verify?${new URLSearchParams({ token, type: data.email_action_type, redirect_to: data.redirect_to || ctx.siteUrl })}`
    const copies =
      data.email_action_type === 'email_change'
        ? [
            ...(user.new_email ? [{ to: user.new_email, hash: data.token_hash }] : []),
            ...(data.token_hash_new ? [{ to: user.email, hash: data.token_hash_new }] : []),
          ]
        : [{ to: data.email_action_type === 'email_changed_notification' ? data.old_email : user.email, hash: data.token_hash }]
    for (const copy of copies) {
      const text = copy.hash ? `${data.email_action_type}: ${link(copy.hash)}` : data.email_action_type
      await ctx.mailbox.send({ to: copy.to, subject: data.email_action_type, text })
    }
  }

  /** Sends one auth e-mail: the quota, then the hook or the own mailer. Throws GoTrue's errors. */
  async function send(action: string, user: HookUser, fields: Partial<EmailData> = {}) {
    takeQuota()
    const data: EmailData = {
      token: '',
      token_hash: '',
      redirect_to: '',
      email_action_type: action,
      site_url: ctx.siteUrl,
      token_new: '',
      token_hash_new: '',
      old_email: '',
      old_phone: '',
      provider: '',
      factor_type: '',
      ...fields,
    }
    const hook = ctx.auth.sendEmailHook
    if (!hook) return sendOwn(user, data)
    await callHook(hook, 'send_email', ctx.apiUrl, {
      metadata: { uuid: randomUUID(), time: new Date().toISOString(), name: 'send-email' },
      user,
      email_data: data,
    })
  }

  /** A security notice (password, address or factor changed), when config.toml turns it on: as
   * GoTrue, a notice that cannot be sent is logged, and the change stands. */
  async function notify(kind: string, user: HookUser, fields: Partial<EmailData> = {}) {
    if (!ctx.auth.notifications.includes(kind)) return
    try {
      await send(`${kind}_notification`, user, fields)
    } catch (error) {
      console.error(`[local stack] the ${kind} notice to ${user.id} was not sent: ${(error as Error).message}`)
    }
  }

  return { send, notify }
}

export type AuthMailer = ReturnType<typeof createAuthMailer>

/** The e-mails that carry a link and a code (confirmation, recovery, change of address), with the
 * tokens they store. */
export function emailSender(ctx: StackContext, mailer: AuthMailer) {
  const config = ctx.auth

  /** GoTrue's max_frequency: one e-mail of a kind to an address per interval. */
  function checkFrequency(sentAt: Date | null) {
    if (!sentAt || config.emailMaxFrequency <= 0) return
    const left = config.emailMaxFrequency * 1000 - (Date.now() - sentAt.getTime())
    if (left > 0) {
      throw new AuthError(
        429,
        'over_email_send_rate_limit',
        `For security purposes, you can only request this after ${Math.floor(left / 1000)} seconds.`,
      )
    }
  }

  /** A confirmation or recovery e-mail with a new code, its hash (prefixed `pkce_` for a PKCE
   * request, as GoTrue's addFlowPrefixToToken) replacing any earlier one. The mail goes first (see
   * above); the token is stored once it has gone, so a refused hook leaves nothing behind. */
  async function sendMail(user: UserRow, kind: 'confirmation' | 'recovery', redirectTo: string, pkce?: { challenge: string; method: string }) {
    const { db } = ctx
    const column = kind === 'confirmation' ? 'confirmation' : 'recovery'
    checkFrequency(kind === 'confirmation' ? user.confirmation_sent_at : user.recovery_sent_at)
    const code = oneTimeCode(config.otpLength)
    const token = (pkce ? 'pkce_' : '') + tokenHashOf(user.email, code)
    const type = kind === 'confirmation' ? 'signup' : 'recovery'
    await mailer.send(type, await publicUser(db, user), { token: code, token_hash: token, redirect_to: redirectTo })
    await db.transaction(async (tx) => {
      await tx.query(`update auth.users set ${column}_token = $2, ${column}_sent_at = now(), updated_at = now() where id = $1`, [user.id, token])
      if (pkce) {
        await tx.query(
          `insert into auth.flow_state (id, user_id, code_challenge, code_challenge_method, provider_type, authentication_method, redirect_to)
           values ($1, $2, $3, $4, 'email', $5, $6)`,
          [randomUUID(), user.id, pkce.challenge, pkce.method, kind === 'confirmation' ? 'email/signup' : 'recovery', redirectTo],
        )
      }
    })
  }

  /** GoTrue's sendEmailChange: a code for the new address and, when both must confirm, one for
   * the current address, in one call of the Send Email hook. Its fields are GoTrue's, swap
   * included (internal/api/mail.go): `token` is the current address's code and `token_hash_new`
   * its hash; `token_new` is the new address's code and `token_hash` its hash. */
  async function sendEmailChange(user: UserRow, newEmail: string, redirectTo: string) {
    checkFrequency(user.email_change_sent_at)
    const codeNew = oneTimeCode(config.otpLength)
    const tokenNew = tokenHashOf(newEmail, codeNew)
    const both = config.confirmEmailChangeOnBoth && !config.autoconfirm && Boolean(user.email)
    const codeCurrent = both ? oneTimeCode(config.otpLength) : ''
    const tokenCurrent = both ? tokenHashOf(user.email, codeCurrent) : null
    const fields = both
      ? { token: codeCurrent, token_hash: tokenNew, token_new: codeNew, token_hash_new: tokenCurrent!, redirect_to: redirectTo }
      : { token: codeNew, token_hash: tokenNew, redirect_to: redirectTo }
    await mailer.send('email_change', { ...(await publicUser(ctx.db, user)), new_email: newEmail }, fields)
    await ctx.db.query(
      `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = $4,
         email_change_confirm_status = 0, email_change_sent_at = now(), updated_at = now() where id = $1`,
      [user.id, newEmail, tokenNew, tokenCurrent],
    )
  }

  return { sendMail, sendEmailChange }
}
