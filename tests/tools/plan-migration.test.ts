import { describe, expect, it } from 'vitest'
import { nextVersion } from '../../src/build/plan-migration'

describe('the plan migration’s version', () => {
  it('is the time to the second, after every migration already there (db push refuses an older one)', () => {
    const at = new Date('2026-11-28T09:15:04Z')
    expect(nextVersion(at, ['20261126290001_clean_names.sql'])).toBe('20261128091504')
    expect(nextVersion(at, ['20261127400001_billing_email_follows.sql', '20261130000001_later.sql', 'README.md'])).toBe('20261130000002')
    expect(nextVersion(at, [])).toBe('20261128091504')
  })
})
