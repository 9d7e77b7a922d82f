// The form machines start before their schemas load (they load on first use): an empty form's
// problems are known without them. These checks hold the two in step.
import { describe, expect, it } from 'vitest'
import { demoFormMachine, demoValidator, emptyValues } from '../../machines/demo-form.machine'
import { emailChangeMachine, emailChangeValidator } from '../../machines/email-change.machine'
import { lazyValidator } from '../../machines/lazy-validator'
import { loginFormMachine, loginValidator } from '../../machines/login-form.machine'
import { newPasswordMachine, newPasswordValidator } from '../../machines/new-password.machine'
import { passwordResetRequestMachine, resetRequestValidator } from '../../machines/password-reset-request.machine'
import { registerFormMachine, registerValidator } from '../../machines/register-form.machine'
import { createActor } from 'xstate'

const initialProblems = (machine: Parameters<typeof createActor>[0], input?: unknown) =>
  (createActor(machine, { input } as never).getSnapshot().context as { problems: object }).problems

describe('an empty form’s problems, before and after its schema loads', () => {
  it('login: as the schema finds them', () => {
    expect(initialProblems(loginFormMachine)).toEqual(loginValidator.validate({ email: '', password: '' }).problems)
  })
  it('registration: as the schema finds them', () => {
    expect(initialProblems(registerFormMachine)).toEqual(registerValidator.validate({ fullName: '', email: '', password: '' }).problems)
  })
  it('password reset request and new password: as the schemas find them', () => {
    expect(initialProblems(passwordResetRequestMachine)).toEqual(resetRequestValidator.validate({ email: '' }).problems)
    expect(initialProblems(newPasswordMachine)).toEqual(newPasswordValidator.validate({ password: '' }).problems)
  })
  it('e-mail change: as the schema request-email-change checks with finds them', () => {
    expect(initialProblems(emailChangeMachine, { current: 'kari@example.no' })).toEqual(emailChangeValidator.validate({ email: '', password: '' }).problems)
  })
  it('demo request: as the schema finds them', () => {
    const result = demoValidator.validate(emptyValues)
    expect(result.ok).toBe(false)
    expect(initialProblems(demoFormMachine)).toEqual(result.ok ? {} : result.fields)
  })
})

describe('the schemas normalise what they read', () => {
  it('an e-mail address is trimmed and in lower case, once, in the schema', () => {
    expect(loginValidator.validate({ email: ' Kari@Example.NO ', password: 'x' }).data).toEqual({ email: 'kari@example.no', password: 'x' })
    expect(registerValidator.validate({ fullName: ' Kari ', email: 'KARI@example.no', password: 'hemmelig1' }).data).toEqual({
      fullName: 'Kari',
      email: 'kari@example.no',
      password: 'hemmelig1',
    })
    expect(resetRequestValidator.validate({ email: 'Kari@Example.no\t' }).data).toEqual({ email: 'kari@example.no' })
    expect(emailChangeValidator.validate({ email: ' Kari.Ny@Example.no', password: ' p ' }).data).toEqual({ email: 'kari.ny@example.no', password: ' p ' })
  })
  it('an address that is not one is a problem, and no request', () => {
    expect(loginValidator.validate({ email: 'kari@', password: 'x' })).toEqual({ problems: { email: 'email' } })
    expect(emailChangeValidator.validate({ email: `${'k'.repeat(250)}@example.no`, password: 'x' })).toEqual({ problems: { email: 'tooLong' } })
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
