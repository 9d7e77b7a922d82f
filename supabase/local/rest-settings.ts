// PostgREST's settings as hosted Supabase runs it: config.toml's [api] section, PostgREST's
// in-database settings on the `authenticator` role, and the settings of the roles it switches to
// (`alter role authenticated set statement_timeout = …`), which PostgREST applies in each
// request's transaction since `set role` alone does not.
import type { PGlite } from '@electric-sql/pglite'
import { configuredApi } from './config.ts'
import { API_ROLES } from './jwt.ts'
import type { Settings } from './rest-build.ts'

const DB_SETTINGS = ['db_aggregates_enabled', 'db_plan_enabled', 'db_tx_end', 'db_max_rows', 'db_schemas', 'db_extra_search_path', 'db_hoisted_tx_settings']

/** config.toml's [api] settings, then PostgREST's own settings stored on the `authenticator` role. */
export async function readSettings(db: PGlite): Promise<Settings> {
  const api = configuredApi()
  const settings: Settings = {
    schemas: api.schemas ?? ['public'],
    extraSearchPath: api.extraSearchPath ?? ['public', 'extensions'],
    maxRows: api.maxRows ?? null,
    aggregates: false,
    plan: false,
    txEnd: 'commit',
    hoisted: ['statement_timeout', 'plan_filter.statement_cost_limit', 'default_transaction_isolation'],
  }
  const { rows } = await db.query<{ k: string; v: string }>(
    `select distinct on (k) k, v from (
       select substr(s, 1, strpos(s, '=') - 1) as k, substr(s, strpos(s, '=') + 1) as v, d.setdatabase
       from pg_db_role_setting d cross join unnest(d.setconfig) as s
       where d.setrole = (select oid from pg_roles where rolname = 'authenticator')
         and d.setdatabase in (0, (select oid from pg_database where datname = current_database()))) x
     where k = any ($1) order by k, setdatabase desc`,
    [DB_SETTINGS.map((s) => `pgrst.${s}`)],
  )
  for (const { k, v } of rows) {
    const list = () => v.split(',').map((s) => s.trim()).filter(Boolean)
    if (k === 'pgrst.db_aggregates_enabled') settings.aggregates = v === 'true'
    else if (k === 'pgrst.db_plan_enabled') settings.plan = v === 'true'
    else if (k === 'pgrst.db_tx_end') settings.txEnd = v
    else if (k === 'pgrst.db_max_rows' && /^\d+$/.test(v)) settings.maxRows = Number(v)
    else if (k === 'pgrst.db_schemas') settings.schemas = list()
    else if (k === 'pgrst.db_extra_search_path') settings.extraSearchPath = list()
    else if (k === 'pgrst.db_hoisted_tx_settings') settings.hoisted = list()
  }
  return settings
}

/** Per API role: its settings a request applies (`set_config`), and its transaction isolation. */
export type RoleSettings = Map<string, { settings: [string, string][]; isolation: string | null }>

/** As PostgREST's `queryRoleSettings`: the roles' own settings (`rolconfig`) that its login role
 * may set (user-level ones, or those granted with `grant set on parameter`), and
 * `default_transaction_isolation` as the transaction's isolation level. On hosted Supabase the
 * roles it switches to are the API roles. */
export async function readRoleSettings(db: PGlite): Promise<RoleSettings> {
  const { rows } = await db.query<{ rolname: string; key: string; value: string }>(
    `with kv as (
       select r.rolname, substr(s, 1, strpos(s, '=') - 1) as key, substr(s, strpos(s, '=') + 1) as value
       from pg_roles r cross join unnest(r.rolconfig) as s where r.rolname = any ($1))
     select kv.rolname, kv.key, kv.value from kv join pg_settings ps on ps.name = kv.key
     where ps.context = 'user' or has_parameter_privilege('authenticator', ps.name, 'set')
     order by kv.rolname, kv.key`,
    [[...API_ROLES]],
  )
  const roles: RoleSettings = new Map()
  for (const { rolname, key, value } of rows) {
    const role = roles.get(rolname) ?? { settings: [], isolation: null }
    roles.set(rolname, role)
    if (key === 'default_transaction_isolation') role.isolation = value.toLowerCase()
    else role.settings.push([key, value])
  }
  return roles
}
