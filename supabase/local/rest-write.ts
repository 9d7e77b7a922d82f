// Writes and function calls as PostgREST builds them (QueryBuilder's mutatePlanToQuery and
// callPlanToQuery, Statements' mainRead/mainWrite/mainCall): the JSON body is read by
// json_to_recordset into the columns' own types (so a jsonb column takes any JSON value and a
// row-type argument takes an object), upserts count their inserted rows in `pgrst.inserted`, and
// the answer is aggregated to JSON (or CSV) in the same statement.
import type { CLogic, ReadPlan } from './rest-plan.ts'
import type { Column, Param, QI, Routine } from './rest-schema.ts'
import { column, countQuery, fromQi, ident, logic, type Params, readQuery } from './rest-sql.ts'

export type Handler = 'array' | 'single' | 'csv' | 'geojson' | 'none'
export type Body = { handler: Handler; stripNulls: boolean }
type Typed = { name: string; type: string; default?: string | null }

const INSERTED = `nullif(current_setting('pgrst.inserted', true), '')`
const countInserted = (add: boolean) =>
  `set_config('pgrst.inserted', (coalesce(${INSERTED}::int, 0) ${add ? '+' : '-'} 1)::text, true) <> '${add ? '0' : '-1'}'`

/** `FROM (SELECT $1 AS json_data) pgrst_payload, LATERAL (SELECT … FROM json_to_recordset(…)) pgrst_body` */
function fromJsonBody(p: Params, body: string, fields: Typed[], opts: { select: boolean; limitOne: boolean; defaults: boolean }): string {
  const isObject = body.trimStart().startsWith('{')
  const jsonb = opts.defaults
  const placeholder = `${p.bind(body)}::${jsonb ? 'jsonb' : 'json'}`
  const defaults = fields.filter((f) => f.default != null).map((f) => `'${f.name.replace(/'/g, "''")}', ${f.default}`)
  const defsJsonb = `jsonb_build_object(${defaults.join(',')})`
  const source = opts.defaults ? 'pgrst_json_defs.val' : 'pgrst_payload.json_data'
  const prefix = jsonb ? 'jsonb' : 'json'
  let defaultsClause = ''
  if (opts.defaults) {
    defaultsClause = isObject
      ? `LATERAL (SELECT ${defsJsonb} || pgrst_payload.json_data AS val) pgrst_json_defs, `
      : `LATERAL (SELECT jsonb_agg(${defsJsonb} || elem) AS val from jsonb_array_elements(pgrst_payload.json_data) elem) pgrst_json_defs, `
  }
  const typed = fields.map((f) => `${ident(f.name)} ${f.type}`).join(', ')
  const fieldsSource =
    fields.length > 0
      ? `${prefix}_to_record${isObject ? '' : 'set'}(${source}) AS _(${typed}) ${opts.limitOne ? 'LIMIT 1' : ''}`
      : isObject
        ? '(values(1)) _ '
        : `${prefix}_array_elements(${source}) _ `
  const select = opts.select ? `SELECT ${fields.map((f) => `"pgrst_body".${ident(f.name)}`).join(', ')} ` : ''
  return `${select}FROM (SELECT ${placeholder} AS json_data) pgrst_payload, ${defaultsClause}LATERAL (SELECT ${fields.map((f) => ident(f.name)).join(', ')} FROM ${fieldsSource}) pgrst_body `
}

const returning = (qi: QI, cols: string[]) => (cols.length === 0 ? 'RETURNING 1' : `RETURNING ${cols.map((c) => column(qi, c)).join(', ')}`)

export type Insert = {
  table: QI
  columns: Column[]
  body: string
  onConflict?: { merge: boolean; columns: string[] }
  returning: string[]
  defaults: boolean
  /** PUT: the URL's primary-key filters, checked against the body's row. */
  put?: CLogic[]
}

