import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { parseSync } from 'rolldown/utils'

/** How one module reaches another: a value import, a type-only import, or `import()`. */
export type ImportKind = 'static' | 'type' | 'dynamic'

export interface ImportEdge {
  /** Importing file, relative to the root, with forward slashes. */
  from: string
  /** The imported file (relative, like `from`) or, for a package, its bare name. */
  to: string
  kind: ImportKind
  external: boolean
}

export interface ImportGraph {
  files: string[]
  edges: ImportEdge[]
  importsOf: (file: string) => ImportEdge[]
}

const SOURCE = /\.(ts|tsx|mts)$/
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']

function sourceFiles(rootDir: string, dir: string): string[] {
  const absolute = path.join(rootDir, dir)
  if (!existsSync(absolute)) return []
  return readdirSync(absolute, { recursive: true, encoding: 'utf8' })
    .map((entry) => `${dir}/${entry.replace(/\\/g, '/')}`)
    .filter((file) => SOURCE.test(file) && !file.endsWith('.d.ts') && !file.includes('node_modules') && statSync(path.join(rootDir, file)).isFile())
}

/** The file a relative specifier names (`./x` → `x.ts`, `./x.css` → `x.css.ts`), or the bare
 * package name. A query (`messages.po?scope=core`) is dropped. */
export function resolve(rootDir: string, from: string, specifier: string): { to: string; external: boolean } {
  const bare = specifier.split('?')[0]!
  if (!bare.startsWith('.')) {
    const parts = bare.split('/')
    return { to: bare.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!, external: true }
  }
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), bare))
  for (const extension of EXTENSIONS) {
    const candidate = `${base}${extension}`
    const absolute = path.join(rootDir, candidate)
    if (existsSync(absolute) && statSync(absolute).isFile()) return { to: candidate, external: false }
  }
  return { to: base, external: false }
}

/** Every import of the TypeScript sources under `dirs`, read from the code (no build). */
export function importGraph(rootDir: string, dirs: readonly string[] = ['src', 'machines', 'supabase']): ImportGraph {
  const files = dirs.flatMap((dir) => sourceFiles(rootDir, dir)).sort()
  const edges: ImportEdge[] = []
  for (const file of files) {
    const source = readFileSync(path.join(rootDir, file), 'utf8')
    const { module, errors } = parseSync(file, source)
    if (errors.length > 0) throw new Error(`${file} does not parse: ${errors[0]!.message}`)
    const add = (specifier: string, kind: ImportKind) => edges.push({ from: file, ...resolve(rootDir, file, specifier), kind })
    for (const entry of module.staticImports) {
      const typeOnly = entry.entries.length > 0 && entry.entries.every((binding) => binding.isType)
      const typeKeyword = /^import\s+type\s/.test(source.slice(entry.start, entry.end))
      add(entry.moduleRequest.value, typeOnly || typeKeyword ? 'type' : 'static')
    }
    for (const entry of module.staticExports) {
      for (const exported of entry.entries) {
        if (exported.moduleRequest) add(exported.moduleRequest.value, exported.isType ? 'type' : 'static')
      }
    }
    for (const entry of module.dynamicImports) {
      const text = source.slice(entry.moduleRequest.start, entry.moduleRequest.end)
      const literal = /^(['"`])([^'"`$]*)\1$/.exec(text)
      if (literal) add(literal[2]!, 'dynamic')
    }
  }
  const byFile = new Map<string, ImportEdge[]>()
  for (const edge of edges) byFile.set(edge.from, [...(byFile.get(edge.from) ?? []), edge])
  return { files, edges, importsOf: (file) => byFile.get(file) ?? [] }
}

/** The files `start` reaches through imports of the given kinds (itself included). */
export function reachable(graph: ImportGraph, start: readonly string[], kinds: readonly ImportKind[], stopAt: ReadonlySet<string> = new Set()): Set<string> {
  const seen = new Set<string>()
  const queue = [...start]
  while (queue.length > 0) {
    const file = queue.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    for (const edge of graph.importsOf(file)) {
      if (!edge.external && kinds.includes(edge.kind) && !stopAt.has(edge.to)) queue.push(edge.to)
    }
  }
  return seen
}
