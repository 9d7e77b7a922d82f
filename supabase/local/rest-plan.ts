// PostgREST's read plan (its Plan module): the `select=` tree becomes a tree of read nodes, each
// with its filters, logic trees, order and range (`messages.order=…` reach an embedded node by
// name or alias), and each embedded node finds its relationship to its parent as PostgREST's
// `findRel` does, with the same errors (PGRST200 none, PGRST201 ambiguous, PGRST108 not embedded).
import type { Aggregate, Field, JoinType, JsonOp, LogicTree, OpExpr, OrderTerm, SelectItem } from './rest-grammar.ts'
import { closest, RestError } from './rest-errors.ts'
import { isToOne, type QI, qiKey, type Relationship, type SchemaCache } from './rest-schema.ts'

export type CField = {
  name: string
  path: JsonOp[]
  toJson: boolean
  irType: string
  /** `fts` on a column that is not a tsvector: to_tsvector([language,] column). */
  toTsVector?: { language?: string }
  fullRow?: boolean
}
export type CSelect = { field: CField; aggregate?: Aggregate; aggregateCast?: string; cast?: string; alias?: string }
export type CFilter = { kind: 'filter'; field: CField; expr: OpExpr } | { kind: 'nullEmbed'; negate: boolean; aggAlias: string }
export type CLogic = { kind: 'stmt'; filter: CFilter } | { kind: 'expr'; negate: boolean; operator: 'and' | 'or'; children: CLogic[] }
export type COrder =
  | { kind: 'field'; field: CField; direction?: 'asc' | 'desc'; nulls?: 'first' | 'last' }
  | { kind: 'relation'; relation: string; field: Field; direction?: 'asc' | 'desc'; nulls?: 'first' | 'last' }
export type Range = { offset: number; limit: number | null }
export type JoinCond = { left: [QI, string]; right: [QI, string] }
export type SpreadField = { name: string; aggregate?: Aggregate; aggregateCast?: string; alias?: string }
export type RelSelect =
  | { kind: 'embed'; mode: 'object' | 'array'; name: string; aggAlias: string; empty: boolean }
  | { kind: 'spread'; fields: SpreadField[]; aggAlias: string }
export type Spread = { kind: 'one' } | { kind: 'many'; extra: { relation?: string; select: CSelect }[]; order: COrder[] }

export type ReadPlan = {
  select: CSelect[]
  from: QI
  fromAlias?: string
  where: CLogic[]
  order: COrder[]
  range: Range
  relName: string
  relAlias?: string
  relHint?: string
  relJoinType?: JoinType
  relSpread?: Spread
  relToParent?: Relationship
  relJoinConds: JoinCond[]
  relAggAlias: string
  /** A computed relationship's argument: the parent's alias, or its table's name. */
  computedArg?: string
  relSelect: RelSelect[]
  depth: number
  children: ReadPlan[]
}

export const ALL: Range = { offset: 0, limit: null }
export const SOURCE = 'pgrst_source'
export const aliasQi = (name: string): QI => ({ schema: '', name })

export function unknownField(name: string, path: JsonOp[] = []): CField {
  return { name, path, toJson: false, irType: '' }
}

/** A column of the node's table with its type, or an unknown field (PostgREST's resolveTypeOrUnknown). */
export function resolveField(cache: SchemaCache, qi: QI, field: Field, tsLanguage?: { language?: string }): CField {
  const column = cache.tables.get(qiKey(qi))?.columns.find((c) => c.name === field.name)
  const irType = column?.type ?? ''
  if (irType === 'json' || irType === 'jsonb') return { name: field.name, path: field.path, toJson: false, irType }
  if (irType === 'tsvector') return { name: field.name, path: field.path, toJson: true, irType }
  return { name: field.name, path: field.path, toJson: true, irType, ...(tsLanguage ? { toTsVector: tsLanguage } : {}) }
}

function node(from: QI, relName: string, depth: number, extra: Partial<ReadPlan> = {}): ReadPlan {
  return { select: [], from, where: [], order: [], range: ALL, relName, relJoinConds: [], relAggAlias: '', relSelect: [], depth, children: [], ...extra }
}

