// Functions under /rpc as PostgREST finds them (Plan's findProc): an overload matches when the
// argument names cover its required parameters and stay within its parameters; with none, a
// function of one unnamed json/jsonb (or text, xml, bytea for those bodies) parameter takes the
// whole body. Several matches are ambiguous (300 PGRST203), none is 404 PGRST202.
import { closest, RestError } from './rest-errors.ts'
import type { Param, Routine, SchemaCache } from './rest-schema.ts'
import type { Call } from './rest-write.ts'

export type BodyType = 'json' | 'text' | 'xml' | 'octet' | 'urlencoded' | 'csv'

const SINGLE_UNNAMED: Record<string, string[]> = { json: ['json', 'jsonb'], text: ['text'], xml: ['xml'], octet: ['bytea'] }

export function findRoutine(cache: SchemaCache, schema: string, name: string, keys: string[], body: BodyType, post: boolean): Routine {
  const overloads = cache.routines?.get(`${schema}.${name}`) ?? []
  const argKeys = new Set(keys)
  const rawBody = post && (body === 'octet' || body === 'text' || body === 'xml')
  const matches = (r: Routine) => {
    if (r.params.length === 0) return argKeys.size === 0 && !rawBody
    const required = r.params.filter((p) => p.required).map((p) => p.name)
    const optional = new Set(r.params.filter((p) => !p.required).map((p) => p.name))
    const rest = [...argKeys].filter((k) => !optional.has(k))
    return rest.length === required.length && required.every((k) => argKeys.has(k))
  }
  const singleUnnamed = (r: Routine) =>
    post && r.params.length === 1 && r.params[0]!.name === '' && (SINGLE_UNNAMED[body] ?? []).includes(r.params[0]!.type)
  const named = overloads.filter(matches)
  const fallback = overloads.filter((r) => !matches(r) && singleUnnamed(r))
  if (named.length === 1) return named[0]!
  if (named.length === 0 && fallback.length === 1) return fallback[0]!
  if (named.length > 1 || fallback.length > 1) {
    const list = named.length > 1 ? named : fallback
    const describe = (r: Routine) => `${r.schema}.${r.name}(${r.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`
    throw new RestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${list.map(describe).join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    )
  }
  throw noRoutine(cache, schema, name, [...argKeys].sort(), body, post, overloads)
}

function noRoutine(cache: SchemaCache, schema: string, name: string, keys: string[], body: BodyType, post: boolean, overloads: Routine[]) {
  const onlySingle = post && (body === 'text' || body === 'xml' || body === 'octet')
  const fn = `${schema}.${name}`
  const listed = keys.length === 0 ? ' without parameters' : `(${keys.join(', ')})`
  const withParams = keys.length === 0 ? ' without parameters' : ` with parameter${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`
  const single: Record<string, string> = { text: ' with a single unnamed text parameter', xml: ' with a single unnamed xml parameter', octet: ' with a single unnamed bytea parameter' }
  const searched = post && single[body] ? single[body] : post && body === 'json' ? `${withParams} or with a single unnamed json/jsonb parameter` : withParams
  let hint: string | null = null
  if (!onlySingle) {
    const names = [...(cache.routines?.values() ?? [])].flat().filter((r) => r.schema === schema).map((r) => r.name)
    const asText = (params: string[]) => `(${[...params].sort().join(', ')})`
    const suggestion =
      overloads.length === 0
        ? closest([...new Set(names)], name, 0.75)
        : ((p) => (p === undefined ? undefined : `${name}${p}`))(closest(overloads.map((r) => asText(r.params.map((x) => x.name))), asText(keys)))
    if (suggestion !== undefined) hint = `Perhaps you meant to call the function ${schema}.${suggestion}`
  }
  return new RestError(404, 'PGRST202', `Could not find the function ${fn}${onlySingle ? '' : listed} in the schema cache`, `Searched for the function ${fn}${searched}, but no matches were found in the schema cache.`, hint)
}

/** How the chosen function is called: its one unnamed parameter, or the named ones given. */
export function callParams(routine: Routine, keys: Set<string>): Call['params'] {
  const [first] = routine.params
  if (routine.params.length === 1 && first!.name === '') return { kind: 'one', param: first! }
  return { kind: 'named', params: routine.params.filter((p: Param) => keys.has(p.name)) }
}
