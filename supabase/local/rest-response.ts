// PostgREST's answer (its Response module): content negotiation over the Accept header, the status
// and Content-Range of each action (206 for a partial read with a count, 201/200 for upserts, 204
// for writes without representation and void functions), Preference-Applied, and the status and
// headers a function may set through the `response.status` and `response.headers` settings.
import { RestError } from './rest-errors.ts'
import type { Built, Settings } from './rest-build.ts'
import { ALL, type Range } from './rest-plan.ts'
import type { Action, MediaType, Preferences, QueryParams } from './rest-request.ts'
import { returnsVoid, type Body, type Handler } from './rest-write.ts'

export type Outcome =
  | { kind: 'plan'; body: string }
  | {
      kind: 'rows'
      tableTotal: number | null
      pageTotal: number
      body: string
      location: string[]
      gucHeaders: string | null
      gucStatus: string | null
      inserted: number | null
    }

export type Negotiated = { type: MediaType; body: Body; mime: string }

/** The first acceptable media type and how the body is aggregated for it (negotiateContent). */
export function negotiate(action: Action, accepts: MediaType[], prefs: Preferences, settings: Settings): Negotiated {
  const handlerOf = (mt: MediaType): { handler: Handler; stripNulls: boolean; mime: string } | null => {
    switch (mt.kind) {
      case 'single':
        return { handler: 'single', stripNulls: mt.stripNulls, mime: mt.mime }
      case 'array-stripped':
        return { handler: 'array', stripNulls: true, mime: mt.mime }
      case 'json':
      case 'any':
        return { handler: 'array', stripNulls: false, mime: 'application/json' }
      case 'csv':
        return { handler: 'csv', stripNulls: false, mime: 'text/csv' }
      case 'geojson':
        return { handler: 'geojson', stripNulls: false, mime: 'application/geo+json' }
      case 'plan': {
        if (!settings.plan) return null
        const inner = handlerOf(mt.for)
        return inner ? { ...inner, mime: mt.mime } : null
      }
      default:
        return null
    }
  }
  for (const type of accepts) {
    const picked = handlerOf(type)
    if (!picked) continue
    const headersOnly = (action.kind === 'read' || action.kind === 'call') && action.headersOnly
    const minimal = action.kind === 'mutate' && prefs.representation !== 'full'
    const handler: Handler = headersOnly || minimal ? 'none' : picked.handler
    return { type, body: { handler, stripNulls: picked.stripNulls }, mime: picked.mime }
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${accepts.map((a) => a.mime).join(', ')}`)
}

function contentRange(lower: number, upper: number, total: number | null): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*'
  return `${range}/${total ?? '*'}`
}

function readStatus(range: Range, pageTotal: number, total: number | null): { status: number; contentRange: string } {
  const lower = range.offset
  const upper = lower + pageTotal - 1
  let status = 200
  if (total !== null && lower > total) status = 416
  else if (total !== null && 1 + upper - lower < total) status = 206
  return { status, contentRange: contentRange(lower, upper, total) }
}

function preferenceApplied(action: Action, prefs: Preferences, query: QueryParams, built: Built): string | null {
  const mutation = action.kind === 'mutate' ? action.mutation : null
  const values = [
    mutation === 'create' && (built.table!.pk.length > 0 || query.onConflict) && prefs.resolution ? `resolution=${prefs.resolution}` : null,
    (mutation === 'create' || mutation === 'update') && prefs.missing ? `missing=${prefs.missing}` : null,
    mutation && prefs.representation ? `return=${prefs.representation === 'full' ? 'representation' : prefs.representation}` : null,
    prefs.count ? `count=${prefs.count}` : null,
    prefs.tx ? `tx=${prefs.tx}` : null,
    prefs.handling ? `handling=${prefs.handling}` : null,
    prefs.timezone !== undefined ? `timezone=${prefs.timezone}` : null,
    (mutation === 'update' || mutation === 'delete' || action.kind === 'call') && prefs.handling === 'strict' && prefs.maxAffected !== undefined
      ? `max-affected=${prefs.maxAffected}`
      : null,
  ].filter((v): v is string => v !== null)
  return values.length ? values.join(', ') : null
}

export type Answer = {
  action: Action
  outcome: Outcome
  prefs: Preferences
  media: Negotiated
  query: QueryParams
  built: Built
  negotiated: boolean
  schema: string
  plannedCount: boolean
}

export function answer(a: Answer): Response {
  const { action, outcome, prefs, media, query, built } = a
  const headers = new Headers()
  const typed = () => {
    headers.set('Content-Type', `${media.mime}; charset=utf-8`)
    if (a.negotiated) headers.set('Content-Profile', a.schema)
  }
  if (outcome.kind === 'plan') {
    typed()
    return new Response(outcome.body, { status: 200, headers })
  }
  const applied = preferenceApplied(action, prefs, query, built)
  if (applied) headers.set('Preference-Applied', applied)
  const counted = prefs.count === 'exact' || prefs.count === 'estimated'
  const full = prefs.representation === 'full'
  let status: number
  let body: string | null = null
  const topRange = query.ranges.get('limit') ?? ALL
  if (action.kind === 'read' || action.kind === 'call') {
    const r = readStatus(topRange, outcome.pageTotal, outcome.tableTotal)
    status = r.status
    headers.set('Content-Range', r.contentRange)
    if (action.kind === 'read' && query.canonical) headers.set('Content-Location', `/${action.name}?${query.canonical}`)
    else if (action.kind === 'read') headers.set('Content-Location', `/${action.name}`)
    if (status === 416) {
      const error = new RestError(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${topRange.offset} was requested, but there are only ${outcome.tableTotal ?? 0} rows.`)
      return Response.json(error.body, { status, headers })
    }
    if (action.kind === 'call' && returnsVoid(built.routine!)) status = 204
    else if (!action.headersOnly) {
      typed()
      body = outcome.body
    } else typed()
  } else {
    const total = counted ? outcome.pageTotal : null
    switch (action.mutation) {
      case 'create':
        headers.set('Content-Range', contentRange(1, 0, total))
        status = outcome.inserted !== null && outcome.inserted <= 0 && prefs.resolution === 'merge-duplicates' ? 200 : 201
        if (outcome.location.length) {
          const search = outcome.location.map((kv) => kv.split('=')).map(([k, ...v]) => `${encodeURIComponent(k!)}=${encodeURIComponent(v.join('='))}`)
          headers.set('Location', `/${action.name}?${search.join('&')}`)
        }
        break
      case 'update':
        headers.set('Content-Range', contentRange(0, outcome.pageTotal - 1, total))
        status = full ? 200 : 204
        break
      case 'upsert':
        status = full ? ((outcome.inserted ?? 0) > 0 ? 201 : 200) : 204
        break
      case 'delete':
        headers.set('Content-Range', contentRange(1, 0, total))
        status = full ? 200 : 204
        break
    }
    if (full) {
      typed()
      body = outcome.body
    }
  }
  status = overrideStatus(outcome.gucStatus) ?? status
  overrideHeaders(headers, outcome.gucHeaders)
  return new Response(body, { status, headers })
}

function overrideStatus(value: string | null): number | undefined {
  if (value === null) return undefined
  if (!/^\d+$/.test(value.trim())) throw new RestError(500, 'PGRST112', 'response.status guc must be a valid status code')
  return Number(value)
}

function overrideHeaders(headers: Headers, value: string | null) {
  if (value === null) return
  let list: unknown
  try {
    list = JSON.parse(value)
  } catch {
    list = null
  }
  const valid = Array.isArray(list) && list.every((h) => typeof h === 'object' && h !== null && Object.keys(h).length === 1 && typeof Object.values(h)[0] === 'string')
  if (!valid) throw new RestError(500, 'PGRST111', 'response.headers guc must be a JSON array composed of objects with a single key and a string value')
  for (const h of list as Record<string, string>[]) {
    const [name, v] = Object.entries(h)[0]!
    headers.set(name, v)
  }
}
