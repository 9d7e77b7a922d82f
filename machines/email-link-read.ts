// What an auth e-mail's link carries, read from the page's address: no XState, so that the page's
// own script (src/app/page-script/email-link.ts) reads it as the machine does, before the first paint.

/** The page an auth e-mail links to (`/auth/confirm`, `/en/auth/confirm`): the link carries the
 * token's hash, its type and the address it is for, and nothing happens until the person presses
 * the page's button. Mail scanners open every link in a mail; a link that acted on being opened
 * would be spent by them. */
export const EMAIL_LINK_PATH = '/auth/confirm'

/** What an e-mailed link confirms: a new account, a password reset, a new e-mail address. */
export const emailLinkTypes = ['signup', 'recovery', 'email_change'] as const
export type EmailLinkType = (typeof emailLinkTypes)[number]

export interface EmailLink {
  tokenHash: string
  type: EmailLinkType
  /** The address the e-mail went to, which the page names before the press (links sent before
   * the page named it carry none). */
  email?: string
}

const isLinkType = (value: string): value is EmailLinkType => (emailLinkTypes as readonly string[]).includes(value)
const isAddress = (value: string) => value.length <= 255 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)

/** The link in an address's query (`?token_hash=…&type=…&email=…`), or null when it is not a whole link. */
export function readEmailLink(search: string): EmailLink | null {
  const params = new URLSearchParams(search)
  const tokenHash = params.get('token_hash') ?? ''
  const type = params.get('type') ?? ''
  const email = (params.get('email') ?? '').trim().toLowerCase()
  if (!/^[\w-]{1,256}$/.test(tokenHash) || !isLinkType(type)) return null
  return isAddress(email) ? { tokenHash, type, email } : { tokenHash, type }
}
