// PostgREST under /rest/v1, built the way PostgREST is (rest-grammar → rest-plan/rest-shape →
// rest-sql/rest-write): reads with embedded resources, filters, logic trees, order and ranges;
// inserts, upserts, updates and deletes; functions over GET and POST. Every request runs in one
// transaction as the bearer token's role with its claims set, so grants and RLS policies decide.
// Settings as hosted (rest-settings.ts): config.toml's [api], PostgREST's in-database settings,
// and the settings of the request's role.
import type { Transaction } from '@electric-sql/pglite'
import { type Context, Hono } from 'hono'
import type { StackContext } from './context.ts'
import { BodyError, readText, requireApiKey } from './http.ts'
import { bearer, type Claims, verify } from './jwt.ts'
import { type Built, buildCall, buildRead, buildWrite, type Payload, type Settings } from './rest-build.ts'
import { fromPgError, type PgError, RestError } from './rest-errors.ts'
import { parsePayload } from './rest-payload.ts'
import { acceptedTypes, type Action, actionOf, applyRangeHeader, type MediaType, type Preferences, parsePreferences, parseQuery } from './rest-request.ts'
import { answer, negotiate, type Outcome } from './rest-response.ts'
import { loadRoutines, loadSchemaCache, type SchemaCache } from './rest-schema.ts'
import { type RoleSettings, readRoleSettings, readSettings } from './rest-settings.ts'
import { countQuery, Params } from './rest-sql.ts'


type Row = { total_result_set: string | number | null; page_total: number; header?: string[]; body: string | null; response_headers: string | null; response_status: string | null; response_inserted: number | string | null }

/** Ends the request's transaction without committing (`Prefer: tx=rollback`), keeping its answer. */
class Rollback extends Error {
  constructor(readonly outcome: Outcome) {
    super('rollback')
  }
}

