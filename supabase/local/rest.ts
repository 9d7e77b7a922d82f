// The PostgREST subset under /rest/v1: select with column lists, filters, order, limit and
// offset; insert (and upsert), update and delete. Every request runs in its own transaction as
// the bearer token's role with its claims set, so the migrations' grants and RLS policies decide.
// Identifiers are checked against the catalog and quoted; values are always bound parameters.
import type { Transaction } from '@electric-sql/pglite'
import { type Context, Hono } from 'hono'
import type { StackContext } from './context.ts'
import { BodyError, isPlainObject, readJson, requireApiKey } from './http.ts'
import { bearer, type Claims, verify } from './jwt.ts'

type Column = { name: string; udt: string }

class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message)
  }
}

type PgError = Error & { code?: string; detail?: string; hint?: string }

const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'on_conflict', 'columns'])
const COMPARE: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' }
const IS_VALUES: Record<string, string> = { null: 'null', true: 'true', false: 'false', unknown: 'unknown' }

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`

/** Splits `a,b,"c,d"` the way PostgREST reads `in.(…)` lists. */
function splitList(raw: string): string[] {
  const items: string[] = []
  let current = ''
  let quoted = false
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i]!
    if (ch === '"') quoted = !quoted
    else if (ch === '\\' && quoted && i + 1 < raw.length) current += raw[++i]
    else if (ch === ',' && !quoted) {
      items.push(current)
      current = ''
    } else current += ch
  }
  items.push(current)
  return items
}

/** A PostgreSQL array literal from a JSON array, for array-typed columns. */
function arrayLiteral(values: unknown[]): string {
  const items = values.map((v) =>
    v === null ? 'NULL' : `"${(typeof v === 'object' ? JSON.stringify(v) : String(v)).replace(/(["\\])/g, '\\$1')}"`,
  )
  return `{${items.join(',')}}`
}

