import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
import { toaster } from '../src/components/toaster/toaster'
import { demoValidator } from '../machines/demo-form.machine'
import { loginValidator } from '../machines/login-form.machine'
import { registerValidator } from '../machines/register-form.machine'
import { newPasswordValidator } from '../machines/new-password.machine'
import { resetRequestValidator } from '../machines/password-reset-request.machine'

afterEach(() => {
  cleanup()
  // The app's toaster lives as long as the page: each test starts with none.
  toaster.reset()
})

// The forms' schemas load on first use in the browser; tests drive the machines directly.
await Promise.all([loginValidator.load(), registerValidator.load(), demoValidator.load(), resetRequestValidator.load(), newPasswordValidator.load()])
