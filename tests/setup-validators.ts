import { demoValidator } from '../machines/demo-form.machine'
import { emailChangeValidator } from '../machines/email-change.machine'
import { loginValidator } from '../machines/login-form.machine'
import { newPasswordValidator } from '../machines/new-password.machine'
import { resetRequestValidator } from '../machines/password-reset-request.machine'
import { registerValidator } from '../machines/register-form.machine'

// The forms' schemas load on first use in the browser; tests drive the machines directly.
await Promise.all([
  loginValidator.load(),
  registerValidator.load(),
  demoValidator.load(),
  resetRequestValidator.load(),
  newPasswordValidator.load(),
  emailChangeValidator.load(),
])
