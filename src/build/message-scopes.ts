import { readFileSync } from 'node:fs'
import path from 'node:path'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import { parseAst } from 'rolldown/parseAst'
import type { CatalogScope } from '../i18n/scopes.ts'
import { type ImportGraph, importGraph, reachable, resolve } from './import-graph.ts'

// Which catalog scope each message ships in, derived from the code: nothing to keep in step by hand.
// - A page's scope is its route record's (`src/routes.ts`); the record's title ships with the page,
//   its description (the `descriptions` object beside the records) in `meta`.
// - An island's scope is the one its `lazyIsland({ load, scope })` names.
// - Every file that a page's view or an island reaches through its imports belongs to that scope;
//   a file the app's entry reaches belongs to `core` alone (every page has it); a file only the
//   prerenderer's entry reaches belongs to `meta`.
// Imports stop at other pages and islands: they are chunks of their own.

export const ROUTES_FILE = 'src/routes.ts'
const CLIENT_ENTRY = 'src/app/entry-client.tsx'
const SERVER_ENTRY = 'src/app/entry-server.tsx'

type Node = { type: string; [key: string]: unknown }
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string'

function walk(node: unknown, visit: (node: Node) => void) {
  if (Array.isArray(node)) for (const child of node) walk(child, visit)
  else if (isNode(node)) {
    visit(node)
    for (const [key, value] of Object.entries(node)) if (key !== 'type' && typeof value === 'object') walk(value, visit)
  }
}

const propertyName = (property: Node): string | undefined => {
  const key = property.key as Node
  return key.type === 'Identifier' ? (key.name as string) : key.type === 'Literal' ? String(key.value) : undefined
}
const propertiesOf = (object: Node): Map<string, Node> =>
  new Map(
    (object.properties as Node[])
      .filter((property) => property.type === 'Property')
      .map((property) => [propertyName(property) ?? '', property.value as Node]),
  )
const stringOf = (node: Node | undefined): string | undefined =>
  node?.type === 'Literal' && typeof node.value === 'string' ? node.value : undefined

/** The id of a `msg` macro (`msg\`…\`` or `msg({ message, context })`) found inside `node`. */
function messageIdIn(node: Node | undefined): string | undefined {
  let id: string | undefined
  walk(node, (inner) => {
    if (id) return
    if (inner.type === 'TaggedTemplateExpression' && (inner.tag as Node).type === 'Identifier' && (inner.tag as Node).name === 'msg') {
      const quasi = inner.quasi as Node
      if ((quasi.expressions as Node[]).length === 0) id = generateMessageId(((quasi.quasis as Node[])[0]!.value as { cooked: string }).cooked)
    }
    if (inner.type === 'CallExpression' && (inner.callee as Node).type === 'Identifier' && (inner.callee as Node).name === 'msg') {
      const argument = (inner.arguments as Node[])[0]
      if (argument?.type === 'ObjectExpression') {
        const properties = propertiesOf(argument)
        const message = stringOf(properties.get('message'))
        if (message !== undefined) id = generateMessageId(message, stringOf(properties.get('context')))
      }
    }
  })
  return id
}

export interface PageRoot {
  view: string
  scope: CatalogScope
  titleId?: string
}

/** The pages of the route records: each record's view, scope and title. */
export function pageRoots(rootDir: string): PageRoot[] {
  const source = readFileSync(path.join(rootDir, ROUTES_FILE), 'utf8')
  const roots: PageRoot[] = []
  walk(parseAst(source, { lang: 'ts' }), (node) => {
    if (node.type !== 'ObjectExpression') return
    const properties = propertiesOf(node)
    const view = stringOf(properties.get('view'))
    const scope = stringOf(properties.get('scope'))
    if (!view || !scope) return
    roots.push({
      view: `src/views/${view}.tsx`,
      scope: scope as CatalogScope,
      titleId: messageIdIn(properties.get('title')),
    })
  })
  return roots
}

