// PostgREST's schema cache, read from the catalog as its SchemaCache module reads it: the exposed
// schemas' tables and views with their columns and keys, the relationships between them (many-to-
// one and one-to-one from foreign keys, their inverses, many-to-many through junction tables, the
// same through views, and functions of a row type as computed relationships), and the functions.
import type { PGlite, Transaction } from '@electric-sql/pglite'
import { viewColumnSources } from './rest-views.ts'

export type QI = { schema: string; name: string }
export type Column = { name: string; type: string; nominalType: string; default: string | null; nullable: boolean }
export type Table = QI & { isView: boolean; insertable: boolean; updatable: boolean; deletable: boolean; pk: string[]; columns: Column[] }
type Pairs = [string, string][]
export type Junction = { table: QI; constraint1: string; constraint2: string; source: Pairs; target: Pairs }
export type Cardinality =
  | { kind: 'o2m' | 'm2o'; constraint: string; columns: Pairs }
  | { kind: 'o2o'; constraint: string; columns: Pairs; isParent: boolean }
  | { kind: 'm2m'; junction: Junction }
export type Relationship =
  | { kind: 'fk'; table: QI; foreignTable: QI; isSelf: boolean; cardinality: Cardinality; tableIsView: boolean; foreignIsView: boolean }
  | { kind: 'computed'; function: QI; table: QI; foreignTable: QI; toOne: boolean; isSelf: boolean }
export type Param = { name: string; type: string; typeMaxLength: string; required: boolean; variadic: boolean }
export type Routine = {
  schema: string
  name: string
  description: string | null
  params: Param[]
  returns: { setOf: boolean; composite: boolean; schema: string; name: string }
  volatility: 'i' | 's' | 'v'
  /** Its `set default_transaction_isolation`, and the settings PostgREST hoists to the transaction. */
  isolation?: string | null
  hoisted?: [string, string][]
}
export type SchemaCache = {
  schemas: string[]
  tables: Map<string, Table>
  /** By `schema.table` of the origin. */
  relationships: Map<string, Relationship[]>
  /** Read when a function is first called (loadRoutines). */
  routines: Map<string, Routine[]> | null
}

export const qiKey = (qi: QI) => `${qi.schema}.${qi.name}`
export const isToOne = (r: Relationship) =>
  r.kind === 'computed' ? r.toOne : r.cardinality.kind === 'm2o' || r.cardinality.kind === 'o2o'

const TABLES_SQL = `
  select c.oid::int as oid, n.nspname as schema, c.relname as name, c.relkind in ('v', 'm') as "isView",
    (c.relkind in ('r', 'p') or (c.relkind in ('v', 'f') and n.nspname = any ($1) and (pg_relation_is_updatable(c.oid::regclass, true) & 8) = 8)) as insertable,
    (c.relkind in ('r', 'p') or (c.relkind in ('v', 'f') and n.nspname = any ($1) and (pg_relation_is_updatable(c.oid::regclass, true) & 4) = 4)) as updatable,
    (c.relkind in ('r', 'p') or (c.relkind in ('v', 'f') and n.nspname = any ($1) and (pg_relation_is_updatable(c.oid::regclass, true) & 16) = 16)) as deletable,
    coalesce((select array_agg(a.attname::text order by a.attname) from pg_constraint k
      join pg_attribute a on a.attrelid = c.oid and a.attnum = any (k.conkey)
      where k.conrelid = c.oid and k.contype = 'p' and c.relkind in ('r', 'p')), '{}') as pk,
    (select json_agg(json_build_object('num', a.attnum, 'name', a.attname,
        'type', case when t.typtype = 'd' and bt.typnamespace = 'pg_catalog'::regnamespace then format_type(t.typbasetype, null)
                     when t.typtype <> 'd' and t.typnamespace = 'pg_catalog'::regnamespace then format_type(a.atttypid, null)
                     else format_type(a.atttypid, a.atttypmod) end,
        'nominalType', format_type(a.atttypid, a.atttypmod),
        'default', case when t.typbasetype <> 0 and ad.adbin is null then pg_get_expr(t.typdefaultbin, 0)
                        when a.attidentity = 'd' then format('nextval(%L)', seq.objid::regclass)
                        when a.attgenerated = 's' then null
                        else pg_get_expr(ad.adbin, ad.adrelid) end,
        'nullable', not (a.attnotnull or (t.typtype = 'd' and t.typnotnull))) order by a.attnum)
      from pg_attribute a join pg_type t on t.oid = a.atttypid left join pg_type bt on bt.oid = t.typbasetype
      left join pg_attrdef ad on ad.adrelid = a.attrelid and ad.adnum = a.attnum
      left join pg_depend seq on seq.refobjid = a.attrelid and seq.refobjsubid = a.attnum and seq.deptype = 'i'
        and seq.classid = 'pg_class'::regclass
      where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('v', 'r', 'm', 'f', 'p') and not c.relispartition
    and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname !~ '^pg_toast'
  order by n.nspname, c.relname`