export function restRoutes(ctx: StackContext): Hono {
  const { db, keys } = ctx
  const app = new Hono()

  app.onError((error, c) => {
    if (error instanceof RestError) {
      if (error.code === 'PGRST301' || error.code === 'PGRST303') {
        c.header('WWW-Authenticate', `Bearer error="invalid_token", error_description="${error.message}"`)
      }
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value)
      return c.json(error.body, error.status as 400)
    }
    console.error('[local stack] rest error', error)
    return c.json({ code: 'XX000', details: null, hint: null, message: 'Internal error in the local stack' }, 500)
  })

  app.use('*', requireApiKey(keys.jwtSecret))

  // PostgREST's schema cache and settings: read once, and again after `notify pgrst` (as
  // PostgREST reloads on 'reload schema' and 'reload config'); the migrations run before.
  let loaded: Promise<{ settings: Settings; roles: RoleSettings; cache: SchemaCache }> | undefined
  void db.listen('pgrst', () => {
    loaded = undefined
  })
  function schemaCache() {
    loaded ??= (async () => {
      const settings = await readSettings(db)
      return { settings, roles: await readRoleSettings(db), cache: await loadSchemaCache(db, settings.schemas, settings.extraSearchPath) }
    })()
    loaded.catch(() => {
      loaded = undefined
    })
    return loaded
  }

  /** The role and claims of the request: the bearer token, else the apikey. */
  async function claimsOf(c: Context): Promise<Claims> {
    const token = bearer(c.req.header('authorization')) ?? c.req.header('apikey') ?? ''
    const result = await verify(token, keys.jwtSecret)
    if (result.ok) return result.claims
    if (result.expired) throw new RestError(401, 'PGRST303', 'JWT expired')
    throw new RestError(401, 'PGRST301', 'No suitable key or wrong key type', result.message)
  }

  function schemaOf(c: Context, settings: Settings): { schema: string; negotiated: boolean } {
    const method = c.req.method
    const profile = ['GET', 'HEAD'].includes(method) ? c.req.header('accept-profile') : c.req.header('content-profile')
    if (profile === undefined) return { schema: settings.schemas[0]!, negotiated: settings.schemas.length !== 1 }
    if (!settings.schemas.includes(profile)) {
      throw new RestError(406, 'PGRST106', `Invalid schema: ${profile}`, null, `Only the following schemas are exposed: ${settings.schemas.join(', ')}`)
    }
    return { schema: profile, negotiated: true }
  }

  app.get('/', (c) => c.json({ swagger: '2.0', info: { title: 'Local stand-in for PostgREST' }, paths: {} }))

  app.all('/*', async (c) => {
    const url = new URL(c.req.url)
    const segments = c.req.path.replace(/^.*?\/rest\/v1/, '').split('/').filter(Boolean).map(decodeURIComponent)
    const method = c.req.method
    const action = actionOf(segments, method)
    const { settings, roles, cache } = await schemaCache()
    if (action.kind === 'call') cache.routines ??= await loadRoutines(db, settings.schemas, settings.hoisted)
    const { schema, negotiated } = schemaOf(c, settings)
    const claims = await claimsOf(c)
    const prefs = parsePreferences(c.req.header('prefer'), settings.txEnd.endsWith('-allow-override'))
    const query = parseQuery(url.searchParams, action.kind === 'call' && action.read)
    applyRangeHeader(query, method, c.req.header('range'))
    const payload = await readPayload(c, action, query)
    const media = negotiate(action, acceptedTypes(c.req.header('accept')), prefs, settings)
    if (prefs.invalid.length > 0 && prefs.handling === 'strict') {
      throw new RestError(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${prefs.invalid.join(', ')}`)
    }
    const body = media.body
    let built: Built
    if (action.kind === 'read') built = buildRead(cache, settings, schema, action, query, prefs, body)
    else if (action.kind === 'mutate') built = buildWrite(cache, settings, schema, action, query, prefs, body, payload)
    else built = buildCall(cache, settings, schema, action, query, prefs, body, payload)

    const readOnly = action.kind === 'read' || (action.kind === 'call' && (action.read || built.routine!.volatility !== 'v'))
    // As PostgREST: the cookies go to request.cookies, every other header to request.headers.
    const headers = Object.fromEntries(Object.entries(c.req.header()).map(([k, v]) => [k.toLowerCase(), v]).filter(([k]) => k !== 'cookie'))
    const cookies = Object.fromEntries(
      (c.req.header('cookie') ?? '').split(';').map((part) => part.trimStart()).filter(Boolean).map((part) => {
        const eq = part.indexOf('=')
        return eq < 0 ? [part, ''] : [part.slice(0, eq), part.slice(eq + 1)]
      }),
    )
    const path = action.kind === 'call' ? `/rpc/${action.name}` : `/${action.name}`
    const searchPath = [schema, ...settings.extraSearchPath].map((s) => `"${s.replace(/"/g, '""')}"`).join(', ')
    const rollback = prefs.tx === 'rollback' || (settings.txEnd.startsWith('rollback') && prefs.tx !== 'commit')

    let outcome: Outcome
    try {
      outcome = await db.transaction(async (tx) => {
        // The role's settings and isolation level; a called function's own isolation level and
        // hoisted settings (PostgREST's db-hoisted-tx-settings, by default) come after and win.
        const role = roles.get(claims.role)
        const level = built.routine?.isolation ?? role?.isolation
        const isolation = level && ['serializable', 'repeatable read'].includes(level) ? `isolation level ${level}` : null
        const modes = [isolation, readOnly ? 'read only' : null].filter(Boolean)
        if (modes.length > 0) await tx.exec(`set transaction ${modes.join(', ')}`)
        const own = [...(role?.settings ?? []), ...(built.routine?.hoisted ?? [])]
        if (own.length > 0) await tx.query(`select ${own.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(', ')}`, own.flat())
        // Query identifiers as on hosted Supabase, whose server preloads pg_stat_statements
        // (EXPLAIN VERBOSE shows them); set before the role, since only a superuser may. An
        // unknown `Prefer: timezone=` is the database's error, as in PostgREST.
        await tx
          .query(
            `select set_config('compute_query_id', 'on', true), set_config('search_path', $1, true), set_config('role', $2, true), set_config('request.jwt.claims', $3, true),
                    set_config('request.method', $4, true), set_config('request.path', $5, true), set_config('request.headers', $6, true),
                    set_config('request.cookies', $7, true), set_config('timezone', coalesce($8, current_setting('timezone')), true)`,
            [searchPath, claims.role, JSON.stringify(claims), method, path, JSON.stringify(headers), JSON.stringify(cookies), prefs.timezone ?? null],
          )
          .catch((error: PgError) => {
            throw fromPgError(error, claims.role)
          })
        const result = await execute(tx, built, action, media.type, prefs, settings, claims.role)
        if (rollback) {
          await tx.exec('set constraints all immediate')
          throw new Rollback(result)
        }
        return result
      })
    } catch (error) {
      if (!(error instanceof Rollback)) throw error
      outcome = error.outcome
    }
    return answer({ action, outcome, prefs, media, query, built, negotiated, schema, plannedCount: prefs.count === 'planned' })
  })

  return app
}

