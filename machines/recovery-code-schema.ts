import { type } from 'arktype'
import { emailAddress } from '../supabase/functions/_shared/email-address.ts'

/** The address the reset e-mail went to, as "Forgot password?" sent it (trimmed, in lower case),
 * and the code as typed (its own check is the code field's, known without this schema). */
export const recoveryCodeSchema = type({ email: emailAddress, code: 'string' })
