// Realtime's postgres_changes filters as hosted Realtime reads and checks them (its
// postgres_cdc_rls subscriptions parser, `subscription_check_filters` and `check_equality_op`):
// `col=[not.]op.value` conditions joined by top-level commas (AND), values optionally
// double-quoted, each checked against the column's type when the channel joins, and evaluated
// in PostgreSQL with both sides cast to that type, so `gt.10` compares numbers on an int column.
import type { PGlite } from '@electric-sql/pglite'

export const FILTER_OPS = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in', 'like', 'ilike', 'is', 'match', 'imatch', 'isdistinct'] as const
export type FilterOp = (typeof FILTER_OPS)[number]
export type Condition = { column: string; op: FilterOp; value: string; negate: boolean }

/** Splits on commas outside parentheses and double quotes (Realtime's split_top_level). */
function splitTopLevel(filter: string): string[] {
  const parts: string[] = []
  let current = ''
  let depth = 0
  let quoted = false
  let prev = ''
  for (let i = 0; i < filter.length; i++) {
    const ch = filter[i]!
    if (quoted) {
      if (ch === '\\' && i + 1 < filter.length) {
        current += ch + filter[++i]
        prev = filter[i]!
        continue
      }
      if (ch === '"') quoted = false
      current += ch
    } else if (ch === '"' && ['.', '(', ','].includes(prev)) {
      quoted = true
      current += ch
    } else if (ch === '(') {
      depth++
      current += ch
    } else if (ch === ')') {
      depth = Math.max(0, depth - 1)
      current += ch
    } else if (ch === ',' && depth === 0) {
      parts.push(current)
      current = ''
      prev = ''
      continue
    } else current += ch
    prev = ch
  }
  parts.push(current)
  return parts
}

function unquote(value: string): string {
  if (!value.startsWith('"')) return value
  let out = ''
  for (let i = 1; i < value.length; i++) {
    const ch = value[i]!
    if (ch === '\\' && i + 1 < value.length) out += value[++i]
    else if (ch === '"') return i === value.length - 1 ? out : value
    else out += ch
  }
  return value
}

/** The conditions of a filter string, or the reason it cannot be read. */
export function parseFilters(filter: string): Condition[] | { error: string } {
  const trimmed = filter.trim()
  if (trimmed === '') return []
  const conditions: Condition[] = []
  for (const segment of splitTopLevel(trimmed)) {
    const part = segment.trim()
    if (part === '') return { error: 'filter must not contain empty segments (check for extra commas)' }
    const eq = part.indexOf('=')
    if (eq < 0) return { error: JSON.stringify([part]) }
    const column = part.slice(0, eq)
    let rest = part.slice(eq + 1)
    const negate = rest.startsWith('not.')
    if (negate) rest = rest.slice(4)
    const dot = rest.indexOf('.')
    if (dot < 0) return { error: JSON.stringify([rest]) }
    const op = rest.slice(0, dot)
    const raw = rest.slice(dot + 1)
    if (!(FILTER_OPS as readonly string[]).includes(op)) return { error: JSON.stringify([op, raw]) }
    if (op === 'in') {
      if (!(raw.length >= 2 && raw.startsWith('(') && raw.endsWith(')'))) return { error: '`in` filter value must be wrapped by parentheses' }
      conditions.push({ column, op: 'in', value: `{${raw.slice(1, -1)}}`, negate })
    } else conditions.push({ column, op: op as FilterOp, value: unquote(raw), negate })
  }
  return conditions
}

const SYMBOL: Record<string, string> = { eq: '=', neq: '!=', lt: '<', lte: '<=', gt: '>', gte: '>=', in: '= any', like: 'LIKE', ilike: 'ILIKE', match: '~', imatch: '~*' }

/** SQL for one condition over the column's value and the filter's, both cast to the column's type. */
function conditionSql(c: Condition, type: string, column: string, bind: (v: unknown) => string): string {
  if (c.op === 'isdistinct') return `${column}::${type} ${c.negate ? 'IS NOT DISTINCT FROM' : 'IS DISTINCT FROM'} ${bind(c.value)}::${type}`
  if (c.op === 'is') return `${column}::${type} ${c.negate ? 'IS NOT' : 'IS'} ${c.value.toUpperCase()}`
  const test = `${column}::${type} ${SYMBOL[c.op]} (${bind(c.value)}::${c.op === 'in' ? `${type}[]` : type})`
  return c.negate ? `NOT (${test})` : test
}

/** Why a channel may not subscribe with these conditions (subscription_check_filters), if so. */
export async function checkConditions(db: PGlite, conditions: Condition[], types: Map<string, string>, selectable: Set<string>): Promise<string | null> {
  for (const c of conditions) {
    const type = types.get(c.column)
    if (!type || !selectable.has(c.column)) return `invalid column for filter ${c.column}`
    try {
      if (c.op === 'in') {
        const { rows } = await db.query<{ n: number | null }>(`select cardinality($1::${type}[]) as n`, [c.value])
        if ((rows[0]?.n ?? 0) > 100) return 'too many values for `in` filter. Maximum 100'
      } else if (c.op === 'is') {
        if (!['null', 'true', 'false', 'unknown'].includes(c.value)) return 'invalid value for is filter: must be null, true, false, or unknown'
        if (c.value !== 'null' && type !== 'boolean') return `is ${c.value} filter requires a boolean column, got ${type}`
      } else if (['like', 'ilike', 'match', 'imatch'].includes(c.op)) {
        const operator = c.op === 'like' || c.op === 'ilike' ? '~~' : c.op === 'imatch' ? '~*' : '~'
        const { rows } = await db.query(`select 1 from pg_operator where oprname = $1 and oprleft = $2::regtype`, [operator, type])
        if (rows.length === 0) return `operator ${c.op} requires a text-compatible column type, got ${type}`
        if (c.op === 'match' || c.op === 'imatch') await db.query(`select '' ~ $1`, [c.value])
      } else {
        await db.query(`select $1::${type}`, [c.value])
      }
    } catch (error) {
      return (error as Error).message
    }
  }
  return null
}

/** A JSON value of a changed row as text, as Realtime reads `value #>> '{}'`. */
const text = (v: unknown) => (v === null || v === undefined ? null : typeof v === 'object' ? JSON.stringify(v) : String(v))

/**
 * For each list of conditions, whether the row passes all of them: every condition's column must
 * be in the row (an old record holding only the primary key fails a filter on another column),
 * and a null comparison fails. One query for all of them.
 */
export async function passing(
  db: PGlite,
  lists: Condition[][],
  row: Record<string, unknown> | null,
  types: Map<string, string>,
): Promise<boolean[]> {
  const params: unknown[] = []
  const bind = (v: unknown) => {
    params.push(v)
    return `$${params.length}`
  }
  const selects: string[] = []
  const present = lists.map((list) => row !== null && list.every((c) => c.column in row && types.has(c.column)))
  lists.forEach((list, i) => {
    if (!present[i] || list.length === 0) return
    const tests = list.map((c) => `coalesce(${conditionSql(c, types.get(c.column)!, bind(text(row![c.column])), bind)}, false)`)
    selects.push(`(${tests.join(' and ')}) as c${i}`)
  })
  if (selects.length === 0) return lists.map((list) => list.length === 0)
  try {
    const { rows } = await db.query<Record<string, boolean>>(`select ${selects.join(', ')}`, params)
    return lists.map((list, i) => (list.length === 0 ? true : present[i] ? rows[0]![`c${i}`] === true : false))
  } catch {
    return lists.map((list) => list.length === 0)
  }
}
