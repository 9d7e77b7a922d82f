import { type Plugin, parseAst } from 'vite'

interface Node {
  type: string
  start: number
  end: number
  [key: string]: unknown
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string'

const isDescription = (node: Node) => {
  if (node.type !== 'Property') return false
  const key = node.key as Node & { name?: string; value?: unknown }
  const value = node.value as Node
  const named = key.name === 'description' || key.value === 'description'
  return named && (value.type === 'Literal' || value.type === 'TemplateLiteral')
}

/** Removes the machines' `description` texts from production bundles. They document states and
 * events for the inspector and `npm run paths` (development and Node), and would otherwise be
 * downloaded with every machine. */
export function stripMachineDescriptions(): Plugin {
  return {
    name: 'strip-machine-descriptions',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]machines[\\/][^\\/]+\.machine\.ts$/.test(id)) return
      const ranges: Array<[number, number]> = []
      const visit = (node: unknown) => {
        if (Array.isArray(node)) return node.forEach(visit)
        if (!isNode(node)) return
        if (isDescription(node)) {
          const comma = /^\s*,/.exec(code.slice(node.end))
          ranges.push([node.start, node.end + (comma ? comma[0].length : 0)])
          return
        }
        for (const value of Object.values(node)) if (typeof value === 'object') visit(value)
      }
      visit(parseAst(code, { lang: 'ts' }, id))
      if (ranges.length === 0) return
      let stripped = code
      for (const [start, end] of ranges.sort((a, b) => b[0] - a[0])) stripped = stripped.slice(0, start) + stripped.slice(end)
      return { code: stripped, map: null }
    },
  }
}
