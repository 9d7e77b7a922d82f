// SQL for a read plan, built as PostgREST's QueryBuilder and SqlFragment build it: each embedded
// resource is a LATERAL subquery aggregated to JSON (`json_agg`, `row_to_json`), spreads select the
// embedded columns directly, filters and orders are formatted per operator, and every value is a
// bound parameter of unknown type that PostgreSQL types from its context.
import { FTS_OPERATORS, QUANT_OPERATORS, SIMPLE_OPERATORS } from './rest-grammar.ts'
import { type CField, type CFilter, type CLogic, type COrder, type CSelect, type JoinCond, type ReadPlan, type Range, aliasQi, type SpreadField, unknownField } from './rest-plan.ts'
import type { QI } from './rest-schema.ts'

export class Params {
  readonly values: unknown[] = []
  bind(value: unknown): string {
    this.values.push(value)
    return `$${this.values.length}`
  }
}

export const ident = (name: string) => `"${name.replace(/\0/g, '').replace(/"/g, '""')}"`
export const fromQi = (qi: QI) => (qi.schema ? `${ident(qi.schema)}.` : '') + ident(qi.name)
export const column = (qi: QI, name: string) => (name === '*' ? `${fromQi(qi)}.*` : `${fromQi(qi)}.${ident(name)}`)

