import { describe, expect, it } from 'vitest'
import { safeNext } from '../../src/lib/safe-next'

// Where sign-in returns to: a path of this site, or the dashboard.
describe('safeNext', () => {
  const fallback = '/app'
  for (const hostile of [
    '//evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    '/\\evil.example',
    '/ /evil.example',
    '/\u0000/evil.example',
    'https://evil.example/app',
    'javascript:alert(1)',
    'app',
    '',
  ]) {
    it(`refuses ${JSON.stringify(hostile)}`, () => {
      expect(safeNext(hostile, fallback)).toBe(fallback)
    })
  }

  it('keeps a path of this site, with its query', () => {
    expect(safeNext('/en/checkout-pro?plan=pro', fallback)).toBe('/en/checkout-pro?plan=pro')
    expect(safeNext(null, fallback)).toBe(fallback)
  })
})
