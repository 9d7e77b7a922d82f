import { type } from 'arktype'
import { PASSWORD_MIN_LENGTH } from './register-rules'

export const registerSchema = type({
  fullName: 'string > 0',
  email: 'string.email',
  password: `string >= ${PASSWORD_MIN_LENGTH}`,
})
