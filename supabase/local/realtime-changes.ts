// Which channels hear of a change, and what they are told, as hosted Realtime's `apply_rls`
// decides it: per subscriber role, only the columns that role may SELECT; a binding's filter is
// tested on the new row, and for a delete on the old one (which holds every column only with
// REPLICA IDENTITY FULL); inserts and updates reach a role only if RLS lets it select the new
// row; deletes cannot be checked against RLS, so on a table with RLS their old record keeps only
// the primary key (and only what the role may select); `select` narrows the columns sent.
import type { PGlite } from '@electric-sql/pglite'
import type { Claims } from './jwt.ts'
import { type Condition, passing } from './realtime-filter.ts'
import { ident } from './rest-sql.ts'

export type Change = {
  schema: string
  table: string
  type: 'INSERT' | 'UPDATE' | 'DELETE'
  commit_timestamp: string
  record: Record<string, unknown> | null
  old_record: Record<string, unknown> | null
  errors?: string[]
}

export type TableInfo = {
  columns: { name: string; type: string }[]
  /** Column → type name usable in a cast (`bigint`, `timestamp with time zone`). */
  castTypes: Map<string, string>
  primaryKey: string[]
  rls: boolean
}

export type Binding = {
  id: number
  event: string
  schema: string
  table: string | null
  conditions: Condition[]
  select: string[] | null
}

export type Delivery = { ids: number[]; data: Record<string, unknown> }

export async function readTableInfo(db: PGlite, schema: string, table: string): Promise<TableInfo | null> {
  const { rows } = await db.query<{ name: string; type: string; cast: string; pk: boolean; rls: boolean }>(
    `select a.attname as name, t.typname as type, format_type(a.atttypid, null) as cast,
            coalesce(a.attnum = any (i.indkey), false) as pk, c.relrowsecurity as rls
     from pg_attribute a
     join pg_class c on c.oid = a.attrelid
     join pg_namespace n on n.oid = c.relnamespace
     join pg_type t on t.oid = a.atttypid
     left join pg_index i on i.indrelid = c.oid and i.indisprimary
     where n.nspname = $1 and c.relname = $2 and a.attnum > 0 and not a.attisdropped
     order by a.attnum`,
    [schema, table],
  )
  if (rows.length === 0) return null
  return {
    columns: rows.map((r) => ({ name: r.name, type: r.type })),
    castTypes: new Map(rows.map((r) => [r.name, r.cast])),
    primaryKey: rows.filter((r) => r.pk).map((r) => r.name),
    rls: rows[0]!.rls,
  }
}

/** The columns of the table this role may select (has_column_privilege); none for an unknown role. */
export async function selectableColumns(db: PGlite, role: string, schema: string, table: string): Promise<Set<string>> {
  try {
    const { rows } = await db.query<{ name: string }>(
      `select a.attname as name from pg_attribute a
       where a.attrelid = format('%I.%I', $2::text, $3::text)::regclass and a.attnum > 0 and not a.attisdropped
         and has_column_privilege($1, a.attrelid, a.attnum, 'SELECT')`,
      [role, schema, table],
    )
    return new Set(rows.map((r) => r.name))
  } catch {
    return new Set()
  }
}

/** May this role, with these claims, select the new row now, under RLS? */
async function visible(db: PGlite, change: Change, info: TableInfo, claims: Claims): Promise<boolean> {
  const record = change.record ?? {}
  if (info.primaryKey.length === 0 || !info.primaryKey.every((k) => k in record)) return false
  try {
    return await db.transaction(async (tx) => {
      await tx.query(
        `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('search_path', 'public', true)`,
        [claims.role, JSON.stringify(claims)],
      )
      const where = info.primaryKey.map((k, i) => `${ident(k)}::text = $${i + 1}`).join(' and ')
      const values = info.primaryKey.map((k) => (typeof record[k] === 'object' ? JSON.stringify(record[k]) : String(record[k])))
      const { rows } = await tx.query(`select 1 from ${ident(change.schema)}.${ident(change.table)} where ${where}`, values)
      return rows.length > 0
    })
  } catch {
    return false // e.g. no select privilege for this role
  }
}

const pick = (row: Record<string, unknown> | null, keep: (column: string) => boolean) =>
  row === null ? null : Object.fromEntries(Object.entries(row).filter(([k]) => keep(k)))

/**
 * The messages one channel gets for a change: one per distinct `select` among its bindings that
 * pass, each naming those bindings' ids. `bindings` are the channel's bindings on this table
 * and event.
 */
export async function deliveries(db: PGlite, change: Change, info: TableInfo, claims: Claims, bindings: Binding[]): Promise<Delivery[]> {
  const selectable = await selectableColumns(db, claims.role, change.schema, change.table)
  const base = { schema: change.schema, table: change.table, type: change.type }
  const groups = new Map<string, Binding[]>()
  for (const b of bindings) {
    const key = b.select?.slice().sort().join(',') ?? ''
    groups.set(key, [...(groups.get(key) ?? []), b])
  }

  if (change.type !== 'DELETE') {
    const pk = info.primaryKey
    const error = pk.length === 0 ? 'Error 400: Bad Request, no primary key' : pk.some((k) => !selectable.has(k)) ? 'Error 401: Unauthorized' : null
    if (error) {
      const empty = { ...base, columns: [], commit_timestamp: null, record: {}, ...(change.type === 'UPDATE' ? { old_record: {} } : {}), errors: [error] }
      return [...groups.values()].map((group) => ({ ids: group.map((b) => b.id), data: empty }))
    }
  }

  const onNew = await passing(db, bindings.map((b) => b.conditions), change.record, info.castTypes)
  const onOld = change.type === 'DELETE' ? await passing(db, bindings.map((b) => b.conditions), change.old_record, info.castTypes) : []
  const passed = new Set(bindings.filter((b, i) => b.conditions.length === 0 || onNew[i] || onOld[i]).map((b) => b.id))
  if (passed.size === 0) return []
  if (change.type !== 'DELETE' && info.rls && !(await visible(db, change, info, claims))) return []

  const out: Delivery[] = []
  for (const group of groups.values()) {
    const ids = group.filter((b) => passed.has(b.id)).map((b) => b.id)
    if (ids.length === 0) continue
    const selected = group[0]!.select
    const shown = (c: string) => selectable.has(c) && (selected === null || selected.includes(c) || info.primaryKey.includes(c))
    const columns = info.columns.filter((c) => shown(c.name))
    const data: Record<string, unknown> = {
      ...base,
      commit_timestamp: change.commit_timestamp,
      columns,
      errors: change.errors ?? null,
    }
    if (change.type !== 'DELETE') data.record = pick(change.record, shown) ?? {}
    if (change.type === 'UPDATE') data.old_record = pick(change.old_record, shown) ?? {}
    if (change.type === 'DELETE') data.old_record = pick(change.old_record, (c) => shown(c) && (!info.rls || info.primaryKey.includes(c))) ?? {}
    out.push({ ids, data })
  }
  return out
}
