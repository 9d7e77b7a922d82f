// The functions' e-mail, through the product's one e-mail provider: Brevo (Sendinblue SAS, France,
// data kept in the EU), the same provider that sends the auth e-mails over SMTP (config.toml,
// [auth.email.smtp]). Functions use Brevo's HTTP API, because hosted Edge Functions may not open
// connections to the SMTP ports 25 and 587. With no BREVO_API_KEY, on the local stack (which sets
// LOCAL_MAILBOX_URL), mail goes to the stack's mailbox instead. Web standards only: the same module
// runs under Deno and Node.
import type { FunctionEnv } from './env.ts'
import { hasLocalMailbox, sendToLocalMailbox } from './local-mailbox.ts'

/** Brevo's transactional e-mail API; BREVO_API_BASE replaces the origin in tests. */
export const BREVO_API = 'https://api.brevo.com'
const SEND_PATH = '/v3/smtp/email'

export type OutgoingMail = {
  /** "Name <address>" or a bare address. */
  from: string
  to: string
  replyTo?: string
  subject: string
  text: string
  /** An HTML version beside the text (the auth e-mails have one). */
  html?: string
}

/** The secret a function needs to send mail: none on the local stack, BREVO_API_KEY elsewhere. */
export function missingMailSecrets(env: FunctionEnv): string[] {
  return env.BREVO_API_KEY?.trim() || env.LOCAL_MAILBOX_URL?.trim() ? [] : ['BREVO_API_KEY']
}

/** "Vekstlinje <noreply@vekstlinje.no>" → { name, email }; a bare address has no name. */
export function parseAddress(value: string): { name?: string; email: string } {
  const match = /^\s*(.*?)\s*<\s*([^<>\s]+)\s*>\s*$/.exec(value)
  if (!match) return { email: value.trim() }
  const name = match[1]!.replace(/^"(.*)"$/, '$1').trim()
  return name ? { name, email: match[2]! } : { email: match[2]! }
}

/** The request body of Brevo's POST /v3/smtp/email for one message. */
export function brevoMessage(mail: OutgoingMail) {
  return {
    sender: parseAddress(mail.from),
    to: [{ email: mail.to }],
    ...(mail.replyTo ? { replyTo: { email: mail.replyTo } } : {}),
    subject: mail.subject,
    textContent: mail.text,
    ...(mail.html ? { htmlContent: mail.html } : {}),
  }
}

/** Sends one message; throws when the provider (or the local mailbox) refuses it. */
export async function sendMail(env: FunctionEnv, mail: OutgoingMail, { timeoutMs = 8000 } = {}): Promise<void> {
  const key = env.BREVO_API_KEY?.trim()
  if (key) {
    const res = await fetch(new URL(SEND_PATH, env.BREVO_API_BASE || BREVO_API), {
      method: 'POST',
      headers: { 'api-key': key, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(brevoMessage(mail)),
      signal: AbortSignal.timeout(timeoutMs),
    })
    if (!res.ok) throw new Error(`the e-mail provider answered ${res.status}: ${await res.text()}`)
    await res.body?.cancel()
    return
  }
  if (hasLocalMailbox(env)) {
    await sendToLocalMailbox(env, { to: mail.to, subject: mail.subject, text: mail.text, ...(mail.html ? { html: mail.html } : {}) })
    return
  }
  throw new Error('no e-mail provider configured (BREVO_API_KEY) and no local mailbox')
}
