import { type Plugin, parseAst } from 'vite'

interface Node {
  type: string
  start: number
  end: number
  [key: string]: unknown
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string'

const keyName = (property: Node) => {
  const key = property.key as Node & { name?: string; value?: unknown }
  return key.name ?? (typeof key.value === 'string' ? key.value : undefined)
}

const propertiesOf = (node: unknown): Node[] =>
  isNode(node) && node.type === 'ObjectExpression' ? (node.properties as Node[]).filter((p) => p.type === 'Property') : []

/** `createMachine({…})` and `setup(…).createMachine({…})`: the config object, if written inline. */
const machineConfig = (node: Node): Node | undefined => {
  if (node.type !== 'CallExpression') return
  const callee = node.callee as Node & { name?: string; property?: Node & { name?: string } }
  const named = callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' ? callee.property?.name : undefined
  const [config] = node.arguments as Node[]
  return named === 'createMachine' && config?.type === 'ObjectExpression' ? config : undefined
}

// Where a config holds state nodes and transitions (the only places XState reads `description`).
const stateNodeKeys = new Set(['states'])
const transitionKeys = new Set(['on', 'after'])
const directTransitionKeys = new Set(['always', 'onDone', 'onError', 'onSnapshot'])

/** The `description` properties of a machine config: the machine's, its states', its transitions'. */
function descriptionsOf(stateNode: Node, found: Node[]) {
  const transitions = (value: unknown) => {
    if (isNode(value) && value.type === 'ArrayExpression') for (const item of value.elements as unknown[]) transitions(item)
    for (const property of propertiesOf(value)) if (keyName(property) === 'description') found.push(property)
  }
  for (const property of propertiesOf(stateNode)) {
    const name = keyName(property)
    if (name === 'description' && ['Literal', 'TemplateLiteral'].includes((property.value as Node).type)) found.push(property)
    else if (name && stateNodeKeys.has(name)) for (const child of propertiesOf(property.value)) descriptionsOf(child.value as Node, found)
    else if (name && transitionKeys.has(name)) for (const event of propertiesOf(property.value)) transitions(event.value)
    else if (name && directTransitionKeys.has(name)) transitions(property.value)
    else if (name === 'invoke') {
      const invocations = isNode(property.value) && property.value.type === 'ArrayExpression' ? (property.value.elements as Node[]) : [property.value as Node]
      for (const invocation of invocations) for (const p of propertiesOf(invocation)) if (directTransitionKeys.has(keyName(p) ?? '')) transitions(p.value)
    }
  }
}

// Keys only a state node or a transition has: an object with one of them and a `description` is
// machine config, wherever it is written (a fragment shared by machines, a transition list).
const configKeys = new Set(['target', 'actions', 'guard', 'tags', 'entry', 'exit', 'invoke', 'on', 'always', 'after', 'initial', 'states', 'reenter'])

/** The `description` of an object literal that is a state node's or a transition's. */
function configDescription(node: Node): Node | undefined {
  const properties = propertiesOf(node)
  const description = properties.find((property) => keyName(property) === 'description')
  if (!description || !['Literal', 'TemplateLiteral'].includes((description.value as Node).type)) return
  return properties.some((property) => configKeys.has(keyName(property) ?? '')) ? description : undefined
}

/** Removes the machines' `description` texts from production bundles. They document states and
 * events for the inspector and `npm run paths` (development and Node), and would otherwise be
 * downloaded with every machine. Only the machine config's own descriptions go: a `description`
 * anywhere else (a toast's, say) is data and stays. */
export function stripMachineDescriptions(): Plugin {
  return {
    name: 'strip-machine-descriptions',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]machines[\\/][^\\/]+\.ts$/.test(id)) return
      const found: Node[] = []
      const visit = (node: unknown) => {
        if (Array.isArray(node)) return node.forEach(visit)
        if (!isNode(node)) return
        const config = machineConfig(node)
        if (config) descriptionsOf(config, found)
        const description = configDescription(node)
        if (description) found.push(description)
        for (const value of Object.values(node)) if (typeof value === 'object') visit(value)
      }
      visit(parseAst(code, { lang: 'ts' }, id))
      if (found.length === 0) return
      let stripped = code
      const unique = [...new Map(found.map((node) => [node.start, node])).values()]
      for (const node of unique.sort((a, b) => b.start - a.start)) {
        const comma = /^\s*,/.exec(stripped.slice(node.end))
        stripped = stripped.slice(0, node.start) + stripped.slice(node.end + (comma ? comma[0].length : 0))
      }
      return { code: stripped, map: null }
    },
  }
}