const KEYS_SQL = `
  select k.conname as name, k.contype as type, k.conrelid::int as rel, k.confrelid::int as frel,
    k.conkey::int[] as cols, coalesce(k.confkey::int[], '{}') as fcols, k.conparentid = 0 as top
  from pg_constraint k where k.contype in ('p', 'u', 'f') and k.connamespace <> 'pg_catalog'::regnamespace
  order by k.conrelid, k.conname`

const VIEWS_SQL = `
  select c.oid::int as oid, r.ev_action::text as definition from pg_class c join pg_rewrite r on r.ev_class = c.oid
  join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('v', 'm') and r.rulename = '_RETURN' and n.nspname = any ($1)`

const COMPUTED_SQL = `
  select pn.nspname as schema, p.proname as name, an.nspname as table_schema, coalesce(ac.relname, at.typname) as table_name,
    rn.nspname as ftable_schema, coalesce(rc.relname, rt.typname) as ftable_name, not p.proretset or p.prorows = 1 as single
  from pg_proc p join pg_namespace pn on pn.oid = p.pronamespace
    join pg_type at on at.oid = p.proargtypes[0] join pg_namespace an on an.oid = at.typnamespace
    join pg_class ac on ac.oid = at.typrelid and ac.relkind in ('v', 'r', 'm', 'f', 'p')
    join pg_type rt on rt.oid = p.prorettype join pg_namespace rn on rn.oid = rt.typnamespace
    join pg_class rc on rc.oid = rt.typrelid and rc.relkind in ('v', 'r', 'm', 'f', 'p')
  where p.pronargs = 1`

const ROUTINES_SQL = `
  with args as (
    select oid, json_agg(json_build_object('name', coalesce(name, ''), 'type', type::regtype::text,
        'typeMaxLength', case type when 'bit'::regtype then 'bit varying' when 'bit[]'::regtype then 'bit varying[]'
          when 'character'::regtype then 'character varying' when 'character[]'::regtype then 'character varying[]'
          else type::regtype::text end,
        'required', idx <= (pronargs - pronargdefaults), 'variadic', coalesce(mode = 'v', false)) order by idx) as params,
      case count(*) - count(name) when 0 then true
        when 1 then (array_agg(type))[1] in ('bytea'::regtype, 'json'::regtype, 'jsonb'::regtype, 'text'::regtype, 'xml'::regtype)
        else false end as callable
    from pg_proc, unnest(proargnames, proargtypes, proargmodes) with ordinality as _ (name, type, mode, idx)
    where type is not null and pronamespace in (select oid from pg_namespace where nspname = any ($1)) group by oid)
  select pn.nspname as schema, p.proname as name, d.description, coalesce(a.params, '[]') as params,
    tn.nspname as ret_schema, coalesce(comp.relname, t.typname) as ret_name, p.proretset as set_of,
    (t.typtype = 'c' or coalesce(p.proargmodes::text[] && '{t,b,o}', false)) as composite, p.provolatile as volatility,
    (select lower(split_part(split_part(c, '=', 2), ',', 1)) from unnest(p.proconfig) c where c like 'default_transaction_isolation=%') as isolation,
    (select coalesce(json_agg(json_build_array(split_part(c, '=', 1), substr(c, strpos(c, '=') + 1))), '[]') from unnest(p.proconfig) c
      where split_part(c, '=', 1) = any ($2)) as hoisted
  from pg_proc p left join args a on a.oid = p.oid join pg_namespace pn on pn.oid = p.pronamespace
    join pg_type t0 on t0.oid = p.prorettype
    join pg_type t on t.oid = case when t0.typtype = 'd' then t0.typbasetype else t0.oid end
    join pg_namespace tn on tn.oid = t.typnamespace left join pg_class comp on comp.oid = t.typrelid
    left join pg_description d on d.objoid = p.oid and d.classoid = 'pg_proc'::regclass
  where t.oid <> 'trigger'::regtype and coalesce(a.callable, true) and p.prokind = 'f' and pn.nspname = any ($1)`

