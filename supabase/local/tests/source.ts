// The stack's own code, read as the tests of its shape need it (parsed, not built): how long each
// function is, and which packages each module imports.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { parseSync } from 'rolldown/utils'

export type FunctionSize = { file: string; name: string; line: number; lines: number }

type Node = { type: string; start: number; end: number; [key: string]: unknown }

/** The function a top-level statement declares or assigns, with its name (null: none). */
function functionsOf(statement: Node): Array<{ name: string; node: Node }> {
  const inner = (statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration') && statement.declaration ? (statement.declaration as Node) : statement
  if (inner.type === 'FunctionDeclaration' || inner.type === 'FunctionExpression' || inner.type === 'ArrowFunctionExpression') {
    const id = inner.id as { name?: string } | null | undefined
    return [{ name: id?.name ?? 'default', node: inner }]
  }
  if (inner.type !== 'VariableDeclaration') return []
  return (inner.declarations as Array<{ id: { name?: string }; init: Node | null }>).flatMap((declaration) => {
    let init = declaration.init
    // `(() => …)`, `(() => …) as T`, `… satisfies T`
    while (init && ['ParenthesizedExpression', 'TSAsExpression', 'TSSatisfiesExpression'].includes(init.type)) init = init.expression as Node
    if (!init || (init.type !== 'ArrowFunctionExpression' && init.type !== 'FunctionExpression')) return []
    return [{ name: declaration.id.name ?? '?', node: init }]
  })
}

/** Line number (1-based) of each offset of a text. */
function lineOf(text: string): (offset: number) => number {
  const starts = [0]
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1)
  return (offset) => {
    let low = 0
    let high = starts.length - 1
    while (low < high) {
      const mid = (low + high + 1) >> 1
      if (starts[mid]! <= offset) low = mid
      else high = mid - 1
    }
    return low + 1
  }
}

/** The TypeScript modules under `dir` (relative paths), but those in the top folders `skip`. */
function modules(dir: string, skip: readonly string[]): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((entry) => entry.replace(/\\/g, '/'))
    .filter((file) => /\.(ts|mts)$/.test(file) && !file.endsWith('.d.ts') && !file.includes('node_modules') && !skip.includes(file.split('/')[0]!))
    .filter((file) => statSync(path.join(dir, file)).isFile())
    .sort()
}

function parsed(dir: string, file: string) {
  const source = readFileSync(path.join(dir, file), 'utf8')
  const { program, module, errors } = parseSync(file, source)
  if (errors.length > 0) throw new Error(`${file} does not parse: ${errors[0]!.message}`)
  return { source, program, module }
}

/** How long each function is: every function declared at the top level of a module, and every
 * function assigned at the top level (`const f = () => …`, `export const f = async function …`),
 * counted from its first line to its last, its inner functions and closures included. A closure
 * that builds a Hono app with all its routes is one function here, however many handlers it holds.
 * The modules of the folders in `skip` (the tests) are left out. */
export function functionSizes(dir: string, skip: readonly string[] = ['tests']): FunctionSize[] {
  return modules(dir, skip).flatMap((file) => {
    const { source, program } = parsed(dir, file)
    const line = lineOf(source)
    return (program.body as unknown as Node[]).flatMap(functionsOf).map(({ name, node }) => {
      // Offsets are UTF-16 positions, as JavaScript strings index them.
      const first = line(node.start)
      return { file, name, line: first, lines: line(node.end) - first + 1 }
    })
  })
}

/** The packages each module under `dir` imports (`import`, `export … from`, `import()` of a
 * literal): `[file, package]`, the package by its name (`@scope/name` or `name`), builtins included. */
export function packageImports(dir: string): Array<[string, string]> {
  return modules(dir, []).flatMap((file) => {
    const { source, module } = parsed(dir, file)
    const specifiers = [
      ...module.staticImports.map((entry) => entry.moduleRequest.value),
      ...module.staticExports.flatMap((entry) => entry.entries.flatMap((exported) => (exported.moduleRequest ? [exported.moduleRequest.value] : []))),
      ...module.dynamicImports.flatMap((entry) => {
        const literal = /^(['"`])([^'"`$]*)\1$/.exec(source.slice(entry.moduleRequest.start, entry.moduleRequest.end))
        return literal ? [literal[2]!] : []
      }),
    ]
    return specifiers
      .filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('/'))
      .map((specifier): [string, string] => {
        const parts = specifier.split('/')
        return [file, specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!]
      })
  })
}
