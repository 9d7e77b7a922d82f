// Browsers under the site's Content-Security-Policy (no 'unsafe-eval') run arktype without JIT,
// where every check of a field runs even after one failed. The schema must answer the same there.
import { configure } from 'arktype/config'
import { beforeAll, describe, expect, it } from 'vitest'

configure({ jitless: true })

type Validate = typeof import('../../supabase/functions/_shared/demo-request.ts').validateDemoRequest
let validate: Validate

beforeAll(async () => {
  ;({ validateDemoRequest: validate } = await import('../../supabase/functions/_shared/demo-request.ts'))
})

const base = { name: 'Kari Nordmann', email: 'kari@example.no', need: 'content' }

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
    [
      { name: '', email: 'ola@', company: 'c'.repeat(201), linkedin: 'x', need: '', notes: 'n'.repeat(2001) },
      { name: 'required', email: 'email', company: 'tooLong', linkedin: 'url', need: 'required', notes: 'tooLong' },
    ],
  ]
  for (const [overrides, fields] of cases) {
    it(`${JSON.stringify(overrides).slice(0, 60)} → ${JSON.stringify(fields)}`, () => {
      expect(validate({ ...base, ...overrides })).toEqual({ ok: false, fields })
    })
  }

  it('accepts and normalises a valid request as with JIT', () => {
    expect(validate({ ...base, email: ' Kari@Example.NO ', linkedin: 'no.linkedin.com/in/kari/?x=1' })).toEqual({
      ok: true,
      request: { ...base, company: '', linkedin: 'https://www.linkedin.com/in/kari', notes: '', language: 'nb', website: '' },
    })
  })
})
