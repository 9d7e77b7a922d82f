// A request as PostgREST reads it (its ApiRequest module): the action from path and method, the
// schema from Accept-/Content-Profile, the query string's parts by embedding path, the Prefer
// header, the requested media type and the body's columns.
import { type Filter, type LogicTree, type OrderTerm, parseColumns, parseLogic, parseOpExpr, parseOrder, parseSelect, parseTreePath, type SelectItem } from './rest-grammar.ts'
import { RestError } from './rest-errors.ts'
import { ALL, type Range } from './rest-plan.ts'

export type Mutation = 'create' | 'update' | 'upsert' | 'delete'
export type Action =
  | { kind: 'read'; name: string; headersOnly: boolean }
  | { kind: 'mutate'; name: string; mutation: Mutation }
  | { kind: 'call'; name: string; read: boolean; headersOnly: boolean }

export type QueryParams = {
  canonical: string
  select: SelectItem[]
  filters: { path: string[]; filter: Filter }[]
  /** Arguments of a function called with GET: `name=value` without an operator. */
  args: [string, string][]
  logic: { path: string[]; tree: LogicTree }[]
  order: { path: string[]; terms: OrderTerm[] }[]
  ranges: Map<string, Range>
  columns?: string[]
  onConflict?: string[]
  filterFields: Set<string>
}

