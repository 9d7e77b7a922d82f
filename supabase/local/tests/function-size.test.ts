// No function of the stack is longer than 150 lines, from its first line to its closing brace: every
// function declared or assigned at the top level of a module, the closures that build a Hono app
// with their routes included (one router per resource keeps them short). Counted from the code, and
// proved on a module this test writes.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { functionSizes } from './source.ts'

const MAX_LINES = 150
const STACK_DIR = new URL('..', import.meta.url).pathname

describe('the functions of the local stack', () => {
  it(`are at most ${MAX_LINES} lines each`, () => {
    const sizes = functionSizes(STACK_DIR)
    expect(sizes.length).toBeGreaterThan(100)
    const over = sizes.filter((f) => f.lines > MAX_LINES).map((f) => `${f.file}:${f.line} ${f.name}: ${f.lines} lines`)
    expect(over).toEqual([])
  })

  describe('are measured from real files', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'function-sizes-'))
    afterAll(() => rmSync(dir, { recursive: true, force: true }))
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
      writeFileSync(path.join(dir, file), text)
    }
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  const x${i} = ${i}\n`).join('')
    write(
      'routes.ts',
      [
        `export function declared(): number {\n${body(3)}  return 0\n}\n`,
        `export const assigned = async (): Promise<void> => {\n${body(149)}}\n`,
        `const routes = function () {\n  const app = { get: (_: () => void) => {} }\n  app.get(() => {\n${body(10)}  })\n  return app\n}\n`,
        `export default function () {\n  return 1\n}\n`,
        'export const notAFunction = 42\n',
      ].join('\n'),
    )
    write('tests/ignored.ts', `export function long() {\n${body(400)}}\n`)

    it('top-level and assigned functions, closures with their handlers, from first line to closing brace; not the tests', () => {
      const sizes = functionSizes(dir)
      expect(sizes.map(({ name, line, lines }) => [name, line, lines])).toEqual([
        ['declared', 1, 6],
        ['assigned', 8, 151],
        ['routes', 160, 16],
        ['default', 177, 3],
      ])
      expect(sizes.filter((f) => f.lines > MAX_LINES).map((f) => f.name)).toEqual(['assigned'])
    })
  })
})