function toParam(value: unknown, column: Column): unknown {
  if (value === null || value === undefined) return null
  if (Array.isArray(value) && column.udt.startsWith('_')) return arrayLiteral(value)
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

class Query {
  readonly params: unknown[] = []
  constructor(
    readonly table: string,
    readonly columns: Map<string, Column>,
  ) {}

  bind(value: unknown): string {
    this.params.push(value)
    return `$${this.params.length}`
  }

  column(name: string): string {
    if (!this.columns.has(name)) {
      throw new RestError(400, '42703', `column ${this.table}.${name} does not exist`)
    }
    return quoteIdent(name)
  }

  /** `select=` → a list of quoted columns, `*` by default. */
  select(raw: string | undefined): string {
    if (!raw || raw.trim() === '*') return '*'
    return raw
      .split(',')
      .map((item) => {
        const trimmed = item.trim()
        if (trimmed === '*') return '*'
        const embed = /^(?:[A-Za-z_]\w*:)?([A-Za-z_]\w*)(?:![\w]+)?\(/.exec(trimmed)
        if (embed) {
          const name = embed[1]
          throw new RestError(
            400,
            'PGRST200',
            `Could not find a relationship between '${this.table}' and '${name}' in the schema cache`,
          )
        }
        const match = /^(?:([A-Za-z_][\w ]*):)?([A-Za-z_][\w ]*)$/.exec(trimmed)
        if (!match) throw new RestError(400, 'PGRST100', `"failed to parse select parameter (${raw})"`)
        const [, alias, name] = match
        const column = this.column(name!.trim())
        return alias ? `${column} as ${quoteIdent(alias.trim())}` : column
      })
      .join(', ')
  }

  /** One `col=[not.]op.value` filter → a condition with bound values. */
  filter(name: string, raw: string): string {
    const column = this.column(name)
    const negate = raw.startsWith('not.')
    const rest = negate ? raw.slice(4) : raw
    const dot = rest.indexOf('.')
    const op = dot < 0 ? rest : rest.slice(0, dot)
    const value = dot < 0 ? null : rest.slice(dot + 1)
    const fail = () => new RestError(400, 'PGRST100', `"failed to parse filter (${raw})" (line 1, column 1)`)
    if (value === null) throw fail()
    let condition: string
    if (op in COMPARE) condition = `${column} ${COMPARE[op]} ${this.bind(value)}`
    else if (op === 'like' || op === 'ilike') condition = `${column} ${op} ${this.bind(value.replace(/\*/g, '%'))}`
    else if (op === 'is') {
      const keyword = IS_VALUES[value.toLowerCase()]
      if (!keyword) throw fail()
      condition = `${column} is ${keyword}`
    } else if (op === 'in') {
      const list = /^\((.*)\)$/.exec(value)
      if (!list) throw fail()
      const items = list[1] === '' ? [] : splitList(list[1]!)
      condition = items.length === 0 ? 'false' : `${column} in (${items.map((v) => this.bind(v)).join(', ')})`
    } else throw fail()
    return negate ? `not (${condition})` : condition
  }

  where(search: URLSearchParams): string {
    const conditions: string[] = []
    for (const [key, value] of search) {
      if (RESERVED.has(key)) continue
      if (key === 'or' || key === 'and' || key.startsWith('not.')) {
        throw new RestError(400, 'PGRST100', `"failed to parse logic tree (${value})"`, 'Logic trees are not supported by the local stack')
      }
      conditions.push(this.filter(key, value))
    }
    return conditions.length ? ` where ${conditions.join(' and ')}` : ''
  }

  order(raw: string | null): string {
    if (!raw) return ''
    const terms = raw.split(',').map((term) => {
      const [name = '', ...modifiers] = term.split('.')
      let sql = this.column(name)
      for (const modifier of modifiers) {
        if (modifier === 'asc' || modifier === 'desc') sql += ` ${modifier}`
        else if (modifier === 'nullsfirst') sql += ' nulls first'
        else if (modifier === 'nullslast') sql += ' nulls last'
        else throw new RestError(400, 'PGRST100', `"failed to parse order (${raw})" (line 1, column 1)`)
      }
      return sql
    })
    return ` order by ${terms.join(', ')}`
  }

  integer(name: string, raw: string | null): number | null {
    if (raw === null) return null
    if (!/^\d{1,9}$/.test(raw)) throw new RestError(400, 'PGRST100', `"failed to parse ${name} (${raw})"`)
    return Number(raw)
  }
}

function parsePrefer(header: string | undefined): Map<string, string> {
  const prefer = new Map<string, string>()
  for (const part of (header ?? '').split(',')) {
    const [key, value = ''] = part.trim().split('=')
    if (key) prefer.set(key.trim(), value.trim())
  }
  return prefer
}

function pgError(error: PgError, role: string): RestError {
  const code = error.code ?? null
  let status = 400
  if (code === '42501') status = role === 'anon' ? 401 : 403
  else if (code === '23505' || code === '23503') status = 409
  else if (code === '42P01' || code === '42883') status = 404
  else if (code === '25006') status = 405
  else if (code === '53400' || code?.startsWith('XX')) status = 500
  // PostgREST's own convention: SQLSTATE PT + a status code answers with that HTTP status.
  else if (code && /^PT[1-5]\d\d$/.test(code)) status = Number(code.slice(2))
  return new RestError(status, code, error.message, error.detail ?? null, error.hint ?? null)
}

export function restRoutes(ctx: StackContext): Hono {
  const { db, keys } = ctx
  const app = new Hono()

  app.onError((error, c) => {
    if (error instanceof RestError) {
      if (error.code === 'PGRST301' || error.code === 'PGRST303') {
        c.header('WWW-Authenticate', `Bearer error="invalid_token", error_description="${error.message}"`)
      }
      return c.json({ code: error.code, details: error.details, hint: error.hint, message: error.message }, error.status as 400)
    }
    console.error('[local stack] rest error', error)
    return c.json({ code: 'XX000', details: null, hint: null, message: 'Internal error in the local stack' }, 500)
  })

  app.use('*', requireApiKey(keys.jwtSecret))

  // PostgREST's schema cache: tables' columns and functions are read once, and again after
  // `notify pgrst, 'reload schema'` (as PostgREST does); the migrations run before the stack serves.
  const tableColumns = new Map<string, Column[]>()
  const functions = new Map<string, Promise<FunctionRow[]>>()
  void db.listen('pgrst', () => {
    tableColumns.clear()
    functions.clear()
  })
  async function columnsOf(tx: Transaction, table: string): Promise<Column[]> {
    const known = tableColumns.get(table)
    if (known) return known
    const { rows } = await tx.query<Column>(
      `select column_name as name, udt_name as udt from information_schema.columns
       where table_schema = 'public' and table_name = $1 order by ordinal_position`,
      [table],
    )
    if (rows.length > 0) tableColumns.set(table, rows)
    return rows
  }
  function functionsNamed(tx: Transaction, name: string): Promise<FunctionRow[]> {
    let known = functions.get(name)
    if (!known) {
      known = readFunctions(tx, name)
      functions.set(name, known)
      known.catch(() => functions.delete(name))
    }
    return known
  }

  /** The role and claims of the request: the bearer token, else the apikey. */
  async function claimsOf(c: Context): Promise<Claims> {
    const token = bearer(c.req.header('authorization')) ?? c.req.header('apikey') ?? ''
    const result = await verify(token, keys.jwtSecret)
    if (result.ok) return result.claims
    if (result.expired) throw new RestError(401, 'PGRST303', 'JWT expired')
    throw new RestError(401, 'PGRST301', 'No suitable key or wrong key type', result.message)
  }

  function checkProfile(c: Context) {
    const method = c.req.method
    const profile = method === 'GET' || method === 'HEAD' ? c.req.header('accept-profile') : c.req.header('content-profile')
    if (profile && profile !== 'public') {
      throw new RestError(406, 'PGRST106', `Invalid schema: ${profile}`, null, 'Only the following schemas are exposed: public')
    }
  }

  async function readBody(c: Context): Promise<unknown> {
    try {
      return await readJson(c)
    } catch (error) {
      if (error instanceof BodyError && error.kind === 'too_large') {
        throw new RestError(413, 'PGRST413', 'Payload Too Large', error.message)
      }
      throw new RestError(400, 'PGRST102', 'Empty or invalid json', (error as Error).message)
    }
  }

  app.get('/', (c) => c.json({ swagger: '2.0', info: { title: 'Local stand-in for PostgREST' }, paths: {} }))

  // Functions of the public schema, called as PostgREST calls them: POST with the named arguments
  // as a JSON object, in the caller's role (EXECUTE grants decide), in one transaction.
  app.post('/rpc/:fn', async (c) => {
    const name = c.req.param('fn')
    checkProfile(c)
    const claims = await claimsOf(c)
    const body = await readBody(c)
    if (!isPlainObject(body)) throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'Expected a JSON object of named arguments')
    const headers = Object.fromEntries(Object.entries(c.req.header()).map(([k, v]) => [k.toLowerCase(), v]))
    const single = (c.req.header('accept') ?? '').includes('application/vnd.pgrst.object+json')
    const text = await db.transaction(async (tx) => {
      const fn = findFunction(name, await functionsNamed(tx, name), Object.keys(body))
      const params: unknown[] = []
      const args = Object.keys(body).map((key) => {
        const type = fn.args.get(key)!
        params.push(body[key] === null ? null : typeof body[key] === 'object' ? JSON.stringify(body[key]) : String(body[key]))
        return `${quoteIdent(key)} => $${params.length}::${type}`
      })
      const call = `public.${quoteIdent(fn.name)}(${args.join(', ')})`
      await tx.query(
        `select set_config('search_path', 'public', true), set_config('role', $1, true),
                set_config('request.jwt.claims', $2, true), set_config('request.method', 'POST', true),
                set_config('request.path', $3, true), set_config('request.headers', $4, true)`,
        [claims.role, JSON.stringify(claims), `/rpc/${name}`, JSON.stringify(headers)],
      )
      try {
        const sql = fn.returnsSet
          ? `select coalesce(jsonb_agg(_pgrst_t), '[]')::text as body, count(*)::int as n from ${call} _pgrst_t`
          : `select to_jsonb(${call})::text as body, 1 as n`
        const { rows } = await tx.query<{ body: string | null; n: number }>(sql, params)
        const out = rows[0]!
        if (single && fn.returnsSet && out.n !== 1) {
          throw new RestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${out.n} rows`)
        }
        if (single && fn.returnsSet) return JSON.stringify((JSON.parse(out.body ?? '[]') as unknown[])[0])
        return out.body ?? 'null'
      } catch (error) {
        if (error instanceof RestError) throw error
        throw pgError(error as PgError, claims.role)
      }
    })
    return c.body(text, 200, { 'Content-Type': 'application/json; charset=utf-8' })
  })

  app.all('/rpc/:fn', () => {
    throw new RestError(405, 'PGRST117', 'Only POST is supported for functions by the local stack')
  })

  app.on(['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'], '/:table', async (c) => {
    const table = c.req.param('table')
    const method = c.req.method
    checkProfile(c)
    const claims = await claimsOf(c)
    const body = method === 'POST' || method === 'PATCH' ? await readBody(c) : undefined
    const search = new URL(c.req.url).searchParams
    const prefer = parsePrefer(c.req.header('prefer'))
    const single = (c.req.header('accept') ?? '').includes('application/vnd.pgrst.object+json')
    const headers = Object.fromEntries(Object.entries(c.req.header()).map(([k, v]) => [k.toLowerCase(), v]))

    const result = await db.transaction(async (tx) => {
      const rows = await columnsOf(tx, table)
      if (rows.length === 0) {
        throw new RestError(404, 'PGRST205', `Could not find the table 'public.${table}' in the schema cache`)
      }
      const query = new Query(table, new Map(rows.map((r) => [r.name, r])))
      const statement = await buildStatement(tx, query, method, search, body, prefer)
      await tx.query(
        `select set_config('search_path', 'public', true), set_config('role', $1, true),
                set_config('request.jwt.claims', $2, true), set_config('request.method', $3, true),
                set_config('request.path', $4, true), set_config('request.headers', $5, true)`,
        [claims.role, JSON.stringify(claims), method, `/${table}`, JSON.stringify(headers)],
      )
      try {
        const { rows: out } = await tx.query<{ body: string; first: string | null; n: number }>(
          `with pgrst_source as (${statement.sql})
           select coalesce(json_agg(_pgrst_t), '[]')::text as body, (json_agg(_pgrst_t) -> 0)::text as first,
                  count(*)::int as n
           from pgrst_source _pgrst_t`,
          query.params,
        )
        // PostgREST answers 406 when a singular response (Accept: application/vnd.pgrst.object+json)
        // would not be exactly one row, and rolls a write back: the error aborts this transaction.
        if (single && out[0]!.n !== 1) {
          throw new RestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${out[0]!.n} rows`)
        }
        let total: number | null = null
        if (prefer.get('count') === 'exact' && statement.countSql) {
          const { rows: counted } = await tx.query<{ n: number }>(statement.countSql, statement.countParams)
          total = counted[0]?.n ?? 0
        }
        return { ...out[0]!, total, offset: statement.offset }
      } catch (error) {
        if (error instanceof RestError) throw error
        throw pgError(error as PgError, claims.role)
      }
    })

    const range =
      result.n === 0
        ? `*/${result.total ?? '*'}`
        : `${result.offset}-${result.offset + result.n - 1}/${result.total ?? '*'}`
    const responseHeaders: Record<string, string> = {
      'Content-Range': range,
      'Content-Type': single ? 'application/vnd.pgrst.object+json; charset=utf-8' : 'application/json; charset=utf-8',
    }
    const payload = single ? result.first! : result.body
    const representation = prefer.get('return') === 'representation'
    if (method === 'GET') return c.body(payload, 200, responseHeaders)
    if (method === 'HEAD') return c.body(null, 200, responseHeaders)
    if (method === 'POST') return representation ? c.body(payload, 201, responseHeaders) : c.body(null, 201, { 'Content-Range': range })
    return representation ? c.body(payload, 200, responseHeaders) : c.body(null, 204, { 'Content-Range': range })
  })

  return app
}