export function insertQuery(p: Params, m: Insert): string {
  const cols = m.columns.map((c) => ident(c.name)).join(', ')
  const merge = m.onConflict?.merge === true
  let sql = `INSERT INTO ${fromQi(m.table)}${m.columns.length ? `(${cols}) ` : ' '}${fromJsonBody(p, m.body, m.columns, { select: true, limitOne: false, defaults: m.defaults })}`
  const put = m.put?.length ? m.put : null
  if (put) sql += `WHERE ${countInserted(true)} AND ${put.map((w) => logic(p, { schema: '', name: 'pgrst_body' }, w)).join(' AND ')}`
  else if (merge) sql += `WHERE ${countInserted(true)}`
  if (m.onConflict && m.onConflict.columns.length > 0) {
    sql += ` ON CONFLICT(${m.onConflict.columns.map(ident).join(', ')}) `
    if (!merge || m.columns.length === 0) sql += 'DO NOTHING'
    else sql += `DO UPDATE SET ${m.columns.map((c) => `${ident(c.name)} = EXCLUDED.${ident(c.name)}`).join(', ')}WHERE ${countInserted(false)}`
  }
  return `${sql} ${returning(m.table, m.returning)}`
}

export function updateQuery(p: Params, table: QI, columns: Column[], body: string, where: CLogic[], cols: string[], defaults: boolean): string {
  if (columns.length === 0) {
    const selected = cols.length === 0 ? 'NULL' : cols.map((c) => column({ schema: '', name: table.name }, c)).join(', ')
    return `SELECT ${selected} FROM ${fromQi(table)} WHERE false`
  }
  const set = columns.map((c) => `${ident(c.name)} = "pgrst_body".${ident(c.name)}`).join(', ')
  const conditions = where.length ? ` WHERE ${where.map((w) => logic(p, table, w)).join(' AND ')}` : ''
  return `UPDATE ${fromQi(table)} SET ${set} ${fromJsonBody(p, body, columns, { select: false, limitOne: false, defaults })}${conditions} ${returning(table, cols)}`
}

export function deleteQuery(p: Params, table: QI, where: CLogic[], cols: string[]): string {
  const conditions = where.length ? ` WHERE ${where.map((w) => logic(p, table, w)).join(' AND ')}` : ''
  return `DELETE FROM ${fromQi(table)} ${conditions} ${returning(table, cols)}`
}

export type Call = {
  routine: Routine
  /** A single unnamed parameter takes the whole body; otherwise the named ones given. */
  params: { kind: 'one'; param: Param } | { kind: 'named'; params: Param[] }
  /** POST: the JSON body; GET: the query-string arguments. */
  args: { kind: 'json'; body: string } | { kind: 'direct'; values: Map<string, string | string[]> }
  returning: string[]
}

export const returnsScalar = (r: Routine) => !r.returns.setOf && !r.returns.composite
export const returnsSetOfScalar = (r: Routine) => r.returns.setOf && !r.returns.composite
export const returnsVoid = (r: Routine) => returnsScalar(r) && r.returns.schema === 'pg_catalog' && r.returns.name === 'void'

export function callQuery(p: Params, c: Call): string {
  const r = c.routine
  const scalar = !r.returns.composite
  const fn = fromQi({ schema: r.schema, name: r.name })
  const callIt = (args: string) => (scalar ? `(SELECT ${fn}(${args}) pgrst_scalar) pgrst_call` : `${fn}(${args}) pgrst_call`)
  let from: string
  if (c.params.kind === 'one') {
    const body = c.args.kind === 'json' ? c.args.body : null
    from = `FROM ${callIt(c.params.param.type === 'bytea' ? p.bind(body) : `${p.bind(body)}::${c.params.param.type}`)}`
  } else if (c.params.params.length === 0) {
    from = `FROM ${callIt('')}`
  } else if (c.args.kind === 'direct') {
    const values = c.args.values
    const args = c.params.params.map((prm) => {
      const v = values.get(prm.name)
      const value = v === undefined ? 'NULL' : Array.isArray(v) ? `${p.bind(v)}::text[]` : p.bind(v)
      return `${prm.variadic ? 'VARIADIC ' : ''}${ident(prm.name)} := ${value}::${prm.typeMaxLength}`
    })
    from = `FROM ${callIt(args.join(', '))}`
  } else {
    const fields = c.params.params.map((prm) => ({ name: prm.name, type: prm.typeMaxLength }))
    const args = c.params.params.map((prm) => `${prm.variadic ? 'VARIADIC ' : ''}${ident(prm.name)} := pgrst_body.${ident(prm.name)}`)
    from = `${fromJsonBody(p, c.args.body, fields, { select: false, limitOne: true, defaults: false })}, LATERAL ${callIt(args.join(', '))}`
  }
  const cols =
    c.returning.length === 0 ? '*' : c.returning[0] === '*' ? 'pgrst_call.*' : c.returning.map((n) => column({ schema: '', name: 'pgrst_call' }, n)).join(', ')
  return `SELECT ${scalar ? 'pgrst_call.pgrst_scalar' : cols} ${from}`
}

