import type { ImportEdge, ImportGraph } from './import-graph.ts'

/** Where a file sits. Imports flow app → views → features → shared; machines and the functions'
 * shared modules sit beneath them all. The local stack (supabase/local/, the stand-in for hosted
 * Supabase) sits outside the product: nothing of the product imports it, and the project's tools in
 * src/ (its servers and build tools) reach it only through its package's entry. */
export type Layer =
  | { kind: 'app' }
  | { kind: 'view' }
  | { kind: 'feature'; name: string }
  | { kind: 'shared' }
  | { kind: 'machine' }
  | { kind: 'function'; name: string }
  | { kind: 'function-shared' }
  | { kind: 'stand-in' }
  | { kind: 'tooling' }

export function layerOf(file: string): Layer {
  const [top, second, third] = file.split('/')
  if (top === 'machines') return { kind: 'machine' }
  // The catalogs are data every layer may load.
  if (top === 'locales') return { kind: 'shared' }
  if (top === 'supabase') {
    if (second === 'local') return { kind: 'stand-in' }
    if (second !== 'functions') return { kind: 'tooling' }
    return third === '_shared' ? { kind: 'function-shared' } : { kind: 'function', name: third ?? '' }
  }
  if (top !== 'src') return { kind: 'tooling' }
  if (second === 'app' || second === 'dev') return { kind: 'app' }
  if (second === 'views') return { kind: 'view' }
  if (second === 'features') return { kind: 'feature', name: third ?? '' }
  if (second === 'build' || second === 'server') return { kind: 'tooling' }
  return { kind: 'shared' }
}

/** Packages a machine may use: the state machine library and the schema library. */
const MACHINE_PACKAGES = new Set(['xstate', 'arktype'])

/** The local stack's package (supabase/local/package.json) and its public entry, index.ts. */
export const STAND_IN_PACKAGE = '@vekstlinje/supabase-local'

/** Why an import of the local stack breaks the layering (null: not one, or allowed). Nothing in
 * src/, machines/ or supabase/functions/ imports supabase/local/; the tools in src/ (src/build,
 * src/server) use its package by name, as they would use any other package. */
function standInViolation(edge: ImportEdge, from: Layer): string | null {
  const toStandIn = edge.external ? edge.to === STAND_IN_PACKAGE || edge.to.startsWith(`${STAND_IN_PACKAGE}/`) : layerOf(edge.to).kind === 'stand-in'
  if (!toStandIn || from.kind === 'stand-in') return null
  if (from.kind === 'tooling') {
    if (!edge.from.startsWith('src/') || edge.external) return null
    return `a tool in src/ imports a file of the local stack: import ${STAND_IN_PACKAGE}, its package's entry`
  }
  return `the ${from.kind} layer imports the local stack (supabase/local/): only the project's tools may, through ${STAND_IN_PACKAGE}`
}

/** Why `edge` breaks the layering, or null when it is allowed. */
export function violationOf(edge: ImportEdge): string | null {
  const from = layerOf(edge.from)
  const standIn = standInViolation(edge, from)
  if (standIn) return standIn
  if (from.kind === 'tooling' || from.kind === 'app' || from.kind === 'stand-in') return null
  if (edge.external) {
    if (from.kind === 'machine' && !MACHINE_PACKAGES.has(edge.to)) return `a machine imports ${edge.to}: machines use only xstate and the shared schemas`
    return null
  }
  const to = layerOf(edge.to)
  switch (from.kind) {
    case 'machine':
      return to.kind === 'machine' || to.kind === 'function-shared' ? null : 'a machine imports beyond machines/ and the shared schemas'
    case 'function-shared':
      return to.kind === 'function-shared' ? null : 'a shared function module imports beyond supabase/functions/_shared'
    case 'function':
      return to.kind === 'function-shared' || (to.kind === 'function' && to.name === from.name)
        ? null
        : 'a function imports beyond its folder and supabase/functions/_shared'
    case 'shared':
      return to.kind === 'shared' || to.kind === 'machine' || to.kind === 'function-shared'
        ? null
        : `a shared module imports ${to.kind === 'feature' ? 'a feature' : `the ${to.kind} layer`}`
    case 'feature':
      if (to.kind === 'feature') return to.name === from.name ? null : `feature ${from.name} imports feature ${to.name}`
      return to.kind === 'shared' || to.kind === 'machine' || to.kind === 'function-shared' ? null : `a feature imports the ${to.kind} layer`
    case 'view':
      return to.kind === 'app' || to.kind === 'view' || to.kind === 'tooling' || to.kind === 'function' ? `a view imports the ${to.kind} layer` : null
  }
}

export interface LayerViolation extends ImportEdge {
  reason: string
}

export function layerViolations(graph: ImportGraph): LayerViolation[] {
  return graph.edges.flatMap((edge) => {
    const reason = violationOf(edge)
    return reason ? [{ ...edge, reason }] : []
  })
}
