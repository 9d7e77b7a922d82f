// Mail on the local stack: when a function has no e-mail provider configured and runs on the
// local stack (which sets LOCAL_MAILBOX_URL), it hands the message to the stack's mailbox.
// Web standards only, so it runs the same under Deno and Node.

export type MailboxMessage = { to: string; subject: string; text: string; html?: string }

type Env = Record<string, string | undefined>

/** True when the function runs on the local stack and can use its mailbox. */
export function hasLocalMailbox(env: Env): boolean {
  return Boolean(env.LOCAL_MAILBOX_URL && env.SUPABASE_SERVICE_ROLE_KEY)
}

/** Adds the message to the local stack's mailbox; throws if the stack refuses it. */
export async function sendToLocalMailbox(env: Env, message: MailboxMessage): Promise<void> {
  if (!hasLocalMailbox(env)) throw new Error('No local mailbox: LOCAL_MAILBOX_URL is not set')
  const res = await fetch(env.LOCAL_MAILBOX_URL!, {
    method: 'POST',
    headers: { Authorization: `Bearer ${env.SUPABASE_SERVICE_ROLE_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(message),
  })
  if (!res.ok) throw new Error(`The local mailbox answered ${res.status}: ${await res.text()}`)
}