type Statement = { sql: string; countSql?: string; countParams?: unknown[]; offset: number }

async function buildStatement(
  tx: Transaction,
  query: Query,
  method: string,
  search: URLSearchParams,
  body: unknown,
  prefer: Map<string, string>,
): Promise<Statement> {
  const target = `public.${quoteIdent(query.table)}`
  const columns = query.select(search.get('select') ?? undefined)
  if (method === 'GET' || method === 'HEAD') {
    const where = query.where(search)
    const countParams = [...query.params]
    const order = query.order(search.get('order'))
    const limit = query.integer('limit', search.get('limit'))
    const offset = query.integer('offset', search.get('offset')) ?? 0
    const page = `${limit === null ? '' : ` limit ${query.bind(limit)}`}${offset ? ` offset ${query.bind(offset)}` : ''}`
    return {
      sql: `select ${columns} from ${target}${where}${order}${page}`,
      countSql: `select count(*)::int as n from ${target}${where}`,
      countParams,
      offset,
    }
  }
  if (method === 'DELETE') {
    return { sql: `delete from ${target}${query.where(search)} returning ${columns}`, offset: 0 }
  }
  if (method === 'PATCH') {
    if (!isPlainObject(body)) throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'Expected a JSON object')
    const keys = Object.keys(body)
    for (const key of keys) requireColumn(query, key)
    if (keys.length === 0) return { sql: `select ${columns} from ${target} where false`, offset: 0 }
    const assignments = keys.map((key) => `${quoteIdent(key)} = ${query.bind(toParam(body[key], query.columns.get(key)!))}`)
    return { sql: `update ${target} set ${assignments.join(', ')}${query.where(search)} returning ${columns}`, offset: 0 }
  }
  // POST: insert, or upsert with Prefer: resolution=…
  const rows = Array.isArray(body) ? body : [body]
  if (rows.length === 0 || !rows.every(isPlainObject)) {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'Expected a JSON object or a non-empty array of objects')
  }
  const keys = identifierList(search.get('columns')) ?? [...new Set(rows.flatMap((r) => Object.keys(r)))]
  for (const key of keys) requireColumn(query, key)
  if (keys.length === 0) throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'No columns to insert')
  const values = rows
    .map((row) => `(${keys.map((k) => (k in row ? query.bind(toParam(row[k], query.columns.get(k)!)) : 'default')).join(', ')})`)
    .join(', ')
  let conflict = ''
  const resolution = prefer.get('resolution')
  if (resolution === 'merge-duplicates' || resolution === 'ignore-duplicates') {
    const onConflict = identifierList(search.get('on_conflict')) ?? (await primaryKey(tx, query.table))
    const target = onConflict.map((k) => query.column(k)).join(', ')
    const updates = keys.filter((k) => !onConflict.includes(k)).map((k) => `${quoteIdent(k)} = excluded.${quoteIdent(k)}`)
    conflict =
      resolution === 'ignore-duplicates' || updates.length === 0
        ? ` on conflict (${target}) do nothing`
        : ` on conflict (${target}) do update set ${updates.join(', ')}`
  }
  return {
    sql: `insert into ${target} (${keys.map(quoteIdent).join(', ')}) values ${values}${conflict} returning ${columns}`,
    offset: 0,
  }
}

