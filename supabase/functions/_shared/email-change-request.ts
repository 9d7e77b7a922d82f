// A change of e-mail address as the account page sends it to request-email-change: the new address
// (trimmed, lower case, at most 255 characters, as the auth service keeps it), the current
// password and the bot check's token. Web standards and arktype only (browser, Node and Deno).
import { type } from 'arktype'

export const MAX_EMAIL_LENGTH = 255

export const emailChangeRequestSchema = type({
  email: type('string')
    .pipe((value) => value.trim().toLowerCase())
    .to(`string.email <= ${MAX_EMAIL_LENGTH}`),
  password: 'string > 0',
  captcha_token: 'string',
})

export type EmailChangeRequestBody = typeof emailChangeRequestSchema.inferIn
