/** A safe place to return to after sign-in: a path of this site, never another origin. */
export function safeNext(next: string | null, fallback: string): string {
  // Browsers drop tabs and newlines from URLs (`/\t/evil.example` is `//evil.example`) and read a
  // backslash as a slash: a path with any of them, or any control character, is refused.
  const control = [...(next ?? '')].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)
  if (!next || control || /[\s\\]/.test(next)) return fallback
  if (!next.startsWith('/') || next.startsWith('//')) return fallback
  return next
}

/** Where `?next=` of the current address asks to go after signing in, if it is safe; else `fallback`. */
export const nextFromLocation = (fallback: string) => safeNext(new URLSearchParams(location.search).get('next'), fallback)
