import { type } from 'arktype'
import { emailAddress } from '../supabase/functions/_shared/email-address.ts'

export const loginSchema = type({ email: emailAddress, password: 'string > 0' })