type TableRow = Omit<Table, 'columns'> & { oid: number; columns: (Column & { num: number })[] | null }
type KeyRow = { name: string; type: string; rel: number; frel: number; cols: number[]; fcols: number[]; top: boolean }

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
const CARDINALITY_ORDER = { o2m: 0, m2o: 1, o2o: 2, m2m: 3 }

/** PostgREST's order of relationships (Haskell's derived Ord), which orders PGRST201's details. */
function compareRelationships(a: Relationship, b: Relationship): number {
  if (a.kind !== b.kind) return a.kind === 'fk' ? -1 : 1
  const byQi = (x: QI, y: QI) => cmp(x.schema, y.schema) || cmp(x.name, y.name)
  if (a.kind === 'computed' || b.kind === 'computed') return byQi(a.table, b.table) || byQi(a.foreignTable, b.foreignTable)
  const ca = a.cardinality
  const cb = b.cardinality
  const constraint = (c: Cardinality) => (c.kind === 'm2m' ? c.junction.table.name : c.constraint)
  return (
    byQi(a.table, b.table) ||
    byQi(a.foreignTable, b.foreignTable) ||
    Number(a.isSelf) - Number(b.isSelf) ||
    CARDINALITY_ORDER[ca.kind] - CARDINALITY_ORDER[cb.kind] ||
    cmp(constraint(ca), constraint(cb))
  )
}

/** The schema cache of the exposed `schemas`; views of `extraSchemas` (the extra search path) too. */
export async function loadSchemaCache(db: PGlite, schemas: string[], extraSchemas: string[] = []): Promise<SchemaCache> {
  return db.transaction(async (tx) => {
    await tx.exec(`set local search_path to ''`)
    return readCatalog(tx, schemas, extraSchemas)
  })
}

