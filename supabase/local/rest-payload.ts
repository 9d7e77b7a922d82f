// A write's or a function call's body as PostgREST takes it (ApiRequest/Payload): JSON (an object,
// or an array of objects with the same keys), CSV, a form, or for a function of one unnamed
// parameter the raw text. The keys become the columns (or arguments), unless `columns=` names them.
import { RestError } from './rest-errors.ts'
import type { Payload } from './rest-build.ts'

const invalid = (message: string) => new RestError(400, 'PGRST102', message)

/** Reads CSV with a header line; the value NULL is null, as PostgREST reads it. */
function csvToJson(text: string): Record<string, string | null>[] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') cell += text[++i]
      else if (ch === '"') quoted = false
      else cell += ch
    } else if (ch === '"') quoted = true
    else if (ch === ',') {
      row.push(cell)
      cell = ''
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
    } else cell += ch
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell])
  const [header = [], ...lines] = rows
  if (lines.some((l) => l.length !== header.length)) throw invalid('All lines must have same number of fields')
  return lines.map((l) => Object.fromEntries(header.map((h, i) => [h, l[i] === 'NULL' ? null : l[i]!])))
}

function keysOf(value: unknown): string[] | null {
  if (Array.isArray(value)) {
    const first = value[0]
    if (first === undefined) return []
    if (typeof first !== 'object' || first === null || Array.isArray(first)) return null
    const keys = Object.keys(first).sort()
    const same = value.every((v) => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).sort().join('\0') === keys.join('\0'))
    return same ? keys : null
  }
  if (typeof value === 'object' && value !== null) return Object.keys(value).sort()
  return []
}

export function parsePayload(text: string, contentType: string | undefined, call: boolean, columns: string[] | undefined): Payload {
  const mime = (contentType ?? 'application/json').split(';')[0]!.trim().toLowerCase()
  if (mime === 'application/json' || mime === '') {
    if (columns) return { raw: text, keys: columns, type: 'json' }
    let value: unknown
    if (text.trim() === '' && call) value = {}
    else {
      try {
        value = JSON.parse(text)
      } catch {
        throw invalid('Empty or invalid json')
      }
    }
    const keys = keysOf(value)
    if (keys === null) throw invalid('All object keys must match')
    const raw = Array.isArray(value) || (typeof value === 'object' && value !== null) ? JSON.stringify(value) : '[]'
    return { raw, keys, type: 'json' }
  }
  if (mime === 'text/csv') {
    const rows = csvToJson(text)
    return { raw: JSON.stringify(rows), keys: rows[0] ? Object.keys(rows[0]).sort() : [], type: 'csv' }
  }
  if (mime === 'application/x-www-form-urlencoded') {
    const params = [...new URLSearchParams(text)]
    const object = Object.fromEntries(params)
    return { raw: JSON.stringify(call ? params : object), keys: [...new Set(params.map(([k]) => k))].sort(), type: 'urlencoded' }
  }
  const raw: Record<string, Payload['type']> = { 'text/plain': 'text', 'text/xml': 'xml', 'application/octet-stream': 'octet' }
  if (call && raw[mime]) return { raw: text, keys: [], type: raw[mime]! }
  throw invalid(`Content-Type not acceptable: ${mime}`)
}
