// What the local auth stand-in and its mailbox take for an e-mail address (as GoTrue does).

/** GoTrue refuses longer addresses before any other check ("An email address is too long"). */
export const MAX_EMAIL_LENGTH = 255

/** `local@domain.tld` with no whitespace, control or invisible format characters. Linear time and
 * bounded: the length is checked first (a backtracking pattern on a long input froze the stack). */
export function isEmailAddress(value: string): boolean {
  if (value.length === 0 || value.length > MAX_EMAIL_LENGTH) return false
  if (/[\s\p{C}]/u.test(value)) return false
  const at = value.indexOf('@')
  if (at <= 0 || at !== value.lastIndexOf('@')) return false
  const domain = value.slice(at + 1)
  const dot = domain.indexOf('.', 1)
  return dot > 0 && dot < domain.length - 1
}