/** `a,"b"` → ['a', 'b'] (supabase-js quotes the names in `columns`). */
function identifierList(raw: string | null): string[] | undefined {
  return raw?.split(',').map((k) => k.trim().replace(/^"(.*)"$/, '$1'))
}

function requireColumn(query: Query, key: string) {
  if (!query.columns.has(key)) {
    throw new RestError(400, 'PGRST204', `Could not find the '${key}' column of '${query.table}' in the schema cache`)
  }
}

async function primaryKey(tx: Transaction, table: string): Promise<string[]> {
  const { rows } = await tx.query<{ name: string }>(
    `select a.attname as name from pg_index i
     join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
     where i.indrelid = format('public.%I', $1::text)::regclass and i.indisprimary`,
    [table],
  )
  return rows.map((r) => r.name)
}

type PublicFunction = { name: string; args: Map<string, string>; returnsSet: boolean }
type FunctionRow = { argnames: string[] | null; argtypes: string[]; nargs: number; ndefaults: number; retset: boolean }

async function readFunctions(tx: Transaction, name: string): Promise<FunctionRow[]> {
  const { rows } = await tx.query<FunctionRow>(
    `select p.proargnames as argnames, array(select format_type(t, null) from unnest(p.proargtypes) as t) as argtypes,
            p.pronargs as nargs, p.pronargdefaults as ndefaults, p.proretset as retset
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public' and p.proname = $1 and p.prokind = 'f'`,
    [name],
  )
  return rows
}

/** The public function `name` whose named arguments cover the given keys (the others having
 * defaults), as PostgREST chooses an overload; 404 PGRST202 otherwise. */
function findFunction(name: string, rows: FunctionRow[], keys: string[]): PublicFunction {
  for (const row of rows) {
    const names = (row.argnames ?? []).slice(0, row.nargs)
    const required = names.slice(0, row.nargs - row.ndefaults)
    if (keys.every((key) => names.includes(key)) && required.every((arg) => keys.includes(arg))) {
      return { name, args: new Map(names.map((arg, i) => [arg, row.argtypes[i]!])), returnsSet: row.retset }
    }
  }
  throw new RestError(
    404,
    'PGRST202',
    `Could not find the function public.${name}(${keys.join(', ')}) in the schema cache`,
    'Searched for the function with the given named arguments',
  )
}
