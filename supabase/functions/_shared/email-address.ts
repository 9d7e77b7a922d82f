// An e-mail address as every form and function reads it: trimmed and in lower case once, here, as
// the auth service keeps it (at most 255 characters). Web standards and arktype only (browser, Node
// and Deno).
import { type } from 'arktype'

export const MAX_EMAIL_LENGTH = 255

export const emailAddress = type('string')
  .pipe((value) => value.trim().toLowerCase())
  .to(`string.email <= ${MAX_EMAIL_LENGTH}`)