async function readCatalog(tx: Transaction, schemas: string[], extraSchemas: string[]): Promise<SchemaCache> {
  const tableRows = (await tx.query<TableRow>(TABLES_SQL, [schemas])).rows
  const keys = (await tx.query<KeyRow>(KEYS_SQL)).rows
  const views = (await tx.query<{ oid: number; definition: string }>(VIEWS_SQL, [[...schemas, ...extraSchemas]])).rows
  const computed = (await tx.query<Record<string, string> & { single: boolean }>(COMPUTED_SQL)).rows

  const byOid = new Map(tableRows.map((t) => [t.oid, t]))
  const colName = (rel: number, num: number) => byOid.get(rel)?.columns?.find((c) => c.num === num)?.name
  const qiOf = (oid: number): QI => ({ schema: byOid.get(oid)!.schema, name: byOid.get(oid)!.name })

  // A view's column → the base table's (oid, attnum) it shows, through views of views.
  const sources = new Map<number, { column: string; table: number; tableColumn: number }[]>()
  for (const v of views) sources.set(v.oid, viewColumnSources(v.definition))
  const resolve = (table: number, column: number, depth = 0): [number, number] => {
    const view = sources.get(table)
    if (!view || depth > 10) return [table, column]
    const name = colName(table, column)
    const entry = view.find((s) => s.column === name)
    return entry ? resolve(entry.table, entry.tableColumn, depth + 1) : [table, column]
  }
  /** For each view, the view columns showing base column (table, attnum). */
  const viewColumns = (view: number, table: number, attnum: number) =>
    (sources.get(view) ?? []).filter((s) => {
      const [t, c] = resolve(s.table, s.tableColumn)
      return t === table && c === attnum
    })

  const tables = new Map<string, Table>()
  for (const row of tableRows) {
    let pk = row.pk
    if (row.isView) {
      const primary = keys.find((k) => k.type === 'p' && (sources.get(row.oid) ?? []).some((s) => resolve(s.table, s.tableColumn)[0] === k.rel))
      const mapped = primary?.cols.map((c) => viewColumns(row.oid, primary.rel, c)[0]?.column)
      pk = mapped?.every(Boolean) ? (mapped as string[]) : []
    }
    const columns = (row.columns ?? []).map(({ num: _num, ...c }) => c)
    tables.set(qiKey(row), { schema: row.schema, name: row.name, isView: row.isView, insertable: row.insertable, updatable: row.updatable, deletable: row.deletable, pk, columns })
  }

  const rels: Relationship[] = []
  const uniques = keys.filter((k) => k.type === 'p' || k.type === 'u')
  for (const k of keys.filter((key) => key.type === 'f' && key.top && byOid.has(key.rel) && byOid.has(key.frel))) {
    const columns: Pairs = k.cols.map((c, i) => [colName(k.rel, c)!, colName(k.frel, k.fcols[i]!)!])
    const sorted = [...k.cols].sort((a, b) => a - b).join(',')
    const oneToOne = uniques.some((u) => u.rel === k.rel && [...u.cols].sort((a, b) => a - b).join(',') === sorted)
    const base = { table: qiOf(k.rel), foreignTable: qiOf(k.frel), isSelf: k.rel === k.frel, tableIsView: false, foreignIsView: false }
    const card = (cols: Pairs): Cardinality =>
      oneToOne ? { kind: 'o2o', constraint: k.name, columns: cols, isParent: false } : { kind: 'm2o', constraint: k.name, columns: cols }
    rels.push({ kind: 'fk', ...base, cardinality: card(columns) })
    // The same key seen through views of either side (and of both).
    const fromViews = views.flatMap((v) => {
      const cols = k.cols.map((c) => viewColumns(v.oid, k.rel, c)[0]?.column)
      return cols.every(Boolean) ? [{ oid: v.oid, cols: cols as string[] }] : []
    })
    const toViews = views.flatMap((v) => {
      const cols = k.fcols.map((c) => viewColumns(v.oid, k.frel, c)[0]?.column)
      return cols.every(Boolean) ? [{ oid: v.oid, cols: cols as string[] }] : []
    })
    for (const v of fromViews) {
      rels.push({ kind: 'fk', ...base, table: qiOf(v.oid), isSelf: false, tableIsView: true, cardinality: card(v.cols.map((c, i) => [c, columns[i]![1]])) })
    }
    for (const v of toViews) {
      rels.push({ kind: 'fk', ...base, foreignTable: qiOf(v.oid), isSelf: false, foreignIsView: true, cardinality: card(columns.map(([c], i) => [c, v.cols[i]!])) })
    }
    for (const a of fromViews) {
      for (const b of toViews) {
        const cols: Pairs = a.cols.map((c, i) => [c, b.cols[i]!])
        rels.push({ kind: 'fk', table: qiOf(a.oid), foreignTable: qiOf(b.oid), isSelf: a.oid === b.oid, tableIsView: true, foreignIsView: true, cardinality: card(cols) })
      }
    }
  }
  // Many-to-many: a table whose primary key holds two foreign keys joins their targets.
  const m2o = rels.filter((r): r is Relationship & { kind: 'fk' } => r.kind === 'fk' && r.cardinality.kind === 'm2o')
  for (const a of [...m2o]) {
    for (const b of m2o) {
      const ca = a.cardinality as { constraint: string; columns: Pairs }
      const cb = b.cardinality as { constraint: string; columns: Pairs }
      if (qiKey(a.table) !== qiKey(b.table) || ca.constraint === cb.constraint) continue
      const pk = new Set(tables.get(qiKey(a.table))?.pk ?? [])
      if (![...ca.columns, ...cb.columns].every(([c]) => pk.has(c))) continue
      const swap = (p: Pairs): Pairs => p.map(([x, y]) => [y, x])
      const junction = { table: a.table, constraint1: ca.constraint, constraint2: cb.constraint, source: swap(ca.columns), target: swap(cb.columns) }
      rels.push({ kind: 'fk', table: a.foreignTable, foreignTable: b.foreignTable, isSelf: qiKey(a.foreignTable) === qiKey(b.foreignTable), cardinality: { kind: 'm2m', junction }, tableIsView: a.foreignIsView, foreignIsView: b.foreignIsView })
    }
  }
  // The inverse of every many-to-one and one-to-one.
  for (const r of [...rels]) {
    if (r.kind !== 'fk' || r.cardinality.kind === 'm2m' || r.cardinality.kind === 'o2m') continue
    const c = r.cardinality
    const columns = c.columns.map(([x, y]) => [y, x] as [string, string])
    const cardinality: Cardinality =
      c.kind === 'o2o' ? { kind: 'o2o', constraint: c.constraint, columns, isParent: !c.isParent } : { kind: 'o2m', constraint: c.constraint, columns }
    rels.push({ kind: 'fk', table: r.foreignTable, foreignTable: r.table, isSelf: r.isSelf, cardinality, tableIsView: r.foreignIsView, foreignIsView: r.tableIsView })
  }
  // Computed relationships replace the detected ones of the same (table, name).
  const computedRels: Relationship[] = computed.map((c) => ({
    kind: 'computed',
    function: { schema: c.schema!, name: c.name! },
    table: { schema: c.table_schema!, name: c.table_name! },
    foreignTable: { schema: c.ftable_schema!, name: c.ftable_name! },
    toOne: c.single,
    isSelf: c.table_schema === c.ftable_schema && c.table_name === c.ftable_name,
  }))
  const overridden = new Set(computedRels.map((c) => `${qiKey(c.table)}|${qiKey((c as { function: QI }).function)}`))
  const relationships = new Map<string, Relationship[]>()
  for (const r of [...rels.filter((x) => !overridden.has(`${qiKey(x.table)}|${qiKey(x.foreignTable)}`)), ...computedRels]) {
    const exposed = schemas.includes(r.table.schema) && schemas.includes(r.foreignTable.schema)
    const junction = r.kind === 'fk' && r.cardinality.kind === 'm2m' ? r.cardinality.junction.table.schema : r.table.schema
    if (!exposed || !schemas.includes(junction)) continue
    const list = relationships.get(qiKey(r.table)) ?? []
    list.push(r)
    relationships.set(qiKey(r.table), list)
  }
  for (const list of relationships.values()) list.sort(compareRelationships)

  for (const key of [...tables.keys()]) if (!schemas.includes(tables.get(key)!.schema)) tables.delete(key)
  return { schemas, tables, relationships, routines: null }
}

