// From a parsed request to one SQL statement, as PostgREST's Plan and Query modules do: the read
// plan (every stage in PostgREST's order), then the read, write or call around it.
import { RestError } from './rest-errors.ts'
import {
  addRelationships,
  findNode,
  initPlan,
  type CLogic,
  type ReadPlan,
  resolveField,
  resolveLogic,
  resolveOrder,
} from './rest-plan.ts'
import type { Action, Preferences, QueryParams } from './rest-request.ts'
import { rangePath } from './rest-request.ts'
import { type BodyType, callParams, findRoutine } from './rest-rpc.ts'
import type { Column, QI, Routine, SchemaCache, Table } from './rest-schema.ts'
import { addAliases, addNullEmbedFilters, addRelatedOrders, addRelSelects, addToManyOrderSelects, expandStars, hoistSpreadAggregates, restrictRanges, validateAggregates } from './rest-shape.ts'
import { closest } from './rest-errors.ts'
import { Params } from './rest-sql.ts'
import { type Body, type Call, callQuery, deleteQuery, insertQuery, mainCall, mainRead, mainWrite, updateQuery } from './rest-write.ts'

export type Settings = { schemas: string[]; extraSearchPath: string[]; maxRows: number | null; aggregates: boolean; plan: boolean; txEnd: string; hoisted: string[] }

export type Payload = { raw: string; keys: string[] | null; type: BodyType }

export function findTable(cache: SchemaCache, schema: string, name: string): Table {
  const table = cache.tables.get(`${schema}.${name}`)
  if (table) return table
  const names = [...cache.tables.values()].filter((t) => t.schema === schema).map((t) => t.name)
  const suggestion = closest(names, name, 0.75)
  throw new RestError(404, 'PGRST205', `Could not find the table '${schema}.${name}' in the schema cache`, null, suggestion === undefined ? null : `Perhaps you meant the table '${schema}.${suggestion}'`)
}

function readPlan(cache: SchemaCache, settings: Settings, schema: string, qi: QI, query: QueryParams, action: Action): ReadPlan {
  const root = initPlan(cache, qi, query.select)
  const mutating = action.kind === 'mutate'
  const at = (path: string[]) => findNode(root, path)
  for (const { path, filter } of query.filters) {
    if (mutating && path.length === 0) continue
    const n = at(path)
    const ts = filter.expr.operation.kind === 'fts' ? { ...(filter.expr.operation.language ? { language: filter.expr.operation.language } : {}) } : undefined
    n.where.push({ kind: 'stmt', filter: { kind: 'filter', field: resolveField(cache, n.from, filter.field, ts), expr: filter.expr } })
  }
  for (const { path, terms } of query.order) {
    const n = at(path)
    n.order = terms.map((t) => resolveOrder(cache, n.from, t))
  }
  if (!mutating) for (const [key, range] of query.ranges) at(rangePath(key)).range = range
  for (const { path, tree } of query.logic) {
    if (mutating && path.length === 0) continue
    const n = at(path)
    n.where.unshift(resolveLogic(cache, n.from, tree))
  }
  addRelationships(cache, schema, root, action.kind !== 'read')
  expandStars(cache, root, schema)
  addAliases(root)
  addRelatedOrders(root)
  addNullEmbedFilters(root)
  addRelSelects(root)
  validateAggregates(root, settings.aggregates)
  hoistSpreadAggregates(root)
  addToManyOrderSelects(root)
  if (!mutating) restrictRanges(root, settings.maxRows)
  return root
}

/** The columns a write must return for the answer's select and embeddings (inferColsEmbedNeeds). */
function returnings(plan: ReadPlan, pk: string[]): string[] {
  const names = new Set(plan.select.map((s) => s.field.name))
  if (names.has('*') || plan.children.some((c) => c.relToParent?.kind === 'computed')) return ['*']
  for (const child of plan.children) {
    const rel = child.relToParent
    if (rel?.kind !== 'fk') continue
    const pairs = rel.cardinality.kind === 'm2m' ? rel.cardinality.junction.source : rel.cardinality.columns
    for (const [c] of pairs) names.add(c)
  }
  for (const c of pk) names.add(c)
  return [...names].sort()
}

export type Built = { sql: string; params: unknown[]; plan: ReadPlan; routine?: Routine; table?: Table; countSql?: string; countParams?: unknown[] }

export function buildRead(cache: SchemaCache, settings: Settings, schema: string, action: Action & { kind: 'read' }, query: QueryParams, prefs: Preferences, body: Body): Built {
  const table = findTable(cache, schema, action.name)
  const plan = readPlan(cache, settings, schema, table, query, action)
  const p = new Params()
  const count = prefs.count === 'exact' || prefs.count === 'estimated'
  const sql = mainRead(p, plan, count, body)
  return { sql, params: p.values, plan, table }
}

function typedColumns(table: Table, keys: string[]): Column[] {
  return keys.map((key) => {
    const column = table.columns.find((c) => c.name === key)
    if (!column) throw new RestError(400, 'PGRST204', `Could not find the '${key}' column of '${table.name}' in the schema cache`)
    return column
  })
}

