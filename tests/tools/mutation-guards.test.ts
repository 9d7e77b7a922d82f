import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { GUARDS } from '../mutation/guards'

// `npm run mutate -- guards` takes each guard out of its file and runs its tests. A guard whose
// code has moved or changed is no longer found, and that run stops there: each must still be in
// its file, once, and name tests that exist.
describe.each(GUARDS.map((guard) => [guard.name, guard] as const))('mutation guard: %s', (_name, guard) => {
  it('occurs once in its file', () => {
    const text = readFileSync(guard.file, 'utf8')
    expect(text.split(guard.find).length - 1).toBe(1)
  })

  it('names test files that exist', () => {
    expect(guard.tests.filter((test) => !existsSync(test))).toEqual([])
  })
})
