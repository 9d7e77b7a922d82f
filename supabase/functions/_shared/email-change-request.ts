// A change of e-mail address: the account page's form checks its fields with `emailChangeFields`,
// and request-email-change checks what the form sends with `emailChangeRequestSchema`, the same
// fields and the bot check's token. The new address is trimmed and in lower case (at most 255
// characters, as the auth service keeps it). Web standards and arktype only (browser, Node and Deno).
import { type } from 'arktype'
import { emailAddress, MAX_EMAIL_LENGTH } from './email-address.ts'

export { MAX_EMAIL_LENGTH }

/** The form's fields: the new address and the current password. */
export const emailChangeFields = type({ email: emailAddress, password: 'string > 0' })

export const emailChangeRequestSchema = emailChangeFields.and({ captcha_token: 'string' })

export type EmailChangeRequestBody = typeof emailChangeRequestSchema.inferIn
