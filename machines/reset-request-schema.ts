import { type } from 'arktype'
import { emailAddress } from '../supabase/functions/_shared/email-address.ts'

export const resetRequestSchema = type({ email: emailAddress })