/** The exposed schemas' functions, overloads with fewer parameters first. */
export async function loadRoutines(db: PGlite, schemas: string[], hoisted: string[]): Promise<Map<string, Routine[]>> {
  const routineRows = await db.transaction(async (tx) => {
    await tx.exec(`set local search_path to ''`)
    return (await tx.query<Record<string, unknown>>(ROUTINES_SQL, [schemas, hoisted])).rows
  })
  const routines = new Map<string, Routine[]>()
  for (const row of routineRows) {
    const routine: Routine = {
      schema: row.schema as string,
      name: row.name as string,
      description: (row.description as string | null) ?? null,
      params: row.params as Param[],
      returns: { setOf: row.set_of as boolean, composite: row.composite as boolean, schema: row.ret_schema as string, name: row.ret_name as string },
      volatility: row.volatility as Routine['volatility'],
      isolation: (row.isolation as string | null) ?? null,
      hoisted: row.hoisted as [string, string][],
    }
    const key = qiKey(routine)
    routines.set(key, [...(routines.get(key) ?? []), routine])
  }
  for (const list of routines.values()) list.sort(compareRoutines)

  return routines
}

/** Overloads with fewer parameters first, then by their parameters (PostgREST's Ord Routine). */
function compareRoutines(a: Routine, b: Routine): number {
  if (a.params.length !== b.params.length) return a.params.length - b.params.length
  const da = a.description ?? ''
  const db = b.description ?? ''
  if (da !== db) return a.description === null ? -1 : b.description === null ? 1 : cmp(da, db)
  for (let i = 0; i < a.params.length; i++) {
    const pa = a.params[i]!
    const pb = b.params[i]!
    const c = cmp(pa.name, pb.name) || cmp(pa.type, pb.type)
    if (c) return c
  }
  return 0
}
