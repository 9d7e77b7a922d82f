// company-lookup through the local stack, as the checkout page calls it: Enhetsregisteret's
// stand-in names a known company, refuses a deleted or unknown number, and only a signed-in user asks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { confirmedUser, functionError, type LocalStack, startTestStack } from './helpers.ts'

let stack: LocalStack
beforeAll(async () => {
  stack = await startTestStack()
})
afterAll(() => stack.stop())

describe('company-lookup', () => {
  it('names a known company with its business address and whether it is VAT-registered', async () => {
    const user = await confirmedUser(stack)
    const { data, error } = await user.sb.functions.invoke('company-lookup', { body: { orgNumber: '923 456 783' } })
    expect(error).toBeNull()
    expect(data).toEqual({
      company: { orgNumber: '923456783', name: 'FJORDLYS RÅDGIVNING AS', address: { line1: 'Storgata 12', postalCode: '0155', city: 'OSLO', country: 'NO' }, vatRegistered: true },
    })
  })

  it('refuses an unknown or deleted number (404 unknown_org_number), a wrong check digit (400), a visitor (401)', async () => {
    const user = await confirmedUser(stack)
    for (const orgNumber of ['913579135', '987654325']) {
      expect(await functionError(user.sb, 'company-lookup', { orgNumber })).toEqual({ status: 404, body: { code: 'unknown_org_number', error: 'No such organization number' } })
    }
    expect((await functionError(user.sb, 'company-lookup', { orgNumber: '923456784' })).status).toBe(400)
    const res = await fetch(`${stack.url}/functions/v1/company-lookup`, { method: 'POST', headers: { 'Content-Type': 'application/json', apikey: stack.anonKey }, body: '{"orgNumber":"923456783"}' })
    expect(res.status).toBe(401)
  })
})