function handlerSql(body: Body, routine?: Routine): string {
  const strip = (sql: string) => (body.stripNulls ? `json_strip_nulls(${sql})` : sql)
  const value = routine && returnsScalar(routine) ? '_postgrest_t.pgrst_scalar' : '_postgrest_t'
  switch (body.handler) {
    case 'none':
      return `''::text`
    case 'csv':
      return (
        `(SELECT coalesce(string_agg(a.k, ','), '') FROM (SELECT json_object_keys(r)::text as k FROM ( SELECT row_to_json(hh) as r from pgrst_source as hh limit 1) s) a)` +
        ` || '\n' || coalesce(string_agg(substring(_postgrest_t::text, 2, length(_postgrest_t::text) - 2), '\n'), '')`
      )
    case 'single':
      return `coalesce(${strip(`json_agg(${value})->0`)}, 'null')::text`
    case 'geojson':
      return `json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(ST_AsGeoJSON(_postgrest_t)::json), '[]'))::text`
    default:
      if (routine && !routine.returns.setOf) return `coalesce(${strip(`json_agg(${value})->0`)}, 'null')::text`
      if (routine && returnsSetOfScalar(routine)) return `coalesce(${strip('json_agg(_postgrest_t.pgrst_scalar)')}, '[]')::text`
      return `coalesce(${strip('json_agg(_postgrest_t)')}, '[]')::text`
  }
}

const RESPONSE_GUCS = `nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status`

export function mainRead(p: Params, plan: ReadPlan, count: boolean, body: Body): string {
  const select = readQuery(p, plan)
  const counted = count ? `, pgrst_source_count AS (${countQuery(p, plan)})` : ''
  return (
    `WITH pgrst_source AS ( ${select} ) ${counted} SELECT ${count ? '(SELECT pg_catalog.count(*) FROM pgrst_source_count)' : 'null::bigint'} AS total_result_set, ` +
    `pg_catalog.count(_postgrest_t) AS page_total, ${handlerSql(body)} AS body, ${RESPONSE_GUCS}, '' AS response_inserted FROM ( SELECT * FROM pgrst_source ) _postgrest_t`
  )
}

/** The Location of one inserted row (`return=headers-only`): its primary key as filters. */
function location(pk: string[] | null): string {
  const none = 'array[]::text[]'
  if (!pk) return none
  const keys = pk.map((k) => `'${k.replace(/'/g, "''")}'`).join(',')
  const row =
    `(WITH data AS (SELECT row_to_json(_) AS row FROM pgrst_source AS _ LIMIT 1) SELECT array_agg(json_data.key || '=' || coalesce('eq.' || json_data.value, 'is.null')) ` +
    `FROM data CROSS JOIN json_each_text(data.row) AS json_data WHERE json_data.key IN (${keys || "''"}))`
  return `CASE WHEN pg_catalog.count(_postgrest_t) = 1 THEN coalesce(${row}, ${none}) ELSE ${none} END`
}

export function mainWrite(p: Params, plan: ReadPlan, mutation: string, body: Body, upsert: boolean, locationPk: string[] | null): string {
  const select = body.handler === 'none' ? 'SELECT * FROM pgrst_source' : readQuery(p, plan)
  return (
    `WITH pgrst_source AS (${mutation}) SELECT '' AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, ${location(locationPk)} AS header, ${handlerSql(body)} AS body, ` +
    `${RESPONSE_GUCS}, ${upsert ? `${INSERTED}::int` : `''`} AS response_inserted FROM (${select}) _postgrest_t`
  )
}

export function mainCall(p: Params, routine: Routine, call: string, plan: ReadPlan, count: boolean, body: Body): string {
  const select = readQuery(p, plan)
  const counted = count ? `, pgrst_source_count AS (${countQuery(p, plan)})` : ''
  const total = count ? '(SELECT pg_catalog.count(*) FROM pgrst_source_count)' : 'null::bigint'
  return (
    `WITH pgrst_source AS (${call}) ${counted}SELECT ${total} AS total_result_set, ${routine.returns.setOf ? 'pg_catalog.count(_postgrest_t)' : '1'} AS page_total, ` +
    `${handlerSql(body, routine)} AS body, ${RESPONSE_GUCS}, '' AS response_inserted FROM (${select}) _postgrest_t`
  )
}
