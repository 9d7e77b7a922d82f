// The production builds' `setup` (src/build/xstate-setup.ts) gives only `createMachine`: the machines
// must use nothing else of it, and what it creates must be what XState's own `setup` creates.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { assign, createActor, fromPromise, setup as xstateSetup } from 'xstate'
import { parseAst } from 'rolldown/parseAst'
import { describe, expect, it } from 'vitest'
import { setup as buildSetup } from '../../src/build/xstate-setup'

type Node = { type: string; [key: string]: unknown }
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string'
function walk(node: unknown, parent: Node | undefined, visit: (node: Node, parent: Node | undefined) => void) {
  if (Array.isArray(node)) for (const child of node) walk(child, parent, visit)
  else if (isNode(node)) {
    visit(node, parent)
    for (const [key, value] of Object.entries(node)) if (key !== 'type' && typeof value === 'object') walk(value, node, visit)
  }
}

const root = path.resolve(import.meta.dirname, '../..')
const sources = (dir: string): string[] =>
  readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))

describe('the production builds’ XState setup', () => {
  it('is used by the machines only as setup(…).createMachine(…)', () => {
    const files = [...sources('machines'), ...sources('src')].filter((file) => /from 'xstate'/.test(readFileSync(file, 'utf8')))
    let calls = 0
    for (const file of files) {
      const source = readFileSync(file, 'utf8')
      const kept: string[] = []
      walk(parseAst(source, { lang: file.endsWith('x') ? 'tsx' : 'ts' }), undefined, (node, parent) => {
        if (node.type !== 'CallExpression' || (node.callee as Node).name !== 'setup') return
        calls += 1
        if (parent?.type === 'VariableDeclarator') kept.push((parent.id as Node).name as string)
        else expect(parent?.type === 'MemberExpression' && (parent.property as Node).name, file).toBe('createMachine')
      })
      // A setup() result kept whole is used for createMachine alone.
      for (const name of kept) {
        const uses = [...source.matchAll(new RegExp(`\\b${name}\\b(\\.\\w+)?`, 'g'))].slice(1).map((use) => use[1])
        expect(uses.length, `${file}: ${name}`).toBeGreaterThan(0)
        for (const use of uses) expect(use, `${file}: ${name}`).toBe('.createMachine')
      }
    }
    // Every machine's (the form kit's one call builds the nine forms).
    expect(calls).toBeGreaterThan(15)
  })

  it('creates the machine XState’s own setup creates, which runs alike', async () => {
    const make = (setup: typeof xstateSetup) =>
      setup({
        types: { context: {} as { count: number }, events: {} as { type: 'add' } | { type: 'load' } },
        actors: { load: fromPromise(async () => 5) },
        actions: { add: assign({ count: ({ context }) => context.count + 1 }) },
        guards: { small: ({ context }) => context.count < 2 },
        delays: { soon: 10 },
      }).createMachine({
        id: 'sample',
        context: { count: 0 },
        initial: 'idle',
        states: {
          idle: { on: { add: { guard: 'small', actions: 'add' }, load: 'loading' } },
          loading: { invoke: { src: 'load', onDone: { target: 'idle', actions: assign({ count: ({ event }) => event.output }) } } },
        },
      })
    const [own, built] = [make(xstateSetup), make(buildSetup)]
    expect(JSON.stringify(built.definition)).toBe(JSON.stringify(own.definition))
    const run = async (machine: typeof own) => {
      const actor = createActor(machine).start()
      for (const type of ['add', 'add', 'add'] as const) actor.send({ type })
      actor.send({ type: 'load' })
      await new Promise<void>((resolve) => actor.subscribe((snapshot) => snapshot.matches('idle') && resolve()))
      return actor.getSnapshot().context
    }
    expect(await run(built)).toEqual(await run(own))
    expect(await run(built)).toEqual({ count: 5 })
  })
})