/** The select tree → read nodes; fields are typed from the node's table (initReadRequest). */
export function initPlan(cache: SchemaCache, qi: QI, items: SelectItem[]): ReadPlan {
  const build = (target: ReadPlan, forest: SelectItem[]) => {
    for (const item of forest) {
      if (item.kind === 'field') {
        const select: CSelect = { field: resolveOutputField(cache, target.from, item.field) }
        if (item.aggregate) select.aggregate = item.aggregate
        if (item.aggregateCast) select.aggregateCast = item.aggregateCast
        if (item.cast) select.cast = item.cast
        if (item.alias !== undefined) select.alias = item.alias
        target.select.push(select)
        continue
      }
      const child = node({ schema: qi.schema, name: item.name }, item.name, target.depth + 1, {
        ...(item.kind === 'relation' && item.alias !== undefined ? { relAlias: item.alias } : {}),
        ...(item.hint ? { relHint: item.hint } : {}),
        ...(item.joinType ? { relJoinType: item.joinType } : {}),
        ...(item.kind === 'spread' ? { relSpread: { kind: 'one' } as Spread } : {}),
      })
      build(child, item.children)
      target.children.push(child)
    }
  }
  const root = node(qi, qi.name, 0)
  build(root, items)
  return root
}

function resolveOutputField(cache: SchemaCache, qi: QI, field: Field): CField {
  return resolveField(cache, qi, field)
}

/** The node an embedding path (`messages.channels`) names, by relation name or alias. */
export function findNode(root: ReadPlan, path: string[]): ReadPlan {
  let current = root
  for (const name of path) {
    const next = current.children.find((c) => c.relName === name || c.relAlias === name)
    if (!next) {
      throw new RestError(400, 'PGRST108', `'${name}' is not an embedded resource in this request`, null, `Verify that '${name}' is included in the 'select' query parameter.`)
    }
    current = next
  }
  return current
}

export function resolveLogic(cache: SchemaCache, qi: QI, tree: LogicTree): CLogic {
  if (tree.kind === 'logic') {
    return { kind: 'expr', negate: tree.negate, operator: tree.operator, children: tree.children.map((t) => resolveLogic(cache, qi, t)) }
  }
  const { field, expr } = tree.filter
  const ts = expr.operation.kind === 'fts' ? { ...(expr.operation.language ? { language: expr.operation.language } : {}) } : undefined
  return { kind: 'stmt', filter: { kind: 'filter', field: resolveField(cache, qi, field, ts), expr } }
}

export function resolveOrder(cache: SchemaCache, qi: QI, term: OrderTerm): COrder {
  const modifiers = { ...(term.direction ? { direction: term.direction } : {}), ...(term.nulls ? { nulls: term.nulls } : {}) }
  if (term.relation !== undefined) return { kind: 'relation', relation: term.relation, field: term.field, ...modifiers }
  return { kind: 'field', field: resolveField(cache, qi, term.field), ...modifiers }
}

/** PostgREST's findRel: the one relationship from `origin` the embedded `target` (and hint) names. */
export function findRelationship(cache: SchemaCache, schema: string, origin: string, target: string, hint: string | undefined): Relationship {
  const all = cache.relationships.get(`${schema}.${origin}`) ?? []
  const single = (cols: [string, string][], pick: 0 | 1, name: string) => cols.length === 1 && cols[0]![pick] === name
  const matches = all.filter((r) => {
    if (r.kind === 'computed') return target === r.function.name
    const c = r.cardinality
    const cols = c.kind === 'm2m' ? [] : c.columns
    const constraint = c.kind === 'm2m' ? undefined : c.constraint
    if (r.isSelf) {
      if (hint === undefined) return (target === r.foreignTable.name && c.kind === 'o2m') || (single(cols, 0, target) && c.kind === 'm2o')
      return target === r.foreignTable.name && c.kind === 'o2m' && single(cols, 1, hint)
    }
    if (hint === undefined) {
      return target === r.foreignTable.name || (!r.foreignIsView && (constraint === target || single(cols, 0, target)))
    }
    return (
      target === r.foreignTable.name &&
      (constraint === hint || single(cols, 0, hint) || single(cols, 1, hint) || (c.kind === 'm2m' && c.junction.table.name === hint))
    )
  })
  if (matches.length === 1) return matches[0]!
  if (matches.length === 0) {
    const known = cache.relationships.has(`${schema}.${origin}`)
    const suggestion = known
      ? closest(all.map((r) => r.foreignTable.name).filter((n) => n !== target), target)
      : closest([...cache.relationships.keys()].filter((k) => k.startsWith(`${schema}.`)).map((k) => k.slice(schema.length + 1)), origin)
    const hintText = suggestion === undefined ? null : `Perhaps you meant '${suggestion}' instead of '${known ? target : origin}'.`
    const using = hint === undefined ? '' : `' using the hint '${hint}`
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${origin}' and '${target}' in the schema cache`,
      `Searched for a foreign key relationship between '${origin}' and '${target}${using}' in the schema '${schema}', but no matches were found.`,
      hintText,
    )
  }
  const fk = matches.filter((r): r is Relationship & { kind: 'fk' } => r.kind === 'fk')
  throw new RestError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${origin}' and '${target}'`,
    fk.map(describeRelationship),
    `Try changing '${target}' to one of the following: ${fk.map((r) => `'${r.foreignTable.name}!${r.cardinality.kind === 'm2m' ? r.cardinality.junction.table.name : r.cardinality.constraint}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
  )
}