async function readPayload(c: Context, action: Action, query: ReturnType<typeof parseQuery>): Promise<Payload | null> {
  const parse = action.kind === 'mutate' ? action.mutation !== 'delete' : action.kind === 'call' && !action.read
  if (!parse) return null
  let text: string
  try {
    text = await readText(c)
  } catch (error) {
    if (error instanceof BodyError && error.kind === 'too_large') throw new RestError(413, 'PGRST413', 'Payload Too Large', error.message)
    throw error
  }
  return parsePayload(text, c.req.header('content-type'), action.kind === 'call', action.kind === 'mutate' && (action.mutation === 'create' || action.mutation === 'update') ? query.columns : action.kind === 'call' ? query.columns : undefined)
}

async function execute(tx: Transaction, built: Built, action: Action, media: MediaType, prefs: Preferences, settings: Settings, role: string): Promise<Outcome> {
  try {
    if (media.kind === 'plan') {
      const options = [`FORMAT ${media.format.toUpperCase()}`, ...media.options.map((o) => o.toUpperCase())].join(', ')
      const { rows } = await tx.query<Record<string, unknown>>(`EXPLAIN (${options}) ${built.sql}`, built.params)
      const plan = media.format === 'json' ? JSON.stringify(rows[0]?.['QUERY PLAN']) : rows.map((r) => String(r['QUERY PLAN'])).join('\n')
      return { kind: 'plan', body: plan }
    }
    const { rows } = await tx.query<Row>(built.sql, built.params)
    const row: Row = rows[0] ?? { total_result_set: null, page_total: 0, body: '', response_headers: null, response_status: null, response_inserted: null }
    const pageTotal = Number(row.page_total)
    if (media.kind === 'single' && pageTotal !== 1) {
      throw new RestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${pageTotal} rows`)
    }
    const affects = action.kind === 'call' || (action.kind === 'mutate' && (action.mutation === 'update' || action.mutation === 'delete'))
    if (affects && prefs.maxAffected !== undefined && prefs.handling === 'strict' && pageTotal > prefs.maxAffected) {
      throw new RestError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${pageTotal} rows`)
    }
    if (action.kind === 'mutate' && action.mutation === 'upsert' && pageTotal !== 1) {
      throw new RestError(400, 'PGRST115', 'Payload values do not match URL in primary key column(s)')
    }
    let tableTotal = row.total_result_set === null || row.total_result_set === '' ? null : Number(row.total_result_set)
    if (prefs.count === 'planned' || prefs.count === 'estimated') {
      const p = new Params()
      const { rows: plan } = await tx.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(`EXPLAIN (FORMAT JSON) ${countQuery(p, built.plan)}`, p.values)
      const estimate = plan[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? null
      if (prefs.count === 'planned') tableTotal = estimate
      else if (tableTotal !== null && settings.maxRows !== null && tableTotal > settings.maxRows && estimate !== null) tableTotal = Math.max(tableTotal, estimate)
    }
    return {
      kind: 'rows',
      tableTotal,
      pageTotal,
      body: row.body ?? '',
      location: row.header ?? [],
      gucHeaders: row.response_headers,
      gucStatus: row.response_status,
      inserted: row.response_inserted === null || row.response_inserted === '' ? null : Number(row.response_inserted),
    }
  } catch (error) {
    if (error instanceof RestError || error instanceof Rollback) throw error
    throw fromPgError(error as PgError, role)
  }
}
