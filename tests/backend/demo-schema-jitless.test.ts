// Browsers under the site's Content-Security-Policy (no 'unsafe-eval') run arktype without JIT,
// where every check of a field runs even after one failed. The schema must answer the same there.
import { configure } from 'arktype/config'
import { beforeAll, describe, expect, it } from 'vitest'
import { invalidValues, requiredValues, storedFields, validValues } from '../demo-samples.ts'

configure({ jitless: true })

type Validate = typeof import('../../supabase/functions/_shared/demo-request.ts').validateDemoRequest
let validate: Validate

beforeAll(async () => {
  ;({ validateDemoRequest: validate } = await import('../../supabase/functions/_shared/demo-request.ts'))
})

const base = requiredValues
/** Every field of the field table wrong, and the problems they give; then with the required ones empty. */
const allWrong = Object.fromEntries(Object.entries(invalidValues).map(([field, { value }]) => [field, value]))
const allProblems = Object.fromEntries(Object.entries(invalidValues).map(([field, { problem }]) => [field, problem]))
const requiredEmpty = Object.fromEntries(Object.keys(requiredValues).map((field) => [field, '']))

describe('the demo request schema without JIT', () => {
  const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
    [{ linkedin: 'facebook.com/ola' }, { linkedin: 'url' }],
    [{ linkedin: `https://www.linkedin.com/in/${'a'.repeat(500)}` }, { linkedin: 'tooLong' }],
    [{ email: '' }, { email: 'required' }],
    [{ email: 'ola@' }, { email: 'email' }],
    [{ email: `${'a'.repeat(300)}@example.no` }, { email: 'tooLong' }],
    [{ name: '' }, { name: 'required' }],
    [{ name: 'n'.repeat(101) }, { name: 'tooLong' }],
    [{ need: '' }, { need: 'required' }],
    [{ need: 'Innhold' }, { need: 'choice' }],
    [allWrong, allProblems],
    [{ ...allWrong, ...requiredEmpty }, { ...allProblems, ...Object.fromEntries(Object.keys(requiredEmpty).map((field) => [field, 'required'])) }],
  ]
  for (const [overrides, fields] of cases) {
    it(`${JSON.stringify(overrides).slice(0, 60)} → ${JSON.stringify(fields)}`, () => {
      expect(validate({ ...base, ...overrides })).toEqual({ ok: false, fields })
    })
  }

  it('accepts and normalises a valid request as with JIT', () => {
    expect(validate({ ...base, email: ' Kari@Example.NO ', linkedin: 'no.linkedin.com/in/kari/?x=1' })).toEqual({
      ok: true,
      request: { ...storedFields(base), email: 'kari@example.no', linkedin: 'https://www.linkedin.com/in/kari', language: 'nb', website: '' },
    })
    expect(validate(validValues)).toEqual({ ok: true, request: { ...storedFields(validValues), language: 'nb', website: '' } })
  })
})