export function actionOf(path: string[], method: string): Action {
  const name = path.length === 1 ? path[0]! : path.length === 2 && path[0] === 'rpc' ? path[1]! : null
  if (name === null) throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL')
  if (path.length === 2) {
    if (method === 'GET' || method === 'HEAD') return { kind: 'call', name, read: true, headersOnly: method === 'HEAD' }
    if (method === 'POST') return { kind: 'call', name, read: false, headersOnly: false }
    throw new RestError(405, 'PGRST101', `Cannot use the ${method} method on RPC`)
  }
  if (method === 'GET' || method === 'HEAD') return { kind: 'read', name, headersOnly: method === 'HEAD' }
  const mutation = ({ POST: 'create', PATCH: 'update', PUT: 'upsert', DELETE: 'delete' } as const)[method as 'POST']
  if (!mutation) throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`)
  return { kind: 'mutate', name, mutation }
}

const lastWord = (key: string) => key.split('.').at(-1)!
const RESERVED = new Set(['select', 'columns', 'on_conflict'])
const EMBEDDABLE = new Set(['order', 'limit', 'offset', 'and', 'or'])
const integer = (text: string) => (/^-?\d+$/.test(text) ? Number(text) : undefined)

/** Splits and parses the query string; errors come in PostgREST's order of parsing. */
export function parseQuery(search: URLSearchParams, rpcRead: boolean): QueryParams {
  const pairs = [...search.entries()]
  const nonEmpty = pairs.filter(([, v]) => v !== '')
  const order = nonEmpty.filter(([k]) => lastWord(k) === 'order').map(([k, v]) => ({ path: parseTreePath(k).path, terms: parseOrder(v) }))
  const logic = nonEmpty.filter(([k]) => ['and', 'or'].includes(lastWord(k))).map(([k, v]) => parseLogic(k, v))
  const columnsText = search.get('columns')
  const columns = columnsText ? parseColumns('columns', columnsText) : undefined
  const select = parseSelect(search.get('select') || '*')
  const filters: QueryParams['filters'] = []
  const args: [string, string][] = []
  const filterFields = new Set<string>()
  for (const [key, value] of nonEmpty) {
    if (RESERVED.has(key) || EMBEDDABLE.has(lastWord(key))) continue
    filterFields.add(key)
    const { path, field } = parseTreePath(key)
    const expr = parseOpExpr(value, rpcRead)
    if (expr === null) args.push([key, value])
    else filters.push({ path, filter: { field, expr } })
  }
  const conflictText = search.get('on_conflict')
  const onConflict = conflictText ? parseColumns('on_conflict', conflictText) : undefined

  const ranges = new Map<string, Range>()
  const limits = new Map(nonEmpty.filter(([k]) => lastWord(k) === 'limit').map(([k, v]) => [k, integer(v)]))
  const offsets = new Map(nonEmpty.filter(([k]) => lastWord(k) === 'offset').map(([k, v]) => [k.replace(/offset$/, 'limit'), integer(v)]))
  for (const key of new Set([...limits.keys(), ...offsets.keys()])) {
    const limit = limits.get(key)
    const offset = offsets.get(key)
    ranges.set(key, { offset: offset ?? 0, limit: limit ?? null })
  }
  const canonical = [...pairs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')
  return {
    canonical,
    select,
    filters,
    args,
    logic,
    order,
    ranges,
    filterFields,
    ...(columns ? { columns } : {}),
    ...(onConflict ? { onConflict } : {}),
  }
}

/** A GET's Range header (`0-9`, `10-`) narrows the top-level `limit`/`offset` range, as in PostgREST. */
export function applyRangeHeader(query: QueryParams, method: string, header: string | undefined) {
  const match = method === 'GET' && header ? /^(\d+)-(\d*)$/.exec(header.trim()) : null
  if (!match) return
  const current = query.ranges.get('limit') ?? ALL
  if (current.limit === 0) return
  const lower = Math.max(Number(match[1]), current.offset)
  const uppers = [match[2] ? Number(match[2]) : Number.POSITIVE_INFINITY, current.limit === null ? Number.POSITIVE_INFINITY : current.offset + current.limit - 1]
  const upper = Math.min(...uppers)
  if (upper < lower) {
    throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', 'The lower boundary must be lower than or equal to the upper boundary in the Range header.')
  }
  query.ranges.set('limit', { offset: lower, limit: upper === Number.POSITIVE_INFINITY ? null : upper - lower + 1 })
}

/** The path of a range key: `limit` → [], `messages.limit` → ['messages']. */
export const rangePath = (key: string) => key.split('.').slice(0, -1)

export type Preferences = {
  resolution?: 'merge-duplicates' | 'ignore-duplicates'
  representation?: 'full' | 'minimal' | 'headers-only'
  count?: 'exact' | 'planned' | 'estimated'
  tx?: 'commit' | 'rollback'
  missing?: 'default' | 'null'
  handling?: 'strict' | 'lenient'
  maxAffected?: number
  timezone?: string
  invalid: string[]
}

const PREFERENCES: Record<string, [keyof Preferences, string]> = {
  'resolution=merge-duplicates': ['resolution', 'merge-duplicates'],
  'resolution=ignore-duplicates': ['resolution', 'ignore-duplicates'],
  'return=representation': ['representation', 'full'],
  'return=minimal': ['representation', 'minimal'],
  'return=headers-only': ['representation', 'headers-only'],
  'count=exact': ['count', 'exact'],
  'count=planned': ['count', 'planned'],
  'count=estimated': ['count', 'estimated'],
  'tx=commit': ['tx', 'commit'],
  'tx=rollback': ['tx', 'rollback'],
  'missing=default': ['missing', 'default'],
  'missing=null': ['missing', 'null'],
  'handling=strict': ['handling', 'strict'],
  'handling=lenient': ['handling', 'lenient'],
}

/** The Prefer header(s); the first value of each kind wins, `tx=` only where the database allows it. */
export function parsePreferences(header: string | undefined, allowTx: boolean): Preferences {
  const prefs: Preferences = { invalid: [] }
  let seenMaxAffected = false
  const values = (header ?? '').split(',').map((v) => v.trim()).filter(Boolean)
  for (const value of values) {
    const known = PREFERENCES[value]
    if (known) {
      const [key, v] = known
      if (key === 'tx' && !allowTx) continue
      if ((prefs as Record<string, unknown>)[key] === undefined) (prefs as Record<string, unknown>)[key] = v
    } else if (value.startsWith('max-affected=')) {
      // The first one counts, as PostgREST reads it: a number, or none at all; never invalid.
      if (!seenMaxAffected && /^-?\d+$/.test(value.slice(13))) prefs.maxAffected = Number(value.slice(13))
      seenMaxAffected = true
    } else if (value.startsWith('timezone=')) {
      prefs.timezone ??= value.slice(9)
    } else {
      prefs.invalid.push(value)
    }
  }
  return prefs
}

export type MediaType =
  | { kind: 'json' | 'csv' | 'geojson' | 'any' | 'other'; mime: string }
  | { kind: 'array-stripped' | 'single'; stripNulls: boolean; mime: string }
  | { kind: 'plan'; format: 'json' | 'text'; for: MediaType; options: string[]; mime: string }

export function decodeMediaType(text: string): MediaType {
  const [type = '', ...rest] = text.split(';').map((p) => p.trim())
  const params = new Map(rest.map((p) => p.split('=').map((s) => s.trim().replace(/^"(.*)"$/, '$1')) as [string, string]))
  const mime = type.toLowerCase()
  const strip = params.get('nulls') === 'stripped'
  switch (mime) {
    case 'application/json':
      return { kind: 'json', mime }
    case 'text/csv':
      return { kind: 'csv', mime }
    case 'application/geo+json':
      return { kind: 'geojson', mime }
    case '*/*':
      return { kind: 'any', mime }
    case 'application/vnd.pgrst.object+json':
    case 'application/vnd.pgrst.object':
      return { kind: 'single', stripNulls: strip, mime: `application/vnd.pgrst.object+json${strip ? ';nulls=stripped' : ''}` }
    case 'application/vnd.pgrst.array+json':
    case 'application/vnd.pgrst.array':
      return strip ? { kind: 'array-stripped', stripNulls: true, mime: 'application/vnd.pgrst.array+json;nulls=stripped' } : { kind: 'json', mime: 'application/json' }
    case 'application/vnd.pgrst.plan':
    case 'application/vnd.pgrst.plan+text':
    case 'application/vnd.pgrst.plan+json': {
      const format = mime.endsWith('+json') ? 'json' : 'text'
      const target = decodeMediaType(params.get('for') ?? 'application/json')
      const options = ['analyze', 'verbose', 'settings', 'buffers', 'wal'].filter((o) => (params.get('options') ?? '').split('|').includes(o))
      return { kind: 'plan', format, for: target, options, mime: `application/vnd.pgrst.plan+${format}; for="${target.mime}"${options.length ? `; options=${options.join('|')}` : ''}` }
    }
    default:
      return { kind: 'other', mime: type }
  }
}

/** Accept's media types, highest quality first. */
export function acceptedTypes(header: string | undefined): MediaType[] {
  if (!header) return [{ kind: 'any', mime: '*/*' }]
  return header
    .split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)
    .map((part, i) => ({ part: part.trim(), i, q: Number(/;\s*q=([\d.]+)/.exec(part)?.[1] ?? 1) }))
    .filter((p) => p.part !== '')
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((p) => decodeMediaType(p.part.replace(/;\s*q=[\d.]+/, '')))
}

