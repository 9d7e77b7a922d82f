// The form machines start before their schemas load (they load on first use): an empty form's
// problems are known without them. These checks hold the two in step.
import { describe, expect, it } from 'vitest'
import { demoFormMachine, demoValidator, emptyValues } from '../../machines/demo-form.machine'
import { lazyValidator } from '../../machines/lazy-validator'
import { loginFormMachine, loginValidator } from '../../machines/login-form.machine'
import { newPasswordMachine, newPasswordValidator } from '../../machines/new-password.machine'
import { passwordResetRequestMachine, resetRequestValidator } from '../../machines/password-reset-request.machine'
import { registerFormMachine, registerValidator } from '../../machines/register-form.machine'
import { createActor } from 'xstate'

const initialProblems = (machine: Parameters<typeof createActor>[0]) =>
  (createActor(machine).getSnapshot().context as { problems: object }).problems

describe('an empty form’s problems, before and after its schema loads', () => {
  it('login: as the schema finds them', () => {
    expect(initialProblems(loginFormMachine)).toEqual(loginValidator.validate({ email: '', password: '' }))
  })
  it('registration: as the schema finds them', () => {
    expect(initialProblems(registerFormMachine)).toEqual(registerValidator.validate({ fullName: '', email: '', password: '' }))
  })
  it('password reset request and new password: as the schemas find them', () => {
    expect(initialProblems(passwordResetRequestMachine)).toEqual(resetRequestValidator.validate({ email: '' }))
    expect(initialProblems(newPasswordMachine)).toEqual(newPasswordValidator.validate({ password: '' }))
  })
  it('demo request: as the schema finds them', () => {
    const result = demoValidator.validate(emptyValues)
    expect(result.ok).toBe(false)
    expect(initialProblems(demoFormMachine)).toEqual(result.ok ? {} : result.fields)
  })
})

describe('a lazy validator', () => {
  it('refuses to answer before its schema loaded, loads it once, and answers after', async () => {
    let loads = 0
    const validator = lazyValidator<string, number>('test', async () => {
      loads += 1
      return (value) => value.length
    })
    expect(validator.isReady()).toBe(false)
    expect(() => validator.validate('abc')).toThrow(/before it loaded/)
    await Promise.all([validator.load(), validator.load()])
    expect(loads).toBe(1)
    expect(validator.isReady()).toBe(true)
    expect(validator.validate('abc')).toBe(3)
  })

  it('tries again after a failed load', async () => {
    let attempt = 0
    const validator = lazyValidator<string, number>('test', async () => {
      attempt += 1
      if (attempt === 1) throw new Error('offline')
      return (value) => value.length
    })
    await expect(validator.load()).rejects.toThrow('offline')
    expect(validator.isReady()).toBe(false)
    await validator.load()
    expect(validator.validate('ab')).toBe(2)
  })
})