function describeRelationship(r: Relationship & { kind: 'fk' }) {
  const cols = (names: string[]) => `(${names.join(', ')})`
  const c = r.cardinality
  const embedding = `${r.table.name} with ${r.foreignTable.name}`
  if (c.kind === 'm2m') {
    const j = c.junction
    return {
      cardinality: 'many-to-many',
      embedding,
      relationship: `${j.table.name} using ${j.constraint1}${cols(j.source.map((p) => p[1]))} and ${j.constraint2}${cols(j.target.map((p) => p[1]))}`,
    }
  }
  const name = { o2m: 'one-to-many', m2o: 'many-to-one', o2o: 'one-to-one' }[c.kind]
  return {
    cardinality: name,
    embedding,
    relationship: `${c.constraint} using ${r.table.name}${cols(c.columns.map((p) => p[0]))} and ${r.foreignTable.name}${cols(c.columns.map((p) => p[1]))}`,
  }
}

/** Join conditions between an embedded node and its parent (getJoinConditions). */
function joinConditions(rel: Relationship, alias: string | undefined, parentAlias: string | undefined): JoinCond[] {
  if (rel.kind === 'computed') return []
  const schema = rel.table.schema
  const cond = (parent: string | undefined, self: string | undefined, table: string, ftable: string) => (cols: [string, string][]) =>
    cols.map(([c, fc]) => ({
      left: [self === undefined ? { schema, name: ftable } : aliasQi(self), fc] as [QI, string],
      right: [parent === undefined ? { schema, name: table } : aliasQi(parent), c] as [QI, string],
    }))
  const c = rel.cardinality
  if (c.kind === 'm2m') {
    const j = c.junction
    return [
      ...cond(undefined, undefined, rel.foreignTable.name, j.table.name)(j.target),
      ...cond(parentAlias, alias, rel.table.name, j.table.name)(j.source),
    ]
  }
  return cond(parentAlias, alias, rel.table.name, rel.foreignTable.name)(c.columns)
}

/** addRels: every embedded node gets its relationship, aliases and join conditions. `source`: the
 * root reads from the `pgrst_source` CTE of a write or a function call. */
export function addRelationships(cache: SchemaCache, schema: string, root: ReadPlan, source: boolean) {
  if (source) {
    root.fromAlias = root.from.name
    root.from = aliasQi(SOURCE)
  }
  const visit = (parent: ReadPlan) => {
    for (const child of parent.children) {
      const origin = child.depth === 1 ? (parent.fromAlias ?? parent.from.name) : parent.from.name
      const rel = findRelationship(cache, schema, origin, child.relName, child.relHint)
      const spread: Spread | undefined = child.relSpread && !isToOne(rel) ? { kind: 'many', extra: [], order: [] } : child.relSpread
      child.from = rel.foreignTable
      child.relToParent = rel
      child.relAggAlias = `${rel.table.name}_${child.relAlias ?? child.relName}_${child.depth}`
      if (spread) child.relSpread = spread
      if (rel.kind === 'computed') {
        child.fromAlias = `${rel.foreignTable.name}_${child.depth}`
        child.computedArg = parent.fromAlias ?? rel.table.name
      } else if (rel.cardinality.kind === 'm2m') {
        child.relJoinConds = joinConditions(rel, undefined, parent.fromAlias)
      } else {
        child.fromAlias = `${rel.foreignTable.name}_${child.depth}`
        child.relJoinConds = joinConditions(rel, child.fromAlias, parent.fromAlias)
      }
      visit(child)
    }
  }
  visit(root)
}
