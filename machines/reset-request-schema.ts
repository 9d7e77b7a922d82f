import { type } from 'arktype'

export const resetRequestSchema = type({ email: 'string.email' })
