import { type } from 'arktype'
import { emailAddress } from '../supabase/functions/_shared/email-address.ts'
import { PASSWORD_MIN_LENGTH } from './register-rules'

export const registerSchema = type({
  fullName: type('string')
    .pipe((value) => value.trim())
    .to('string > 0'),
  email: emailAddress,
  password: `string >= ${PASSWORD_MIN_LENGTH}`,
})
