import { type } from 'arktype'
import { PASSWORD_MIN_LENGTH } from './register-rules'

/** The same rule as registration. */
export const newPasswordSchema = type({ password: `string >= ${PASSWORD_MIN_LENGTH}` })