/** `{"a","b"}`: a PostgreSQL array literal, typed by PostgreSQL from where it is used. */
export function arrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/\0/g, '').replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`
}

export function field(p: Params, qi: QI, f: CField): string {
  let sql: string
  if (f.fullRow) sql = ident(qi.name)
  else if (f.path.length === 0) sql = column(qi, f.name)
  else sql = (f.toJson ? `to_jsonb(${column(qi, f.name)})` : column(qi, f.name)) + jsonPath(p, f)
  if (f.toTsVector) sql = `to_tsvector(${f.toTsVector.language ? `${p.bind(f.toTsVector.language)}, ` : ''}${sql})`
  return sql
}

function jsonPath(p: Params, f: CField): string {
  return f.path.map((op) => `${op.arrow}${p.bind(op.key)}${op.index ? '::int' : ''}`).join('')
}

const as = (alias: string | undefined) => (alias === undefined ? '' : ` AS ${ident(alias)}`)
const cast = (type: string | undefined, sql: string) => (type === undefined ? sql : `CAST( ${sql} AS ${type} )`)
const aggregate = (fn: string | undefined, type: string | undefined, sql: string) => (fn === undefined ? sql : cast(type, `${fn.toUpperCase()}(${sql})`))

export function selectItem(p: Params, qi: QI, s: CSelect): string {
  return aggregate(s.aggregate, s.aggregateCast, cast(s.cast, field(p, qi, s.field))) + as(s.alias)
}

const fullName = (aggAlias: string, name: string) => (name === '*' ? `${ident(aggAlias)}.*` : `${ident(aggAlias)}.${ident(name)}`)

export function filter(p: Params, qi: QI, f: CFilter): string {
  if (f.kind === 'nullEmbed') return `${ident(f.aggAlias)} IS ${f.negate ? '' : 'NOT '}DISTINCT FROM NULL`
  const { negate, operation: op } = f.expr
  const lhs = `${negate ? 'NOT' : ''} ${field(p, qi, f.field)}`
  switch (op.kind) {
    case 'simple':
      return `${lhs} ${SIMPLE_OPERATORS[op.operator]} ${p.bind(op.value)}`
    case 'quant': {
      const value = p.bind(op.operator === 'like' || op.operator === 'ilike' ? op.value.replace(/\*/g, '%') : op.value)
      const quantified = op.quantifier === 'any' ? `ANY(${value})` : op.quantifier === 'all' ? `ALL(${value})` : value
      return `${lhs} ${QUANT_OPERATORS[op.operator]} ${quantified}`
    }
    case 'is':
      return `${lhs} IS ${{ null: 'NULL', not_null: 'NOT NULL', true: 'TRUE', false: 'FALSE', unknown: 'UNKNOWN' }[op.value]}`
    case 'isdistinct':
      return `${lhs} IS DISTINCT FROM ${p.bind(op.value)}`
    case 'in':
      return op.values.length === 1 && op.values[0] === '' ? `${lhs} = ANY('{}') ` : `${lhs} = ANY (${p.bind(arrayLiteral(op.values))}) `
    case 'fts':
      return `${lhs} @@ ${FTS_OPERATORS[op.operator]}(${op.language ? `${p.bind(op.language)}, ` : ''}${p.bind(op.value)}) `
  }
}

export function logic(p: Params, qi: QI, tree: CLogic, leaf: (f: CFilter) => string = (f) => filter(p, qi, f)): string {
  if (tree.kind === 'stmt') return leaf(tree.filter)
  const joined = tree.children.map((c) => logic(p, qi, c, leaf)).join(tree.operator === 'and' ? ' AND ' : ' OR ')
  return `${tree.negate ? 'NOT' : ''} (${joined})`
}

export function order(p: Params, qi: QI, terms: COrder[]): string {
  if (terms.length === 0) return ''
  const term = (o: COrder) => {
    const target = o.kind === 'field' ? field(p, qi, o.field) : field(p, aliasQi(o.relation), unknownField(o.field.name, o.field.path))
    const modifiers = [o.direction?.toUpperCase() ?? '', o.nulls ? `NULLS ${o.nulls.toUpperCase()}` : ''].join(' ')
    return `${target} ${modifiers}`
  }
  return `ORDER BY ${terms.map(term).join(', ')}`
}

export function limitOffset(p: Params, range: Range): string {
  if (range.offset === 0 && range.limit === null) return ''
  return `LIMIT ${range.limit === null ? 'ALL' : p.bind(range.limit)} OFFSET ${p.bind(range.offset)}`
}

const joinCondition = (j: JoinCond) => `${column(j.left[0], j.left[1])} = ${column(j.right[0], j.right[1])}`

/** The identifier a node's columns are qualified with (its alias, or its table). */
export function nodeQi(n: ReadPlan): QI {
  if (n.relToParent?.kind === 'computed') return aliasQi(n.fromAlias ?? n.relToParent.function.name)
  return n.fromAlias ? aliasQi(n.fromAlias) : n.from
}

function fromClause(n: ReadPlan): string {
  const rel = n.relToParent
  const source = rel?.kind === 'computed' ? `${fromQi(rel.function)}(${ident(n.computedArg!)}::${fromQi(rel.table)})` : fromQi(n.from)
  const junction = rel?.kind === 'fk' && rel.cardinality.kind === 'm2m' ? `, ${fromQi(rel.cardinality.junction.table)}` : ''
  return ` FROM ${source}${as(n.fromAlias)}${junction}`
}

function group(p: Params, qi: QI, n: ReadPlan): string {
  const aggregated = n.select.some((s) => s.aggregate) || n.relSelect.some((r) => r.kind === 'spread' && r.fields.some((f) => f.aggregate))
  if (!aggregated) return ''
  const terms = [
    ...n.select.filter((s) => !s.aggregate).map((s) => (s.alias !== undefined ? ident(s.alias) : field(p, qi, s.field))),
    ...n.relSelect.flatMap((r) => {
      if (r.kind === 'embed') return [ident(r.name)]
      const plain = r.fields.filter((f) => !f.aggregate).map((f) => `${ident(r.aggAlias)}.${ident(f.alias ?? f.name)}`)
      return plain.length ? [plain.join(', ')] : []
    }),
  ]
  return terms.length ? ` GROUP BY ${terms.join(', ')}` : ''
}

const spreadItem = (aggAlias: string, f: SpreadField) => aggregate(f.aggregate, f.aggregateCast, fullName(aggAlias, f.name)) + as(f.alias)

export function readQuery(p: Params, n: ReadPlan): string {
  const qi = nodeQi(n)
  const selects = (n.select.length === 0 && n.children.length === 0 ? [{ field: unknownField('*') }] : n.select).map((s) => selectItem(p, qi, s))
  const extra = n.relSpread?.kind === 'many' ? n.relSpread.extra.map((e) => selectItem(p, e.relation ? aliasQi(e.relation) : qi, e.select)) : []
  const joinSelects: string[] = []
  const joins: string[] = []
  for (const r of n.relSelect) {
    const child = n.children.find((c) => c.relAggAlias === r.aggAlias)!
    const alias = ident(r.aggAlias)
    if (r.kind === 'embed' && !r.empty) {
      joinSelects.push(r.mode === 'object' ? `row_to_json(${alias}.*)::jsonb AS ${ident(r.name)}` : `COALESCE( ${alias}.${alias}, '[]') AS ${ident(r.name)}`)
    } else if (r.kind === 'spread') {
      joinSelects.push(...r.fields.map((f) => spreadItem(r.aggAlias, f)))
    }
    joins.push(join(p, r.kind === 'embed' ? r.mode : child.relSpread?.kind === 'many' ? 'many' : 'object', child, r))
  }
  const conditions = [...n.where.map((w) => logic(p, qi, w)), ...n.relJoinConds.map(joinCondition)]
  return (
    `SELECT ${[...selects, ...extra, ...joinSelects].join(', ')}${fromClause(n)}${joins.join(' ')}` +
    (conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '') +
    ` ${group(p, qi, n)} ${order(p, qi, n.order)} ${limitOffset(p, n.range)}`
  )
}

function join(p: Params, mode: 'object' | 'array' | 'many', child: ReadPlan, r: ReadPlan['relSelect'][number]): string {
  const alias = ident(r.aggAlias)
  const inner = child.relJoinType === 'inner'
  const lateral = (sub: string, cond: string) => ` ${inner ? 'INNER' : 'LEFT'} JOIN LATERAL ( ${sub} ) AS ${alias} ON ${cond}`
  const sub = readQuery(p, child)
  if (mode === 'object') return lateral(sub, 'TRUE')
  const condition = inner ? `${alias} IS NOT NULL` : 'TRUE'
  let select = `SELECT json_agg(${alias})::jsonb AS ${alias}`
  if (mode === 'many' && r.kind === 'spread' && child.relSpread?.kind === 'many') {
    const spreadOrder = child.relSpread.order
    const items = r.fields.map((f) => {
      const ord = order(p, aliasQi(r.aggAlias), spreadOrder)
      return `COALESCE(json_agg(${fullName(r.aggAlias, f.name)} ${ord}),'[]')::jsonb AS ${ident(f.alias ?? f.name)}`
    })
    if (items.length) select += `, ${items.join(', ')}`
  }
  return lateral(`${select} FROM (${sub} ) AS ${alias}`, condition)
}

/** The root's rows without limit or order, for `count=exact` (readPlanToCountQuery). */
export function countQuery(p: Params, n: ReadPlan): string {
  const qi = nodeQi(n)
  const exists = n.children.filter((c) => c.relJoinType === 'inner').map((c) => `EXISTS (${countQuery(p, c)} )`)
  const leaf = (f: CFilter) => {
    if (f.kind !== 'nullEmbed') return filter(p, qi, f)
    const child = n.children.find((c) => c.relAggAlias === f.aggAlias)
    return child ? `${f.negate ? '' : 'NOT '}EXISTS (${countQuery(p, child)})` : ''
  }
  const conditions = [...n.where.map((w) => logic(p, qi, w, leaf)), ...n.relJoinConds.map(joinCondition), ...exists]
  return `SELECT 1 ${fromClause(n)}${conditions.length ? ` WHERE ${conditions.join(' AND ')}` : ''}`
}