/** The message ids of the pages' meta descriptions (the `descriptions` object of the route records' file). */
export function descriptionIds(rootDir: string): string[] {
  const source = readFileSync(path.join(rootDir, ROUTES_FILE), 'utf8')
  const ids: string[] = []
  walk(parseAst(source, { lang: 'ts' }), (node) => {
    if (node.type !== 'VariableDeclarator' || (node.id as Node).name !== 'descriptions') return
    walk(node.init, (inner) => {
      if (inner.type !== 'TaggedTemplateExpression' && inner.type !== 'CallExpression') return
      const id = messageIdIn(inner)
      if (id) ids.push(id)
    })
  })
  return [...new Set(ids)]
}

/** The islands: each `lazyIsland({ load: () => import('…'), scope })` of the sources. */
export function islandRoots(rootDir: string, graph: ImportGraph): { module: string; scope: CatalogScope }[] {
  const islands: { module: string; scope: CatalogScope }[] = []
  for (const file of graph.files.filter((f) => f.startsWith('src/'))) {
    const source = readFileSync(path.join(rootDir, file), 'utf8')
    if (!source.includes('lazyIsland({')) continue
    walk(parseAst(source, { lang: file.endsWith('x') ? 'tsx' : 'ts' }), (node) => {
      if (node.type !== 'CallExpression' || (node.callee as Node).name !== 'lazyIsland') return
      const argument = (node.arguments as Node[])[0]
      if (argument?.type !== 'ObjectExpression') return
      const properties = propertiesOf(argument)
      const scope = stringOf(properties.get('scope'))
      let specifier: string | undefined
      walk(properties.get('load'), (inner) => {
        if (inner.type === 'ImportExpression') specifier = stringOf(inner.source as Node)
      })
      if (scope && specifier) islands.push({ module: resolve(rootDir, file, specifier).to, scope: scope as CatalogScope })
    })
  }
  return islands
}

export interface ScopePlan {
  /** The scopes a file's messages ship in; empty for a file no page loads. */
  scopesOfFile: (file: string) => CatalogScope[]
  /** The scopes of a message, from its id and the files that use it. */
  scopesOfMessage: (id: string, originFiles: readonly string[]) => CatalogScope[]
}

export function scopePlan(rootDir: string, graph: ImportGraph = importGraph(rootDir, ['src', 'machines', 'supabase/functions/_shared'])): ScopePlan {
  const pages = pageRoots(rootDir)
  const islands = islandRoots(rootDir, graph)
  const roots = [...pages.map((page) => ({ module: page.view, scope: page.scope })), ...islands]
  const boundaries = new Set(roots.map((root) => root.module))
  const follow = ['static', 'dynamic'] as const
  const core = reachable(graph, [CLIENT_ENTRY], follow, boundaries)
  const fileScopes = new Map<string, Set<CatalogScope>>()
  const add = (file: string, scope: CatalogScope) => fileScopes.set(file, (fileScopes.get(file) ?? new Set()).add(scope))
  for (const file of core) add(file, 'core')
  for (const root of roots) {
    const others = new Set([...boundaries].filter((module) => module !== root.module))
    for (const file of reachable(graph, [root.module], follow, others)) if (!core.has(file)) add(file, root.scope)
  }
  for (const file of reachable(graph, [SERVER_ENTRY], follow, boundaries)) if (!fileScopes.has(file)) add(file, 'meta')

  const routeMessages = new Map<string, Set<CatalogScope>>()
  const addRouteMessage = (id: string | undefined, scope: CatalogScope) => {
    if (id) routeMessages.set(id, (routeMessages.get(id) ?? new Set()).add(scope))
  }
  for (const page of pages) addRouteMessage(page.titleId, page.scope)
  for (const id of descriptionIds(rootDir)) addRouteMessage(id, 'meta')
  const scopesOfFile = (file: string): CatalogScope[] => [...(fileScopes.get(file.replace(/\\/g, '/').replace(/^\.\//, '')) ?? [])]
  return {
    scopesOfFile,
    // A record's message ships where the record says, and also wherever a file uses the same text
    // (the 404 page shows its description).
    scopesOfMessage: (id, originFiles) => {
      const scopes = new Set([...(routeMessages.get(id) ?? []), ...originFiles.filter((file) => !file.endsWith(ROUTES_FILE)).flatMap(scopesOfFile)])
      return scopes.has('core') ? ['core'] : [...scopes]
    },
  }
}