function rootLogic(cache: SchemaCache, table: Table, query: QueryParams): CLogic[] {
  const logic = query.logic.filter((l) => l.path.length === 0).map((l) => resolveLogic(cache, table, l.tree))
  const filters = query.filters
    .filter((f) => f.path.length === 0)
    .map((f): CLogic => resolveLogic(cache, table, { kind: 'filter', filter: f.filter }))
  return [...filters, ...logic]
}

export function buildWrite(cache: SchemaCache, settings: Settings, schema: string, action: Action & { kind: 'mutate' }, query: QueryParams, prefs: Preferences, body: Body, payload: Payload | null): Built {
  const table = findTable(cache, schema, action.name)
  const plan = readPlan(cache, settings, schema, table, query, action)
  const p = new Params()
  const cols = prefs.representation === 'full' ? returnings(plan, table.pk) : []
  const keys = [...(payload?.keys ?? query.columns ?? [])].sort()
  const where = rootLogic(cache, table, query)
  const defaults = prefs.missing === 'default'
  let mutation: string
  let upsert = false
  switch (action.mutation) {
    case 'create': {
      const columns = typedColumns(table, [...new Set(keys)])
      const conflict = prefs.resolution ? { merge: prefs.resolution === 'merge-duplicates', columns: query.onConflict ?? table.pk } : undefined
      upsert = prefs.resolution === 'merge-duplicates'
      mutation = insertQuery(p, { table, columns, body: payload?.raw ?? '{}', ...(conflict ? { onConflict: conflict } : {}), returning: cols, defaults })
      break
    }
    case 'upsert': {
      const eqOnly = query.filters.every((f) => f.path.length > 0 || (f.filter.expr.operation.kind === 'quant' && f.filter.expr.operation.operator === 'eq' && !f.filter.expr.operation.quantifier && !f.filter.expr.negate))
      const fields = [...query.filterFields].sort()
      if (query.logic.length > 0 || table.pk.length === 0 || !eqOnly || fields.join(',') !== [...table.pk].sort().join(',')) {
        throw new RestError(405, 'PGRST105', 'Filters must include all and only primary key columns with \'eq\' operators')
      }
      const columns = typedColumns(table, [...new Set(keys)])
      upsert = true
      mutation = insertQuery(p, { table, columns, body: payload?.raw ?? '{}', onConflict: { merge: true, columns: table.pk }, returning: cols, defaults: false, put: where })
      break
    }
    case 'update':
      mutation = updateQuery(p, table, typedColumns(table, [...new Set(keys)]), payload?.raw ?? '{}', where, cols, defaults)
      break
    case 'delete':
      mutation = deleteQuery(p, table, where, cols)
      break
  }
  const sql = mainWrite(p, plan, mutation, body, upsert, prefs.representation === 'headers-only' && action.mutation === 'create' ? table.pk : null)
  return { sql, params: p.values, plan, table }
}

export function buildCall(cache: SchemaCache, settings: Settings, schema: string, action: Action & { kind: 'call' }, query: QueryParams, prefs: Preferences, body: Body, payload: Payload | null): Built {
  const keys = action.read ? query.args.map(([k]) => k) : (payload?.keys ?? query.columns ?? [])
  const routine = findRoutine(cache, schema, action.name, keys, payload?.type ?? 'json', !action.read)
  if (prefs.maxAffected !== undefined && prefs.handling === 'strict' && !routine.returns.setOf) {
    throw new RestError(400, 'PGRST128', 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict')
  }
  const qi = { schema: routine.schema, name: routine.returns.composite ? routine.returns.name : routine.name }
  const plan = readPlan(cache, settings, schema, qi, query, action)
  const p = new Params()
  const params = callParams(routine, new Set(keys))
  let args: Call['args']
  if (action.read || payload?.type === 'urlencoded') {
    const values = new Map<string, string | string[]>()
    const pairs = action.read ? query.args : (JSON.parse(payload!.raw) as [string, string][])
    for (const [k, v] of pairs) {
      const param = routine.params.find((x) => x.name === k)
      const existing = values.get(k)
      if (param?.variadic) values.set(k, [...(Array.isArray(existing) ? existing : existing === undefined ? [] : [existing]), v])
      else values.set(k, v)
    }
    args = { kind: 'direct', values }
  } else {
    args = { kind: 'json', body: payload?.raw ?? '{}' }
  }
  let returning = returnings(plan, [])
  if (returning[0] !== '*') {
    const fields = new Set(returning)
    const collect = (n: ReadPlan) => {
      const walk = (t: CLogic) => (t.kind === 'expr' ? t.children.forEach(walk) : fields.add(t.filter.kind === 'filter' ? t.filter.field.name : t.filter.aggAlias))
      n.where.forEach(walk)
      n.children.forEach(collect)
    }
    collect(plan)
    returning = [...fields].sort()
  }
  const call = callQuery(p, { routine, params, args, returning: plan.select.length === 0 && plan.children.length === 0 ? [] : returning })
  const count = prefs.count === 'exact' || prefs.count === 'estimated'
  const sql = mainCall(p, routine, call, plan, count, body)
  return { sql, params: p.values, plan, routine }
}

